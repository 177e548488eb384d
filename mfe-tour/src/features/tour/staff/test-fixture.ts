/* Test data for the staff panel: answers of the staff calls, checked against the shared schemas. */
import { assert } from 'superstruct';
import { ProgrammePdfStateAnswer, TourPrivateDataAnswer, UserPrivateDataAnswer, type StaffPermissions } from '@tours/shared/api';

export function userPrivateData(permissions: StaffPermissions): UserPrivateDataAnswer {
  const value = { is_admin_auth: true as const, permissions, staff: { id: 3, name: 'Sam Staff', login: 'staff.all@tours.example' } };
  assert(value, UserPrivateDataAnswer);
  return value;
}

export function privateData(over: Partial<TourPrivateDataAnswer> = {}): TourPrivateDataAnswer {
  const value: TourPrivateDataAnswer = {
    id: 1001, adm_url: null, program_pdf_exists: false, is_excursion: false, is_need_tour_archive_alert: false, is_need_tour_danger_alert: false,
    danger_reason: null, rejection_reason: null, is_need_tour_difficult_alert: false, difficult_tour_memo_url: null, commission_percent: null, ...over,
  };
  assert(value, TourPrivateDataAnswer);
  return value;
}

export const PDF_PROCESSING: ProgrammePdfStateAnswer = { success: true, program_pdf_being_generated: true, program_pdf_exists: false, url: null };
export const PDF_READY: ProgrammePdfStateAnswer = { success: true, program_pdf_being_generated: false, program_pdf_exists: true, url: '/spa/private-tour-program-pdf?id=1001&lang=en&currency=RUB' };
export const PDF_FAILED: ProgrammePdfStateAnswer = { success: false, program_pdf_being_generated: false, program_pdf_exists: false, url: null };
for (const answer of [PDF_PROCESSING, PDF_READY, PDF_FAILED]) assert(answer, ProgrammePdfStateAnswer);
