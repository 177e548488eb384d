import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ApiError, queryAtom, useHost } from '@tours/shared/core';
import { STAFF_PDF_POLL_MS, type ApiClient, type StaffPermissions, type TourPrivateDataAnswer } from '@tours/shared/api';
import { Button } from '@tours/shared/kit';
import { fetchTourPrivateData, fetchUserPrivateData, generateProgrammePdf } from './api';
import { COPIED_MS, adminUrl, hasStaffTools, pdfStateOf, privateDataQuery, staffAlerts, type PdfState } from './rules';
import type { StaffPanelProps } from './StaffSlot';
import './staff.css';
import { useT } from '../../../i18n/t';

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/**
 * The staff actions panel (accounts-and-comms §2 'Staff tools on the tour page', §6; public-site §2.6), a chunk of
 * its own that only a page with the staff-session hint downloads. It asks for the session's permissions, then (with
 * either one) the tour's private data, and shows the alerts (can_view_commission), 'Tour in admin'
 * (can_use_knowledge), 'Copy tour ID' and the programme PDF button (not for excursions). A 401 shows nothing;
 * clipboard and PDF failures are logged only (§8 'Staff tools').
 */
export default function StaffPanel({ tour, individualRequestId, onPermissions }: StaffPanelProps) {
  const { api } = useHost();
  const urlQuery = useAtomValue(queryAtom);
  const [loaded, setLoaded] = useState<{ permissions: StaffPermissions; data: TourPrivateDataAnswer } | null>(null);
  const report = useRef(onPermissions);
  report.current = onPermissions;
  const query = privateDataQuery(tour, urlQuery);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    (async () => {
      const { permissions } = await fetchUserPrivateData(api, controller.signal);
      if (controller.signal.aborted) return;
      report.current(permissions);
      if (!hasStaffTools(permissions)) return;
      const data = await fetchTourPrivateData(api, JSON.parse(queryKey) as typeof query, controller.signal);
      if (!controller.signal.aborted) setLoaded({ permissions, data });
    })().catch((error: unknown) => {
      // 401: no admin session (it ended; the API cleared the hint). Nothing to show either way.
      if (isAbort(error) || controller.signal.aborted || (error instanceof ApiError && error.status === 401)) return;
      console.error('Staff tools failed to load', error);
    });
    return () => controller.abort();
  }, [api, queryKey]);

  if (!loaded) return null;
  return <PanelView tourId={tour.id} individualRequestId={individualRequestId} permissions={loaded.permissions} data={loaded.data} api={api} />;
}

