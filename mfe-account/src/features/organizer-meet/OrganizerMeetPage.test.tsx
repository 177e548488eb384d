import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError, routeAtom } from '@tours/shared/core';
import { OrganizerMeetSaveBody } from '@tours/shared/api';
import { matchRoute, routeTable, type RouteDef } from '@tours/shared/src/routing';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import OrganizerMeetPage from './OrganizerMeetPage';
import { draftKey } from './form';
import { KEY, meetAnswer, meetFile } from './test-fixtures';

const flush = () => act(async () => undefined);
// The route as the host matches it: mfe-account's own declaration (src/routes.json).
const declared = JSON.parse(readFileSync(join(__dirname, '../../routes.json'), 'utf8')) as RouteDef[];

function open(routes: FakeRoutes, key = KEY) {
  return renderScreen(<OrganizerMeetPage />, {
    url: '/en',
    routes,
    prepare: (store) => store.set(routeAtom, matchRoute(`/en/organizer-meet/${key}`, { russianIsAvailable: true, routes: routeTable(declared) })),
  });
}

const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => {
  fireEvent.change(box(name), { target: { value } });
  fireEvent.blur(box(name));
};
const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await flush();
};

beforeEach(() => window.sessionStorage.clear());

describe('the organizer-meet contract page (/organizer-meet/{key})', () => {
  test('loads by the key and shows the form in fieldsets', async () => {
    const t = open({ 'GET /spa/contract-organizer-meet-data': meetAnswer() });
    await flush();
    expect(t.calls[0]).toMatchObject({ method: 'GET', path: '/spa/contract-organizer-meet-data', query: { key: KEY } });
    expect(screen.getByRole('heading', { level: 1, name: 'Contract details' })).toBeInTheDocument();
    expect(screen.getByText('Contract OM-12 · Baikal Trails')).toBeInTheDocument();
    for (const legend of ['Legal form', 'Company or person', 'Registration numbers', 'Bank details', 'Contact person', 'Signatory', 'Documents']) {
      expect(screen.getByRole('group', { name: new RegExp(`^${legend}`) })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('group', { name: /^Legal form/ })).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['Legal entity', 'Individual entrepreneur', 'Self-employed']);
    expect(screen.getByText(/^Still to fill in for the contract: Legal form/)).toBeInTheDocument();
  });

  test('the legal form decides the fields: an entrepreneur has OGRNIP, no KPP, and signs in their own name', async () => {
    open({ 'GET /spa/contract-organizer-meet-data': meetAnswer() });
    await flush();
    fireEvent.click(screen.getByRole('radio', { name: 'Individual entrepreneur' }));
    expect(box('OGRNIP')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^KPP/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: /^Signs on the basis of/ })).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['In their own name', 'A power of attorney']);
    fireEvent.click(screen.getByRole('radio', { name: 'Self-employed' }));
    expect(screen.queryByRole('textbox', { name: /^OGRN/ })).not.toBeInTheDocument();
  });

  test('inline errors from the rules; a save sends contract_id, the data and the file ids, and forgets the draft', async () => {
    const t = open({
      'GET /spa/contract-organizer-meet-data': meetAnswer({}, { files: [meetFile()] }),
      'POST /spa/contract-organizer-meet-save': ({ body }: { body?: unknown }) => meetAnswer((body as { organizer_meet_data: object }).organizer_meet_data, { files: [meetFile()], saved_file_ids: [7], updated_at: '2025-03-01T10:00:00.000Z' }),
    });
    await flush();
    fireEvent.click(screen.getByRole('radio', { name: 'Legal entity' }));
    type('INN', '7707083894');
    expect(box('INN')).toHaveAccessibleDescription(/The check digit does not match: check the number/);
    type('INN', '7707083893');
    expect(box('INN')).not.toHaveAccessibleDescription(/check digit/);
    type('BIK', '044525225');
    type('Settlement account', '40817810600000054321');
    expect(box('Settlement account')).toHaveAccessibleDescription('The account does not match the BIK: check both');
    // A save with an error shown sends nothing.
    await save();
    expect(t.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need correcting');
    type('Settlement account', '40702810938000000001');
    expect(window.sessionStorage.getItem(draftKey(12))).toContain('40702810938000000001');
    await save();
    const call = t.calls.find((c) => c.path === '/spa/contract-organizer-meet-save')!;
    expect(call.query).toEqual({ key: KEY });
    expect(create(call.body, OrganizerMeetSaveBody)).toMatchObject({
      contract_id: 12, files: [7], organizer_meet_data: { legal_form: 1, inn: '7707083893', bik: '044525225', settlement_account: '40702810938000000001' },
    });
    expect(t.toast).toHaveBeenCalledWith({ kind: 'success', messageId: 'account.meet.saved' });
    expect(window.sessionStorage.getItem(draftKey(12))).toBeNull();
  });

  test('a failed save loses nothing: the values stay, and a reload brings them back from the draft', async () => {
    const routes = {
      'GET /spa/contract-organizer-meet-data': meetAnswer(),
      'POST /spa/contract-organizer-meet-save': () => new ApiError(503, '/spa/contract-organizer-meet-save', 'Service unavailable'),
    };
    const first = open(routes);
    await flush();
    type('Bank', 'Sberbank');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: check your connection and try again. Everything you typed is kept on this device.');
    expect(box('Bank')).toHaveValue('Sberbank');
    first.unmount();

    open(routes);
    await flush();
    expect(box('Bank')).toHaveValue('Sberbank');
    expect(screen.getByText(/What you typed earlier is back/)).toHaveAttribute('role', 'status');
  });

  test("the server's field errors land on their fields, keeping what was typed", async () => {
    open({
      'GET /spa/contract-organizer-meet-data': meetAnswer(),
      'POST /spa/contract-organizer-meet-save': () => new ApiError(422, '/spa/contract-organizer-meet-save', 'Invalid', { bank_name: 'Too long' }),
    });
    await flush();
    type('Bank', 'Sber');
    await save();
    expect(box('Bank')).toHaveAccessibleDescription('Too long');
    expect(box('Bank')).toHaveValue('Sber');
  });

  test('a wrong or expired key is the 404 page; a malformed one is never sent', async () => {
    const t = open({ 'GET /spa/contract-organizer-meet-data': () => new ApiError(404, '/spa/contract-organizer-meet-data', 'Not found') });
    await flush();
    expect(t.emit).toHaveBeenCalledWith('page:error', { status: 404 });
    const bad = open({}, 'short');
    await flush();
    expect(bad.calls).toEqual([]);
    expect(bad.emit).toHaveBeenCalledWith('page:error', { status: 404 });
  });

  test("a 403 is the host's 403 page with the account it names ('log in again'), a 410 the removed page", async () => {
    const other = open({ 'GET /spa/contract-organizer-meet-data': () => new ApiError(403, '/spa/contract-organizer-meet-data', 'refused', {}, { legit_user_email: 'an***@example.com' }) });
    await flush();
    expect(other.emit).toHaveBeenCalledWith('page:error', { status: 403, data: { legit_user_email: 'an***@example.com' } });
    const gone = open({ 'GET /spa/contract-organizer-meet-data': () => new ApiError(410, '/spa/contract-organizer-meet-data', 'Gone') });
    await flush();
    expect(gone.emit).toHaveBeenCalledWith('page:error', { status: 410 });
  });

  test('documents: upload (announced while it runs), list, delete', async () => {
    let finish: (v: unknown) => void = () => undefined;
    const t = open({
      'GET /spa/contract-organizer-meet-data': meetAnswer(),
      'POST /spa/contract-organizer-meet-file-save': () => new Promise((resolve) => { finish = resolve; }),
      'POST /spa/contract-organizer-meet-delete-file': { success: true },
    });
    await flush();
    expect(screen.getByText('No documents yet.')).toBeInTheDocument();
    const input = screen.getByLabelText('Add a document');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Charter.pdf', { type: 'application/pdf' })] } });
    await flush();
    expect(screen.getByText('Uploading Charter.pdf…')).toHaveAttribute('role', 'status');
    expect(input).toBeDisabled();
    await act(async () => finish(meetFile()));
    expect(screen.getByRole('link', { name: 'Charter.pdf' })).toHaveAttribute('href', meetFile().url);
    expect(screen.getByText('Charter.pdf uploaded.')).toBeInTheDocument();
    expect(t.calls.find((c) => c.path === '/spa/contract-organizer-meet-file-save')).toMatchObject({ query: { key: KEY }, captcha: true });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Charter.pdf' }));
    await flush();
    expect(t.calls.at(-1)).toMatchObject({ path: '/spa/contract-organizer-meet-delete-file', body: { file_id: 7 } });
    expect(screen.queryByRole('link', { name: 'Charter.pdf' })).not.toBeInTheDocument();
    expect(screen.getByText('Charter.pdf deleted.')).toBeInTheDocument();
  });

  test('a file of another type is refused before it is sent', async () => {
    const t = open({ 'GET /spa/contract-organizer-meet-data': meetAnswer() });
    await flush();
    fireEvent.change(screen.getByLabelText('Add a document'), { target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })] } });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('The file must be a JPEG, PNG, WebP, GIF or PDF file.');
    expect(t.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
