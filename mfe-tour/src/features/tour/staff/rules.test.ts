import { assert } from 'superstruct';
import { ProgrammePdfStateAnswer, TourPrivateDataAnswer, type StaffPermissions } from '@tours/shared/api';
import { adminUrl, hasStaffTools, pdfStateOf, privateDataQuery, staffAlerts } from './rules';
import { privateData } from './test-fixture';

const none: StaffPermissions = { can_use_knowledge: false, can_view_commission: false };
const knowledge: StaffPermissions = { can_use_knowledge: true, can_view_commission: false };
const commission: StaffPermissions = { can_use_knowledge: false, can_view_commission: true };
const all: StaffPermissions = { can_use_knowledge: true, can_view_commission: true };

describe('privateDataQuery: the page\'s id and context', () => {
  const tour = { id: 1001, variants: [{}], is_cruise: false, is_author_tour: true };
  test.each<[string, Record<string, string | string[] | undefined>, object]>([
    ['no context', {}, { id: 1001, has_dates: true, is_cruises: false, is_authors: true }],
    ['context ids of the URL', { region_id: '47', collection_id: '3', rest_kind_id: '2', showplace_id: '9', utm_source: 'x' }, { id: 1001, has_dates: true, is_cruises: false, is_authors: true, region_id: 47, collection_id: 3, rest_kind_id: 2, showplace_id: 9 }],
    ['malformed ids are left out', { region_id: 'abc', collection_id: ['1', '2'], rest_kind_id: '0', showplace_id: '-4' }, { id: 1001, has_dates: true, is_cruises: false, is_authors: true }],
  ])('%s', (_name, urlQuery, expected) => {
    expect(privateDataQuery(tour, urlQuery)).toEqual(expected);
  });

  test('a cruise without dates', () => {
    expect(privateDataQuery({ id: 7, variants: [], is_cruise: true, is_author_tour: false }, {})).toEqual({ id: 7, has_dates: false, is_cruises: true, is_authors: false });
  });
});

describe('who sees what (§6)', () => {
  const everything = privateData({
    adm_url: 'https://tours.example/admin/tour/update?id=1001', is_need_tour_archive_alert: true, is_need_tour_danger_alert: true, danger_reason: 'River IV',
    rejection_reason: 'Instructors', is_need_tour_difficult_alert: true, difficult_tour_memo_url: 'https://tours.example/admin/memo',
  });
  test.each<[string, StaffPermissions, boolean, string[], boolean]>([
    ['neither permission', none, false, [], false],
    ['knowledge', knowledge, true, [], true],
    ['commission', commission, true, ['archived', 'dangerous', 'difficult'], false],
    ['both', all, true, ['archived', 'dangerous', 'difficult'], true],
  ])('%s', (_name, p, tools, alerts, admin) => {
    expect(hasStaffTools(p)).toBe(tools);
    expect(staffAlerts(everything, p).map((a) => a.kind)).toEqual(alerts);
    expect(adminUrl(everything, p) !== null).toBe(admin);
  });

  test('the alerts carry their reasons and memo link', () => {
    expect(staffAlerts(everything, commission)).toEqual([
      { kind: 'archived' },
      { kind: 'dangerous', dangerReason: 'River IV', rejectionReason: 'Instructors' },
      { kind: 'difficult', memoUrl: 'https://tours.example/admin/memo' },
    ]);
    expect(staffAlerts(privateData(), all)).toEqual([]);
  });
});

describe('pdfStateOf (§4 Staff PDF)', () => {
  test.each<[string, ProgrammePdfStateAnswer, ReturnType<typeof pdfStateOf>]>([
    ['being made', { success: true, program_pdf_being_generated: true, program_pdf_exists: false, url: null }, { kind: 'processing' }],
    ['made', { success: true, program_pdf_being_generated: false, program_pdf_exists: true, url: '/spa/private-tour-program-pdf?id=1' }, { kind: 'ready', url: '/spa/private-tour-program-pdf?id=1' }],
    ['failed', { success: false, program_pdf_being_generated: false, program_pdf_exists: false, url: null }, 'failed'],
    ['made without a url', { success: true, program_pdf_being_generated: false, program_pdf_exists: true, url: null }, 'failed'],
    ['neither', { success: true, program_pdf_being_generated: false, program_pdf_exists: false, url: null }, 'failed'],
  ])('%s', (_name, answer, expected) => {
    assert(answer, ProgrammePdfStateAnswer);
    expect(pdfStateOf(answer)).toEqual(expected);
  });
});

test('the fixture is a valid answer', () => {
  assert(privateData(), TourPrivateDataAnswer);
});