function PanelView({ tourId, individualRequestId, permissions, data, api }: {
  tourId: number; individualRequestId: number | null; permissions: StaffPermissions; data: TourPrivateDataAnswer; api: ApiClient;
}) {
  const t = useT();
  const alerts = staffAlerts(data, permissions);
  const admin = adminUrl(data, permissions);
  return (
    <section className="tour-card tour-staff" aria-labelledby="tour-staff-title" data-testid="staff-panel">
      <h2 id="tour-staff-title" className="tour-staff__title">{t('tour.staff.label')}</h2>
      {alerts.length > 0 && (
        <ul className="tour-staff__alerts">
          {alerts.map((alert) => (
            <li key={alert.kind} className={`tour-staff__alert tour-staff__alert--${alert.kind}`}>
              {alert.kind === 'archived' && <p>{t('tour.staff.archived')}</p>}
              {alert.kind === 'dangerous' && (
                <>
                  <p>{t('tour.staff.dangerous')}</p>
                  {alert.dangerReason && <p>{t('tour.staff.dangerReason', { reason: alert.dangerReason })}</p>}
                  {alert.rejectionReason && <p>{t('tour.staff.rejectionReason', { reason: alert.rejectionReason })}</p>}
                </>
              )}
              {alert.kind === 'difficult' && (
                <p>
                  {t('tour.staff.difficult')}
                  {alert.memoUrl && <> <a href={alert.memoUrl} target="_blank" rel="noopener noreferrer">{t('tour.staff.difficultMemo')}</a></>}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="tour-staff__actions">
        {admin && <a className="ui-btn ui-btn--secondary ui-btn--sm" href={admin} target="_blank" rel="noopener noreferrer">{t('tour.staff.admin')}</a>}
        <CopyTourId tourId={tourId} label={t('tour.staff.copyId')} copiedLabel={t('tour.staff.copied')} />
        {!data.is_excursion && (
          <ProgrammePdf api={api} target={individualRequestId === null ? { id: tourId, isIndividual: false } : { id: individualRequestId, isIndividual: true }} existsAtLoad={data.program_pdf_exists} />
        )}
      </div>
    </section>
  );
}

/** 'Copy tour ID' → 'Copied' for COPIED_MS; a clipboard failure is logged only. */
function CopyTourId({ tourId, label, copiedLabel }: { tourId: number; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    // navigator.clipboard is missing outside secure contexts: that is a failure like a refused write.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(String(tourId)))
      .then(
        () => {
          setCopied(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), COPIED_MS);
        },
        (error: unknown) => console.error('Copying the tour id failed', error),
      );
  };
  return (
    <Button variant="secondary" size="sm" onClick={copy}>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}

/**
 * The programme PDF (§4 'Staff PDF'): 'Get PDF' asks for it; 'PDF in processing...' while it is made, asking again
 * every STAFF_PDF_POLL_MS; then 'Open PDF', a link that opens it in a new tab. A PDF made before shows 'Open PDF'
 * once the generate call (answering at once) gives its url. A failure is logged and 'Get PDF' is offered again.
 */
function ProgrammePdf({ api, target, existsAtLoad }: { api: ApiClient; target: { id: number; isIndividual: boolean }; existsAtLoad: boolean }) {
  const t = useT();
  const [pdf, setPdf] = useState<PdfState>({ kind: 'idle' });
  const live = useRef<{ controller: AbortController; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const { id, isIndividual } = target;

  const ask = useCallback((quiet: boolean) => {
    live.current?.controller.abort();
    clearTimeout(live.current?.timer);
    const run = { controller: new AbortController() } as { controller: AbortController; timer?: ReturnType<typeof setTimeout> };
    live.current = run;
    const step = () => {
      generateProgrammePdf(api, { id, isIndividual }, run.controller.signal).then(
        (answer) => {
          if (run.controller.signal.aborted) return;
          const next = pdfStateOf(answer);
          if (next === 'failed') {
            console.error('Programme PDF generation failed', answer);
            setPdf({ kind: 'idle' });
            return;
          }
          // A quiet check (the PDF was made before) shows only a ready PDF, never a processing state nobody asked for.
          if (quiet && next.kind !== 'ready') return;
          setPdf(next);
          if (next.kind === 'processing') run.timer = setTimeout(step, STAFF_PDF_POLL_MS);
        },
        (error: unknown) => {
          if (run.controller.signal.aborted || isAbort(error)) return;
          console.error('Programme PDF generation failed', error);
          setPdf({ kind: 'idle' });
        },
      );
    };
    step();
  }, [api, id, isIndividual]);

  useEffect(() => {
    if (existsAtLoad) ask(true);
    return () => {
      live.current?.controller.abort();
      clearTimeout(live.current?.timer);
    };
  }, [ask, existsAtLoad]);

  if (pdf.kind === 'ready') {
    return <a className="ui-btn ui-btn--primary ui-btn--sm" href={pdf.url} target="_blank" rel="noopener">{t('tour.staff.pdf.open')}</a>;
  }
  const processing = pdf.kind === 'processing';
  return (
    <Button
      size="sm"
      disabled={processing}
      aria-busy={processing || undefined}
      onClick={() => {
        setPdf({ kind: 'processing' });
        ask(false);
      }}
    >
      <span aria-live="polite">{t(processing ? 'tour.staff.pdf.processing' : 'tour.staff.pdf.get')}</span>
    </Button>
  );
}
