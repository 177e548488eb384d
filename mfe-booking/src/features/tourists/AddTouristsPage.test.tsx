import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@tours/shared/core';
import { BASE_CONFIG } from '@tours/shared/src/config/app-config';
import { renderScreen, type FakeRoutes, type TestHostOptions } from '@tours/shared/src/testing';
import { expectRetryInPlace } from '../common/test-setup';
import AddTouristsPage from './AddTouristsPage';
import { UUID, savedAnswer, tourist, touristsInfo } from './test-fixture';

const SAVE = 'POST /crm/api/request/update-tourists';
const saveOk = ({ body }: { body?: unknown }) => savedAnswer(body);

function show(routes: FakeRoutes = {}, options: Omit<TestHostOptions, 'api' | 'routes'> & { url?: string } = {}) {
  const t = renderScreen(<AddTouristsPage />, { url: `/en/order/${UUID}/add-tourists?request_id=701`, ...options, routes: { '/spa/tourists-info': touristsInfo(), ...routes } });
  return { ...t, sent: t.calls, saves: () => t.calls.filter((c) => c.path === '/crm/api/request/update-tourists') };
}

const form = () => screen.findByRole('form', { name: 'Tourists of request #701' });
const card = (n: number) => screen.getByRole('group', { name: `Tourist ${n}` });
const cards = () => screen.queryAllByRole('group', { name: /^Tourist \d+$/ });
const text = (n: number, label: RegExp) => within(card(n)).getByRole('textbox', { name: label });
const type = (n: number, label: RegExp, value: string) => fireEvent.change(within(card(n)).getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save tourists' }));
const collect = (o: { collectPassport: boolean; collectWeight: boolean }) => ({ config: { touristsForm: { ...BASE_CONFIG.touristsForm, ...o } } });

beforeEach(() => localStorage.clear());

describe('add-tourists: loading', () => {
  test('skeleton, then one card per member of the party with the template\'s fields; asks by the uuid of the route', async () => {
    const t = show();
    expect(screen.getByTestId('tourists-skeleton')).toBeInTheDocument();
    await form();
    expect(cards()).toHaveLength(3);
    for (const label of [/^Last name/, /^First name/, /^Middle name/, /^Phone/, /^E-mail/, /^Food restrictions/]) expect(text(2, label)).toHaveValue('');
    expect(within(card(2)).getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(within(card(1)).queryByLabelText(/Passport/)).not.toBeInTheDocument();
    expect(within(card(1)).queryByLabelText(/Weight/)).not.toBeInTheDocument();
    expect(t.sent[0]).toMatchObject({ method: 'GET', path: '/spa/tourists-info', query: { uuid: UUID } });
    // The party is listed: no more can be added.
    expect(screen.queryByRole('button', { name: 'Add a tourist' })).not.toBeInTheDocument();
    expect(screen.getByText('All 3 travellers of your request are listed.')).toBeInTheDocument();
  });

  test('stored tourists come as stored; a full name only keeps its field', async () => {
    show({ '/spa/tourists-info': touristsInfo({ tourists: [tourist(5, { first_name: 'Ivan', last_name: 'Petrov', birthday: '1980-04-02' }), tourist(6, { full_name: 'Maria Petrova' })] }) });
    await form();
    expect(text(1, /^First name/)).toHaveValue('Ivan');
    expect(within(card(1)).getByLabelText('Date of birth')).toHaveValue('1980-04-02');
    expect(text(2, /^Full name/)).toHaveValue('Maria Petrova');
    expect(within(card(2)).queryByLabelText(/^First name/)).not.toBeInTheDocument();
  });

  test.each([
    ['passport only', { collectPassport: true, collectWeight: false }, true, false],
    ['weight only', { collectPassport: false, collectWeight: true }, false, true],
    ['both', { collectPassport: true, collectWeight: true }, true, true],
  ])('touristsForm: %s', async (_name, config, passport, weight) => {
    show({}, collect(config));
    await form();
    expect(within(card(1)).queryAllByLabelText('Passport number')).toHaveLength(passport ? 1 : 0);
    expect(within(card(1)).queryAllByLabelText('Weight, kg')).toHaveLength(weight ? 1 : 0);
  });

  test('404 goes to the host error page, as does a route id that is no uuid; no answer shows Retry', async () => {
    const gone = show({ '/spa/tourists-info': new ApiError(404, '/spa/tourists-info', 'Not found') });
    await waitFor(() => expect(gone.events).toContainEqual({ event: 'page:error', payload: { status: 404 } }));
    gone.unmount();
    const bad = show({}, { url: '/en/order/77/add-tourists?request_id=77' });
    await waitFor(() => expect(bad.events).toContainEqual({ event: 'page:error', payload: { status: 404 } }));
    expect(bad.sent).toEqual([]);
    bad.unmount();
    const down = show({ '/spa/tourists-info': new ApiError(0, '/spa/tourists-info', 'Network error') });
    await expectRetryInPlace(down);
  });

  test('a closed request: read only, no add, remove or save', async () => {
    show({ '/spa/tourists-info': touristsInfo({ status: 4, can_edit: false, tourists: [tourist(5, { first_name: 'Ivan', last_name: 'P', can_edit: false, can_delete: false })] }) });
    await form();
    expect(screen.getByText('This request is closed: its tourists can no longer be changed.')).toBeInTheDocument();
    expect(text(1, /^First name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save|Add|Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your arrival details' })).toHaveAttribute('href', `/en/arrival/${UUID}`);
  });
});

describe('add-tourists: adding and removing', () => {
  test('add up to the party, focus on the new card; remove named per tourist, focus to the card taking its place', async () => {
    show({ '/spa/tourists-info': touristsInfo({ adults: 3, children: 0, tourists: [tourist(5, { first_name: 'Ivan', last_name: 'A' })] }) });
    await form();
    expect(cards()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add a tourist' }));
    expect(cards()).toHaveLength(2);
    expect(text(2, /^Last name/)).toHaveFocus();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Tourist 2 added');
    type(2, /^First name/, 'Maria');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tourist' }));
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add a tourist' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove tourist 1' }));
    expect(cards()).toHaveLength(2);
    // Maria's card is Tourist 1 now, and has the focus.
    expect(text(1, /^First name/)).toHaveValue('Maria');
    expect(text(1, /^Last name/)).toHaveFocus();
    expect(screen.getByText('Tourist 1 removed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove tourist 2' }));
    expect(text(1, /^Last name/)).toHaveFocus(); // the last card removed: the one before
    fireEvent.click(screen.getByRole('button', { name: 'Remove tourist 1' }));
    expect(cards()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add a tourist' })).toHaveFocus();
  });

  test('a tourist that may not be removed or edited', async () => {
    show({ '/spa/tourists-info': touristsInfo({ tourists: [tourist(5, { first_name: 'Ivan', last_name: 'A', can_edit: false, can_delete: false }), tourist(6, { first_name: 'Olga', last_name: 'B' })] }) });
    await form();
    expect(text(1, /^First name/)).toBeDisabled();
    expect(card(1)).toHaveAccessibleDescription("This tourist's details can no longer be changed.");
    expect(screen.queryByRole('button', { name: 'Remove tourist 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove tourist 2' })).toBeInTheDocument();
  });
});

describe('add-tourists: saving', () => {
  test('the whole list through update-tourists by request id and uuid; the saved notice links to the arrival page; the draft is gone', async () => {
    const t = show({ '/spa/tourists-info': touristsInfo({ adults: 2, children: 0, tourists: [tourist(5, { first_name: 'Ivan', last_name: 'Petrov', passport: '4510 123456' })] }), [SAVE]: saveOk });
    await form();
    type(1, /^First name/, 'Ivan ');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tourist' }));
    type(2, /^Last name/, 'Petrova');
    type(2, /^First name/, 'Maria');
    type(2, /^Phone/, '+7 912 345 67 89');
    type(2, /^Date of birth/, '2015-05-01');
    expect(localStorage.getItem(`booking-draft:tourists:${UUID}`)).not.toBeNull();
    save();
    const notice = await screen.findByText('The tourists are saved.');
    expect(notice.closest('[role="status"]')).toHaveFocus();
    const [call] = t.saves();
    expect(call).toMatchObject({ query: { request_id: 701, uuid: UUID } });
    // The passport not shown is sent as stored (a field left out would be stored empty).
    expect(call!.body).toEqual({ tourists: [
      { id: 5, first_name: 'Ivan', last_name: 'Petrov', passport: '4510 123456' },
      { first_name: 'Maria', last_name: 'Petrova', phone: '+79123456789', birthday: '2015-05-01' },
    ] });
    expect(screen.getByRole('link', { name: 'Go to your arrival details' })).toHaveAttribute('href', `/en/arrival/${UUID}`);
    fireEvent.click(screen.getByRole('link', { name: 'Go to your arrival details' }));
    expect(t.navigations).toEqual([`/en/arrival/${UUID}`]);
    expect(localStorage.getItem(`booking-draft:tourists:${UUID}`)).toBeNull();
    // Saved again: the new tourist now goes with its id.
    save();
    await waitFor(() => expect(t.saves()).toHaveLength(2));
    expect((t.saves()[1]!.body as { tourists: Array<{ id?: number }> }).tourists.map((x) => x.id)).toEqual([5, 901]);
  });

  test('a failed check sends nothing and focuses the first wrong field', async () => {
    const t = show({ [SAVE]: saveOk });
    await form();
    type(1, /^Last name/, 'A');
    type(1, /^First name/, 'B');
    type(2, /^Last name/, 'C');
    save();
    expect(text(2, /^First name/)).toHaveFocus();
    expect(text(2, /^First name/)).toHaveAccessibleDescription('Required field');
    expect(text(3, /^Last name/)).toHaveAccessibleDescription('Required field');
    expect(screen.getByText('Please check the fields marked in red. Tourists: 2, 3')).toBeInTheDocument();
    expect(t.saves()).toEqual([]);
    // Corrected as typed (eager).
    type(2, /^First name/, 'D');
    expect(text(2, /^First name/)).not.toHaveAccessibleDescription('Required field');
  });

  test('server field errors land on the right tourist, focus the first, everything typed stays; the message is a toast', async () => {
    const t = show({
      '/spa/tourists-info': touristsInfo({ adults: 2, children: 0 }),
      [SAVE]: new ApiError(422, '/crm/api/request/update-tourists', 'Check the fields', { 'tourists.1.birthday': 'Incorrect value', 'tourists.1.email': 'Please enter a valid e-mail', 'tourists.0.id': 'Incorrect value' }),
    }, collect({ collectPassport: true, collectWeight: false }));
    await form();
    for (const n of [1, 2]) {
      type(n, /^Last name/, `Last${n}`);
      type(n, /^First name/, `First${n}`);
    }
    type(2, /^Date of birth/, '2001-01-01');
    type(2, /^E-mail/, 'maria@example.com');
    type(1, /^Passport/, 'AB 123');
    save();
    const birthday = within(card(2)).getByLabelText(/^Date of birth/);
    await waitFor(() => expect(birthday).toHaveAccessibleDescription('Incorrect value'));
    expect(text(2, /^E-mail/)).toHaveAccessibleDescription('Please enter a valid e-mail');
    expect(card(1)).toHaveAccessibleDescription('Incorrect value');
    expect(within(card(1)).getByLabelText(/^Date of birth/)).not.toHaveAccessibleDescription();
    expect(text(1, /^Last name/)).toHaveFocus(); // the first card with an error: its first control
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Check the fields' });
    expect(text(2, /^E-mail/)).toHaveValue('maria@example.com');
    expect(birthday).toHaveValue('2001-01-01');
    expect(text(1, /^Passport/)).toHaveValue('AB 123');
  });

  test('an error of the list itself (no field to show it) is a toast', async () => {
    const t = show({ '/spa/tourists-info': touristsInfo({ adults: 1, children: 0 }), [SAVE]: new ApiError(422, '/crm/api/request/update-tourists', '', { tourists: 'Maximum 47' }) });
    await form();
    type(1, /^Last name/, 'P');
    type(1, /^First name/, 'I');
    save();
    await waitFor(() => expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Maximum 47' }));
    expect(text(1, /^First name/)).toHaveValue('I');
  });

  test('no answer keeps the draft; a reload brings it back; Retry saves it', async () => {
    let answer: unknown = new ApiError(0, '/crm/api/request/update-tourists', 'Network error');
    const t = show({ '/spa/tourists-info': touristsInfo({ adults: 1, children: 0 }), [SAVE]: (req: { body?: unknown }) => (answer instanceof Error ? answer : saveOk(req)) });
    await form();
    type(1, /^Last name/, 'Petrov');
    type(1, /^First name/, 'Ivan');
    type(1, /^Food restrictions/, 'Vegetarian');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('there is no connection to our server');
    expect(text(1, /^Food restrictions/)).toHaveValue('Vegetarian');

    // A reload: what was typed comes back, said to be unsaved.
    t.unmount();
    const again = show({ '/spa/tourists-info': touristsInfo({ adults: 1, children: 0 }), [SAVE]: (req: { body?: unknown }) => (answer instanceof Error ? answer : saveOk(req)) });
    await form();
    expect(text(1, /^Last name/)).toHaveValue('Petrov');
    expect(text(1, /^Food restrictions/)).toHaveValue('Vegetarian');
    expect(screen.getByText('What you typed before is back. It is not saved yet.')).toBeInTheDocument();
    save();
    await screen.findByRole('alert');
    answer = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('The tourists are saved.');
    expect(again.saves().at(-1)!.body).toEqual({ tourists: [{ last_name: 'Petrov', first_name: 'Ivan', food_restriction: 'Vegetarian' }] });
    expect(localStorage.getItem(`booking-draft:tourists:${UUID}`)).toBeNull();
  });

  test('nothing changed: no draft is written, the stored list shows on a reload', async () => {
    const stored = { '/spa/tourists-info': touristsInfo({ tourists: [tourist(5, { first_name: 'Ivan', last_name: 'P' })] }) };
    const t = show(stored);
    await form();
    expect(localStorage.getItem(`booking-draft:tourists:${UUID}`)).toBeNull();
    t.unmount();
    // A draft of another request is not this one's.
    localStorage.setItem('booking-draft:tourists:11111111-2222-4333-8444-555555555555', JSON.stringify({ values: { tourists: [{ first_name: 'Other' }] } }));
    show(stored);
    await form();
    expect(text(1, /^First name/)).toHaveValue('Ivan');
    expect(screen.queryByText(/What you typed before/)).not.toBeInTheDocument();
  });

  test('the request closed meanwhile (409): the message, then read only', async () => {
    show({ '/spa/tourists-info': touristsInfo({ adults: 1, children: 0 }), [SAVE]: new ApiError(409, '/crm/api/request/update-tourists', 'The request is closed: its tourists can no longer be changed') });
    await form();
    type(1, /^Last name/, 'P');
    type(1, /^First name/, 'I');
    save();
    expect(await screen.findByText('This request is closed: its tourists can no longer be changed.')).toBeInTheDocument();
    expect(text(1, /^First name/)).toHaveValue('I');
    expect(screen.queryByRole('button', { name: 'Save tourists' })).not.toBeInTheDocument();
  });
});
