import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { normaliseFilter } from '@tours/shared/domain';
import { renderWithHost } from '../../../test-utils';
import FiltersDropdown from './FiltersDropdown';

// Issue 30: the direction panels (one PlacesPanel since the dropdown was split) — a place found by search joins its
// list under its own name before the options know it, and the filter applied carries it.
const OPTIONS = [
  { section: 'tours_direction', items: [{ kind: 'regions', id: 5, value: 5, name: 'Altai Republic', slug: 'altai-republic', count: 12 }] },
  { section: 'cruises_direction', items: [{ kind: 'waterObject', id: 7, value: 7, name: 'Volga', slug: 'volga', count: 5 }] },
];

function open(screenName: 'direction' | 'cruises_direction', filter: Record<string, string>, autocomplete: unknown) {
  const onApply = jest.fn();
  const h = renderWithHost(
    <FiltersDropdown open screen={screenName} onScreenChange={() => undefined} onClose={() => undefined} filter={normaliseFilter(filter)} options={OPTIONS as never} onApply={onApply} />,
    { routes: { '/spa/autocomplete': autocomplete } },
  );
  return { h, onApply, dialog: screen.getByRole('dialog') };
}

describe('the filters dropdown: direction panels (§2.5)', () => {
  it('Tours: a town found by search is ticked under Cities with its name and applied with the region ticked', async () => {
    const { h, onApply, dialog } = open('direction', {}, { result: [{ kind: 'cities', items: [{ id: 44, name: 'Samara', slug: 'samara', path: '/en/samara' }] }] });
    expect(within(dialog).getByRole('heading', { name: 'Where to go?' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Altai Republic/ }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Find a region or a town' }), 'sam');
    await userEvent.click(await screen.findByRole('option', { name: 'Samara' }));
    expect(h.calls.at(-1)).toMatchObject({ path: '/spa/autocomplete', query: { query: 'sam', only: 'regions,cities' } });
    const cities = within(dialog).getByRole('group', { name: 'Cities' });
    expect(within(cities).getByRole('checkbox', { name: /Samara/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ regions: [5], cities: [44], page: 1 }));
  });

  it('Cruises: each kind found goes to its own list (a sight to Sights); unticking one takes it out', async () => {
    const { h, onApply, dialog } = open('cruises_direction', { isCruisesSearch: '1', waterObject: '7' }, {
      result: [{ kind: 'showplaces', items: [{ id: 3, name: 'Kizhi', slug: 'kizhi', path: '/x' }] }],
    });
    expect(within(dialog).getByRole('checkbox', { name: /Volga/ })).toBeChecked();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Find a river, sea, city or sight' }), 'kiz');
    await userEvent.click(await screen.findByRole('option', { name: 'Kizhi' }));
    expect(h.calls.at(-1)).toMatchObject({ path: '/spa/autocomplete', query: { only: 'water_objects,cities,regions,showplaces' } });
    expect(within(within(dialog).getByRole('group', { name: 'Sights' })).getByRole('checkbox', { name: /Kizhi/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Volga/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ waterObject: [], showplace: [3], isCruisesSearch: true }));
  });
});
