import '../test-swiper';
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@tours/shared/core';
import { STAFF_PDF_POLL_MS, type StaffPermissions } from '@tours/shared/api';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import { CONTACT_ROUTES, tourFixture } from '../test-fixture';
import { TourView } from '../TourView';
import { StaffSlot } from './StaffSlot';
import { COPIED_MS } from './rules';
import { PDF_FAILED, PDF_PROCESSING, PDF_READY, privateData, userPrivateData } from './test-fixture';

const KNOWLEDGE: StaffPermissions = { can_use_knowledge: true, can_view_commission: false };
const COMMISSION: StaffPermissions = { can_use_knowledge: false, can_view_commission: true };
const ALL: StaffPermissions = { can_use_knowledge: true, can_view_commission: true };
const ADM_URL = 'https://tours.example/admin/tour/update?id=1001';
const MEMO_URL = 'https://tours.example/admin/memo/high-difficulty-tours';

/** The API's answer for each permission: what a permission does not allow is null/false (api/src/routes/staff-tools.ts). */
function tourPrivate(p: StaffPermissions, over: Parameters<typeof privateData>[0] = {}) {
  return privateData({
    adm_url: p.can_use_knowledge ? ADM_URL : null,
    is_need_tour_archive_alert: p.can_view_commission, is_need_tour_danger_alert: p.can_view_commission,
    danger_reason: p.can_view_commission ? 'Rafting on a category IV river' : null, rejection_reason: p.can_view_commission ? 'Published with an instructor on every raft' : null,
    is_need_tour_difficult_alert: p.can_view_commission, difficult_tour_memo_url: p.can_view_commission ? MEMO_URL : null,
    ...over,
  });
}

function staffRoutes(p: StaffPermissions, over: Parameters<typeof privateData>[0] = {}, extra: FakeRoutes = {}): FakeRoutes {
  return { '/crm/api/user/private-data': userPrivateData(p), '/spa/tour-private-data': tourPrivate(p, over), ...extra };
}

const setHint = (on: boolean) => {
  document.cookie = on ? 'admin_session=1; path=/' : 'admin_session=; path=/; max-age=0';
};

function showPanel(routes: FakeRoutes, o: { url?: string; individualRequestId?: number | null; onPermissions?: (p: StaffPermissions) => void } = {}) {
  return renderScreen(<StaffSlot tour={tourFixture()} individualRequestId={o.individualRequestId ?? null} onPermissions={o.onPermissions ?? (() => undefined)} />, {
    url: o.url ?? '/en/svir-tour-1001', routes,
  });
}

const panel = () => screen.findByRole('region', { name: 'Staff tools' });
const paths = (calls: { path: string }[]) => calls.map((c) => c.path);

let errors: jest.SpyInstance;
beforeEach(() => {
  setHint(true);
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setHint(false);
  errors.mockRestore();
  jest.useRealTimers();
});

describe('loaded only for a staff session', () => {
  test('no hint cookie (a traveller): nothing rendered, no call made', async () => {
    setHint(false);
    const r = showPanel(staffRoutes(ALL));
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Staff tools' })).not.toBeInTheDocument();
    expect(r.calls).toEqual([]);
  });

  test('a 401 (the session ended) shows nothing and logs nothing', async () => {
    const r = showPanel({ '/crm/api/user/private-data': new ApiError(401, '/crm/api/user/private-data', 'Unauthorized') });
    await waitFor(() => expect(paths(r.calls)).toEqual(['/crm/api/user/private-data']));
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Staff tools' })).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  test('staff with neither permission: no tour private data asked for, nothing shown', async () => {
    const onPermissions = jest.fn();
    const r = showPanel(staffRoutes({ can_use_knowledge: false, can_view_commission: false }), { onPermissions });
    await waitFor(() => expect(onPermissions).toHaveBeenCalledWith({ can_use_knowledge: false, can_view_commission: false }));
    expect(paths(r.calls)).toEqual(['/crm/api/user/private-data']);
    expect(screen.queryByRole('region', { name: 'Staff tools' })).not.toBeInTheDocument();
  });
});

