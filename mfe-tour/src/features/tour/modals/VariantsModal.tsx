import { useAtomValue } from 'jotai';
import { tourSelectionItemsAtom, useHost } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import type { ExcursionDateLike } from '@tours/shared/domain';
import { useApiQuery } from '@tours/shared/api';
import { ErrorState, PageSkeleton } from '@tours/shared/kit';
import { fetchTourForRequest } from '../later-calls';
import { chooseDate } from '../actions';
import { useTourFormat } from '../format';
import { VariantsList, useOptionInfo, type Choice, type VariantsTour } from '../VariantsList';
import '../../common/common.css';
import '../tour.css';
import '../sections.css';

/**
 * page: from the tour page — choosing a date stores it and goes to request-page (§2.7).
 * navigate: from similar tours or a removed tour's similar tours — choosing a date opens that tour's page.
 * selection: tour selection mode (§4.9) — choosing a date selects the tour; the modal closes with { tourId, date }.
 */
export type VariantsMode = 'page' | 'navigate' | 'selection';

export const VARIANTS_TITLE_ID = 'tour-variants-title';

export interface VariantsModalTour extends VariantsTour { slug: string; title: string; excursion_dates: readonly ExcursionDateLike[] }

function onChooseFor(host: HostContext, mode: VariantsMode, tour: VariantsModalTour, close: (result?: unknown) => void) {
  return (choice: Choice) => {
    if (mode === 'page') {
      close();
      chooseDate(host, choice.tourId, choice.value);
    } else if (mode === 'navigate') {
      close();
      host.navigate(host.href('tour-page', { slug: tour.slug }));
    } else {
      host.store.set(tourSelectionItemsAtom, (items) => (items.includes(tour.id) ? items : [...items, tour.id]));
      close({ tourId: tour.id, date: choice.value });
    }
  };
}

/**
 * An excursion's dates (it has no variants): from the tour page the date-and-time selector is used instead; here
 * (similar tours, selection mode) a date leads to the tour page or selects the tour.
 */
function ExcursionList({ tour, mode, close }: { tour: VariantsModalTour; mode: VariantsMode; close: (result?: unknown) => void }) {
  const host = useHost();
  const f = useTourFormat();
  const choose = onChooseFor(host, mode === 'page' ? 'navigate' : mode, tour, close);
  return (
    <ul className="tour-variants" data-testid="variants-list">
      {tour.excursion_dates.map((d) => (
        <li key={d.date} className="tour-variant" data-excursion-date={d.date}>
          <div className="tour-variant__main">
            <h3 className="tour-variant__dates">{f.weekday(d.date)}, {f.date(d.date)}</h3>
            <p className="tour-variant__meta">{d.time.map((x) => `${x.start}–${x.end}`).join(' · ')}</p>
          </div>
          <button type="button" className="ui-btn ui-btn--primary ui-btn--sm" onClick={() => choose({ tourId: tour.id, value: d.time[0]?.id ?? 0 })}>
            {f.t(mode === 'selection' ? 'tour.selection.select' : 'tour.schedule.choose')}
            <span className="visually-hidden">: {f.date(d.date)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Body({ tour, mode, close }: { tour: VariantsModalTour; mode: VariantsMode; close: (result?: unknown) => void }) {
  const host = useHost();
  const { t } = useTourFormat();
  const options = useOptionInfo(tour);
  const selected = useAtomValue(tourSelectionItemsAtom).includes(tour.id);
  return (
    <>
      <p className="tour-modal__subtitle">{tour.title}</p>
      {mode === 'selection' && selected && <p className="tour-modal__note" role="status">{t('tour.selection.already')}</p>}
      {tour.variants.length === 0 && tour.excursion_dates.length > 0 ? (
        <ExcursionList tour={tour} mode={mode} close={close} />
      ) : tour.variants.length === 0 && !tour.use_request_period ? (
        <p className="tour-modal__empty">{t('tour.variants.empty')}</p>
      ) : (
        <VariantsList tour={tour} onChoose={onChooseFor(host, mode, tour, close)} options={options} chooseLabelId={mode === 'selection' ? 'tour.selection.select' : 'tour.schedule.choose'} />
      )}
    </>
  );
}

/** The variant list modal (§2.7): a tour already at hand, or fetched by id (GET /spa/tour-for-request). */
export function VariantsModalContent({ close, tour, tourId, mode = 'page' }: { close: (result?: unknown) => void; tour?: VariantsModalTour; tourId?: number; mode?: VariantsMode }) {
  const host = useHost();
  const { t } = useTourFormat();
  const id = tour ? null : Number(tourId);
  const loaded = useApiQuery(id !== null && Number.isInteger(id) && id > 0 ? `tour-for-request:${id}` : null, (signal) => fetchTourForRequest(host.api, id!, signal));
  const data: VariantsModalTour | null = tour ?? loaded.data;
  return (
    <div className="tour-variants-modal" data-testid="variants-modal" data-mode={mode}>
      <h2 id={VARIANTS_TITLE_ID} className="tour-modal__title">{t('tour.variants.title')}</h2>
      {data ? <Body tour={data} mode={mode} close={close} /> : loaded.error ? (
        <ErrorState messageId="tour.variants.failed" onRetry={loaded.retry} busy={loaded.loading} />
      ) : id === null || !(id > 0) ? <p role="alert">{t('tour.variants.failed')}</p> : <PageSkeleton compact />}
    </div>
  );
}

export function openVariantsModal(host: HostContext, tour: VariantsModalTour, mode: VariantsMode = 'page') {
  return host.showModal({ component: VariantsModalContent, props: { tour, mode }, width: 500, labelId: VARIANTS_TITLE_ID });
}
