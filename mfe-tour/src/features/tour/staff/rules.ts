/**
 * The staff panel's rules (accounts-and-comms §2 'Staff tools on the tour page', §4 'Staff PDF', §6), kept out of the
 * components so they can be tested by table.
 */
import type { ProgrammePdfStateAnswer, StaffPermissions, TourPrivateDataAnswer } from '@tours/shared/api';

/** How long 'Copied' stays on the copy button before it reads 'Copy tour ID' again. */
export const COPIED_MS = 2000;

/** The query context of GET /spa/tour-private-data that the page's URL may carry (where the tour was opened from). */
const CONTEXT_IDS = ['collection_id', 'region_id', 'rest_kind_id', 'showplace_id'] as const;

export interface PrivateDataQuery {
  id: number;
  has_dates: boolean;
  is_cruises: boolean;
  is_authors: boolean;
  collection_id?: number;
  region_id?: number;
  rest_kind_id?: number;
  showplace_id?: number;
}

/** The tour page's id and context for GET /spa/tour-private-data: the tour's own facts, plus the context ids of the URL. */
export function privateDataQuery(
  tour: { id: number; variants: readonly unknown[]; is_cruise: boolean; is_author_tour: boolean },
  urlQuery: Record<string, string | string[] | undefined>,
): PrivateDataQuery {
  const query: PrivateDataQuery = { id: tour.id, has_dates: tour.variants.length > 0, is_cruises: tour.is_cruise, is_authors: tour.is_author_tour };
  for (const key of CONTEXT_IDS) {
    const raw = urlQuery[key];
    const value = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
    if (value !== undefined) query[key] = value;
  }
  return query;
}

/** Either permission opens the panel (§6: either may copy the id and get the PDF); with neither there is nothing to show. */
export function hasStaffTools(p: StaffPermissions): boolean {
  return p.can_use_knowledge || p.can_view_commission;
}

export type StaffAlert =
  | { kind: 'archived' }
  | { kind: 'dangerous'; dangerReason: string | null; rejectionReason: string | null }
  | { kind: 'difficult'; memoUrl: string | null };

/** The alerts of §2, in its order; only for can_view_commission (the API leaves them false otherwise, checked here too). */
export function staffAlerts(data: TourPrivateDataAnswer, p: StaffPermissions): StaffAlert[] {
  if (!p.can_view_commission) return [];
  const alerts: StaffAlert[] = [];
  if (data.is_need_tour_archive_alert) alerts.push({ kind: 'archived' });
  if (data.is_need_tour_danger_alert) alerts.push({ kind: 'dangerous', dangerReason: data.danger_reason, rejectionReason: data.rejection_reason });
  if (data.is_need_tour_difficult_alert) alerts.push({ kind: 'difficult', memoUrl: data.difficult_tour_memo_url });
  return alerts;
}

/** 'Tour in admin' needs can_use_knowledge and a link. */
export function adminUrl(data: TourPrivateDataAnswer, p: StaffPermissions): string | null {
  return p.can_use_knowledge ? data.adm_url : null;
}

/** The programme PDF button's states (§4 'Staff PDF'): 'Get PDF' → 'PDF in processing...' → 'Open PDF'. */
export type PdfState = { kind: 'idle' } | { kind: 'processing' } | { kind: 'ready'; url: string };

/**
 * The state after a generate answer: processing while it is made (poll again), ready with its url once made; a
 * failure (success false, or made without a url) is 'failed': logged, and the button offers 'Get PDF' again.
 */
export function pdfStateOf(answer: ProgrammePdfStateAnswer): PdfState | 'failed' {
  if (!answer.success) return 'failed';
  if (answer.program_pdf_exists) return answer.url ? { kind: 'ready', url: answer.url } : 'failed';
  if (answer.program_pdf_being_generated) return { kind: 'processing' };
  return 'failed';
}