describe('what each permission shows (§2, §6)', () => {
  test('both: the three alerts with the reasons and memo link, Tour in admin, Copy tour ID, Get PDF', async () => {
    const onPermissions = jest.fn();
    const r = showPanel(staffRoutes(ALL), { url: '/en/svir-tour-1001?region_id=47&collection_id=3', onPermissions });
    const p = await panel();
    expect(onPermissions).toHaveBeenCalledWith(ALL);
    const alerts = within(p).getAllByRole('listitem');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Archived tour: it cannot be booked.',
      'Potentially dangerous tour.Danger reason: Rafting on a category IV riverPublication decision: Published with an instructor on every raft',
      'High-difficulty tour: make sure the tourist knows about it. Read the memo',
    ]);
    expect(within(p).getByRole('link', { name: 'Read the memo' })).toHaveAttribute('href', MEMO_URL);
    expect(within(p).getByRole('link', { name: 'Tour in admin' })).toHaveAttribute('href', ADM_URL);
    expect(within(p).getByRole('button', { name: 'Copy tour ID' })).toBeInTheDocument();
    expect(within(p).getByRole('button', { name: 'Get PDF' })).toBeEnabled();
    // The page's id and context go with the call.
    expect(r.calls[1]).toMatchObject({ path: '/spa/tour-private-data', query: { id: 1001, has_dates: true, is_cruises: false, is_authors: false, region_id: 47, collection_id: 3 } });
  });

  test('knowledge only: Tour in admin, no alerts', async () => {
    const p = await (showPanel(staffRoutes(KNOWLEDGE)), panel());
    expect(within(p).queryAllByRole('listitem')).toEqual([]);
    expect(within(p).getByRole('link', { name: 'Tour in admin' })).toBeInTheDocument();
    expect(within(p).getByRole('button', { name: 'Copy tour ID' })).toBeInTheDocument();
    expect(within(p).getByRole('button', { name: 'Get PDF' })).toBeInTheDocument();
  });

  test('commission only: the alerts, no Tour in admin', async () => {
    const p = await (showPanel(staffRoutes(COMMISSION)), panel());
    expect(within(p).getAllByRole('listitem')).toHaveLength(3);
    expect(within(p).queryByRole('link', { name: 'Tour in admin' })).not.toBeInTheDocument();
    expect(within(p).getByRole('button', { name: 'Copy tour ID' })).toBeInTheDocument();
  });

  test('only the alerts the tour needs; a danger alert without reasons shows none', async () => {
    const p = await (showPanel(staffRoutes(ALL, { is_need_tour_archive_alert: false, is_need_tour_difficult_alert: false, danger_reason: null, rejection_reason: null })), panel());
    expect(within(p).getAllByRole('listitem').map((a) => a.textContent)).toEqual(['Potentially dangerous tour.']);
  });

  test('an excursion has no PDF button', async () => {
    const p = await (showPanel(staffRoutes(ALL, { is_excursion: true })), panel());
    expect(within(p).queryByRole('button', { name: 'Get PDF' })).not.toBeInTheDocument();
    expect(within(p).getByRole('button', { name: 'Copy tour ID' })).toBeInTheDocument();
  });
});

