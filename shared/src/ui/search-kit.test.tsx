import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState, type ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Autocomplete, type AutocompleteGroup } from './Autocomplete';
import { DatePicker, monthWeeks, pickInRange, resolveBound, type DateRange } from './DatePicker';
import { DatePickerDropdown } from './DatePickerDropdown';
import { PaginationBar } from './Pagination';
import { RangeInput, clampNumber, orderRange } from './RangeInput';

const dir = join(__dirname, '../i18n/messages/en');
const messages = Object.assign({}, ...readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))) as Record<string, string>;
const renderIntl = (ui: ReactElement) => render(<IntlProvider locale="en-GB" messages={messages}>{ui}</IntlProvider>);

describe('RangeInput rules (§5.3)', () => {
  test.each([
    [5, 0, 10, 5], [-3, 0, 10, 0], [25, 0, 20, 20], [Number.NaN, 0, 20, 0],
  ])('clampNumber(%p, %p, %p) = %p', (value, min, max, expected) => {
    expect(clampNumber(value, min, max)).toBe(expected);
  });
  test.each([
    [3, 7, 20, 'min', [3, 7]],
    [9, 7, 20, 'min', [9, 9]], // min moved above max: max follows
    [9, 7, 20, 'max', [7, 7]], // max moved below min: min follows
    [9, 0, 20, 'min', [9, 0]], // 0 is unlimited
    [9, 25, 20, 'max', [9, 20]], // clamped to the limit (unlimited)
    [-4, 5, 20, 'min', [0, 5]],
  ] as const)('orderRange(%p, %p, limit %p, %s) = %p', (lo, hi, limit, changed, expected) => {
    expect(orderRange(lo, hi, limit, changed)).toEqual(expected);
  });

  it("labels the upper field 'over' when unlimited and 'to' otherwise; commits clamped, ordered values", async () => {
    function Harness() {
      const [value, setValue] = useState<[number, number]>([0, 0]);
      return <RangeInput label="Duration" value={value} onChange={setValue} max={20} minLabel="Min days" maxLabel="Max days" />;
    }
    renderIntl(<Harness />);
    expect(screen.getByText('over')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Max days' }), '7');
    await userEvent.tab();
    expect(screen.getByText('to')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Min days' }), '12');
    await userEvent.tab();
    expect(screen.getByRole('spinbutton', { name: 'Min days' })).toHaveValue(12);
    expect(screen.getByRole('spinbutton', { name: 'Max days' })).toHaveValue(12);
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Max days' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Max days' }), '99');
    expect(screen.getByRole('spinbutton', { name: 'Max days' })).toHaveValue(20);
  });
});

