import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { currencyAtom, localeAtom, useHost } from '@tours/shared/core';
import { useApiQuery, type ApiClient, type TourForRequestAnswer } from '@tours/shared/api';
import { TIMING, travellerToday } from '@tours/shared/domain';
import { ErrorState, Skeleton } from '@tours/shared/kit';
import { fetchTickets } from './api';
import type { CostDateOption } from './cost-calculation';
import { CostCalculationForm } from './CostCalculationForm';
import './cost-calculation.css';
import { useT } from '../../i18n/t';

/** The request page's tour call and date rules (features/request), handed in by the parcel that composes the two. */
export interface RequestTourSource {
  load(api: ApiClient, id: number, signal?: AbortSignal): Promise<TourForRequestAnswer>;
  options(tour: TourForRequestAnswer): readonly CostDateOption[];
  bounds(tour: TourForRequestAnswer, today: string): { min: string; max?: string };
}

export interface CostCalculationProps {
  tourId: number;
  tourTitle: string;
  tourType: number;
  /** The id of the title that names the dialog (the parcel's `labelId`). */
  titleId: string;
  source: RequestTourSource;
  /** Closes the modal. */
  close(): void;
}


/**
 * The cost calculation modal (public-site §2.7 'Cost calculation modal', §4.3): the tour (GET /spa/tour-for-request)
 * and its tickets data (GET /spa/tours-cities) asked for together, a skeleton meanwhile, Retry when they do not come,
 * then the form. Once the request is stored the modal closes and, 400 ms later, the host's alert says where the
 * flight quote goes.
 */
export function CostCalculation({ tourId, tourTitle, tourType, titleId, source, close }: CostCalculationProps) {
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const currency = useAtomValue(currencyAtom);
  const t = useT();
  const data = useApiQuery(`cost-calculation:${tourId}:${locale}:${currency}`, (signal) =>
    Promise.all([source.load(host.api, tourId, signal), fetchTickets(host.api, tourId, signal)]),
  );
  const tour = data.data?.[0];
  const options = useMemo(() => (tour ? source.options(tour) : []), [tour, source]);

  const done = (email: string) => {
    close();
    // After the modal has gone (§4.3, §9): the alert outlives this component, so the timer is not cleared with it.
    const text = `${t('costCalculation.success.title')} ${t('costCalculation.success.text', { email })}`;
    setTimeout(() => host.toast({ kind: 'success', text }), TIMING.successAlertDelayMs);
  };

  let body;
  if (data.error) body = <ErrorState onRetry={data.retry} busy={data.loading} />;
  else if (!data.data)
    body = (
      <div className="bk-cost__loading" role="status" aria-label={t('booking.request.loading')} data-testid="cost-calculation-skeleton">
        <Skeleton height={40} />
        <Skeleton height={96} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    );
  else {
    const [loaded, tickets] = data.data;
    body = (
      <CostCalculationForm
        tourId={tourId}
        tourType={tourType}
        tour={loaded}
        tickets={tickets}
        options={options}
        bounds={source.bounds(loaded, travellerToday())}
        onSent={(_answer, email) => done(email)}
      />
    );
  }

  return (
    // The dialog around is named by this title (the parcel's labelId).
    <div className="bk-cost-modal">
      <h2 id={titleId} className="bk-cost-modal__title">
        {t('parcel.costCalculation.title')}
      </h2>
      <p className="bk-cost-modal__tour">{tourTitle}</p>
      {body}
    </div>
  );
}