describe('Copy tour ID', () => {
  const writeText = jest.fn<Promise<void>, [string]>();
  beforeEach(() => {
    writeText.mockReset();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  test('copies the id and shows Copied, then the label again', async () => {
    writeText.mockResolvedValue(undefined);
    const p = await (showPanel(staffRoutes(ALL)), panel());
    jest.useFakeTimers();
    fireEvent.click(within(p).getByRole('button', { name: 'Copy tour ID' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith('1001');
    expect(within(p).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(COPIED_MS));
    expect(within(p).getByRole('button', { name: 'Copy tour ID' })).toBeInTheDocument();
  });

  test('a clipboard failure is logged only', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const p = await (showPanel(staffRoutes(ALL)), panel());
    fireEvent.click(within(p).getByRole('button', { name: 'Copy tour ID' }));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Copying the tour id failed', expect.any(Error)));
    expect(within(p).getByRole('button', { name: 'Copy tour ID' })).toBeInTheDocument();
    expect(within(p).queryByText('Copied')).not.toBeInTheDocument();
  });
});

describe('the programme PDF (§4 Staff PDF)', () => {
  const GENERATE = '/spa/private-generate-tour-program-pdf';

  test('Get PDF → PDF in processing... (asked again every 5000 ms) → Open PDF in a new tab', async () => {
    const answers = [PDF_PROCESSING, PDF_PROCESSING, PDF_READY];
    const r = showPanel(staffRoutes(ALL, {}, { [GENERATE]: () => answers.shift() }));
    const p = await panel();
    jest.useFakeTimers();
    fireEvent.click(within(p).getByRole('button', { name: 'Get PDF' }));
    await act(async () => undefined);
    const generated = () => r.calls.filter((c) => c.path === GENERATE);
    expect(generated()).toHaveLength(1);
    expect(generated()[0]!.query).toEqual({ id: 1001, is_individual: undefined });
    expect(within(p).getByRole('button', { name: 'PDF in processing...' })).toBeDisabled();
    await act(async () => jest.advanceTimersByTime(STAFF_PDF_POLL_MS - 1));
    expect(generated()).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(generated()).toHaveLength(2);
    expect(within(p).getByRole('button', { name: 'PDF in processing...' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(STAFF_PDF_POLL_MS));
    expect(generated()).toHaveLength(3);
    const open = within(p).getByRole('link', { name: 'Open PDF' });
    expect(open).toHaveAttribute('href', PDF_READY.url);
    expect(open).toHaveAttribute('target', '_blank');
    // Ready: no more asking.
    await act(async () => jest.advanceTimersByTime(STAFF_PDF_POLL_MS * 3));
    expect(generated()).toHaveLength(3);
    expect(errors).not.toHaveBeenCalled();
  });

  test('a failed generation is logged only and Get PDF is offered again', async () => {
    const p = await (showPanel(staffRoutes(ALL, {}, { [GENERATE]: PDF_FAILED })), panel());
    fireEvent.click(within(p).getByRole('button', { name: 'Get PDF' }));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Programme PDF generation failed', PDF_FAILED));
    expect(within(p).getByRole('button', { name: 'Get PDF' })).toBeEnabled();
  });

  test('a failed call is logged only', async () => {
    const p = await (showPanel(staffRoutes(ALL, {}, { [GENERATE]: new ApiError(500, GENERATE, 'Internal server error') })), panel());
    fireEvent.click(within(p).getByRole('button', { name: 'Get PDF' }));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Programme PDF generation failed', expect.any(ApiError)));
    expect(within(p).getByRole('button', { name: 'Get PDF' })).toBeEnabled();
  });

  test('a PDF made before: Open PDF at once', async () => {
    const p = await (showPanel(staffRoutes(ALL, { program_pdf_exists: true }, { [GENERATE]: PDF_READY })), panel());
    expect(await within(p).findByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', PDF_READY.url);
  });

  test('an individual tour: by its request id', async () => {
    const r = showPanel(staffRoutes(ALL, {}, { [GENERATE]: PDF_READY }), { individualRequestId: 701001 });
    fireEvent.click(within(await panel()).getByRole('button', { name: 'Get PDF' }));
    await screen.findByRole('link', { name: 'Open PDF' });
    expect(r.calls.find((c) => c.path === GENERATE)!.query).toEqual({ id: 701001, is_individual: true });
  });
});

describe('the maximum age on the tour page (public-site §6)', () => {
  const pageRoutes: FakeRoutes = CONTACT_ROUTES;
  const conditions = async () => {
    await screen.findByRole('button', { name: /Day 1 - Day title 1/ });
    return document.getElementById('conditions')!;
  };

  test.each<[string, StaffPermissions | null, boolean]>([
    ['a traveller', null, false],
    ['staff with can_use_knowledge', KNOWLEDGE, true],
    ['staff without it', COMMISSION, false],
  ])('%s', async (_name, permissions, shown) => {
    setHint(permissions !== null);
    const r = renderScreen(<TourView tour={tourFixture()} />, { url: '/en/svir-tour-1001', routes: { ...pageRoutes, ...(permissions ? staffRoutes(permissions) : {}) } });
    window.location.hash = '#conditions';
    const section = await conditions();
    if (permissions) await panel();
    await waitFor(() => (shown ? expect(section).toHaveTextContent('Maximum age70 years') : expect(section).not.toHaveTextContent('Maximum age')));
    // One private-data call for the panel and the maximum age; none for a traveller.
    expect(paths(r.calls).filter((p) => p === '/crm/api/user/private-data')).toHaveLength(permissions ? 1 : 0);
    window.location.hash = '';
  });
});