describe('DatePicker (§2.10, §4.13)', () => {
  test.each([
    [{ start: null, end: null }, '2030-05-10', { start: '2030-05-10', end: null }],
    [{ start: '2030-05-10', end: null }, '2030-05-14', { start: '2030-05-10', end: '2030-05-14' }],
    [{ start: '2030-05-10', end: null }, '2030-05-02', { start: '2030-05-02', end: '2030-05-10' }],
    [{ start: '2030-05-10', end: '2030-05-14' }, '2030-06-01', { start: '2030-06-01', end: null }],
  ])('range mode: %p + click %s', (range, day, expected) => {
    expect(pickInRange(range, day)).toEqual(expected);
  });
  test.each([
    ['today', new Date(2030, 4, 9, 12), '2030-05-09'],
    ['2031-01-02', new Date(), '2031-01-02'],
    ['02.01.2031', new Date(), null],
    [null, new Date(), null],
  ] as const)('bound %p', (bound, now, expected) => {
    expect(resolveBound(bound, now)).toBe(expected);
  });
  test('months start on Monday', () => {
    const weeks = monthWeeks('2030-05-01'); // 1 May 2030 is a Wednesday
    expect(weeks[0]).toEqual([null, null, '2030-05-01', '2030-05-02', '2030-05-03', '2030-05-04', '2030-05-05']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('shows several months, disables days before min, picks a sorted range', async () => {
    function Harness() {
      const [value, setValue] = useState<DateRange>({ start: null, end: null });
      return <><DatePicker mode="range" months={2} value={value} onChange={setValue} min="2030-05-05" label="Dates" /><output>{`${value.start}/${value.end}`}</output></>;
    }
    renderIntl(<Harness />);
    // starts at the month of min
    expect(screen.getAllByRole('grid').map((g) => g.getAttribute('aria-label'))).toEqual(['May 2030', 'June 2030']);
    expect(screen.getByRole('button', { name: 'Saturday, 4 May 2030' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Friday, 14 June 2030' }));
    await userEvent.click(screen.getByRole('button', { name: 'Friday, 10 May 2030' }));
    expect(document.querySelector('output')).toHaveTextContent('2030-05-10/2030-06-14');
    expect(screen.getByRole('button', { name: 'Monday, 20 May 2030' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the dropdown is a dialog titled "select dates" (fullscreen below md by CSS) and applies on Apply', async () => {
    const onApply = jest.fn();
    renderIntl(<DatePickerDropdown label="Dates" mode="single" value={{ start: null, end: null }} onApply={onApply} min="2030-05-01" placeholder="Any dates" />);
    await userEvent.click(screen.getByRole('button', { name: 'Dates Any dates' }));
    const dialog = screen.getByRole('dialog', { name: 'select dates' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thursday, 2 May 2030' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ start: '2030-05-02', end: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('PaginationBar (§2.10, §9)', () => {
  const setup = (page: number, pages: number, extra: Partial<Parameters<typeof PaginationBar>[0]> = {}) => {
    const onPage = jest.fn();
    const onLoadMore = jest.fn();
    renderIntl(<PaginationBar page={page} pages={pages} total={pages * 18 - 5} pageSize={18} hrefFor={(p) => `/en/tours?page=${p}`} onPage={onPage} onLoadMore={onLoadMore} {...extra} />);
    return { onPage, onLoadMore };
  };
  it('numbered pages with gaps, the current page marked, arrows, caption and Show more', async () => {
    const { onPage, onLoadMore } = setup(10, 20);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const numbers = within(nav).getAllByRole('link', { name: /^Page / }).map((a) => a.textContent);
    expect(numbers).toEqual(['1', '8', '9', '10', '11', '12']);
    expect(within(nav).getByRole('link', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 12' })).toHaveAttribute('href', '/en/tours?page=12');
    expect(screen.getByText('163–180 of 355')).toBeInTheDocument();
    await userEvent.click(within(nav).getAllByRole('link', { name: 'Next' })[0]!);
    expect(onPage).toHaveBeenCalledWith(11);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onLoadMore).toHaveBeenCalled();
  });
  it('no Show more on the last page; the simple form has only previous and next', () => {
    setup(3, 3, { simple: true });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Previous']);
  });
});

describe('Autocomplete', () => {
  const groups: AutocompleteGroup<{ id: number; name: string }>[] = [
    { key: 'regions', label: 'Regions', items: [{ id: 1, name: 'Altai Republic' }, { id: 2, name: 'Altai Krai' }] },
    { key: 'cities', label: 'Cities', items: [{ id: 3, name: 'Gorno-Altaysk' }] },
  ];
  it('debounces, groups the suggestions, moves with arrows and chooses with Enter', async () => {
    const load = jest.fn(async (_text: string, _signal: AbortSignal) => groups);
    const onSelect = jest.fn();
    function Harness() {
      const [text, setText] = useState('');
      return <Autocomplete label="Search" value={text} onValueChange={setText} load={load} onSelect={onSelect} debounceMs={10} emptyText="Nothing found" />;
    }
    renderIntl(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.type(input, 'alt');
    await screen.findByRole('option', { name: 'Altai Republic' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]![0]).toBe('alt');
    expect(within(screen.getByRole('group', { name: 'Cities' })).getByRole('option')).toHaveTextContent('Gorno-Altaysk');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Gorno-Altaysk' }).id);
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ id: 3, name: 'Gorno-Altaysk' }, 'cities');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
  it("shows the empty text, and a failed lookup only logs and shows an empty list (§8)", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Harness({ load }: { load: () => Promise<AutocompleteGroup<{ id: number; name: string }>[]> }) {
      const [text, setText] = useState('');
      return <Autocomplete label="Search" value={text} onValueChange={setText} load={load} onSelect={() => undefined} debounceMs={0} emptyText="Nothing found" />;
    }
    renderIntl(<Harness load={async () => { throw new Error('down'); }} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'x');
    await waitFor(() => expect(screen.getByText('Nothing found')).toBeInTheDocument());
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
