import { useState } from 'react';
import { useHost } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import type { ExcursionDateLike } from '@tours/shared/domain';
import { chooseDate } from '../actions';
import { useTourFormat } from '../format';
import '../../common/common.css';
import '../tour.css';
import '../sections.css';

const EXCURSION_TITLE_ID = 'tour-excursion-title';

/**
 * Excursion date and time selector (public-site §2.7, §5.7): pick a date, then a time; Reset clears the choice;
 * Apply without a time shows 'Select time'. Applying stores the choice and goes to request-page.
 */
function ExcursionDatesModal({ close, tourId, dates }: { close: () => void; tourId: number; dates: ExcursionDateLike[] }) {
  const host = useHost();
  const f = useTourFormat();
  const { t } = f;
  const [date, setDate] = useState<string | null>(dates[0]?.date ?? null);
  const [time, setTime] = useState<number | null>(null);
  const [error, setError] = useState(false);
  const times = dates.find((d) => d.date === date)?.time ?? [];
  const apply = () => {
    if (!date || time === null) {
      setError(true);
      return;
    }
    close();
    chooseDate(host, tourId, `excursion:${date}:${time}`);
  };
  return (
    <div className="tour-excursion-modal" data-testid="excursion-modal">
      <h2 id={EXCURSION_TITLE_ID} className="tour-modal__title">{t('tour.excursion.title')}</h2>
      <fieldset className="tour-excursion__group">
        <legend>{t('tour.excursion.date')}</legend>
        <div className="tour-excursion__options">
          {dates.map((d) => (
            <label key={d.date} className={`tour-choice${date === d.date ? ' tour-choice--on' : ''}`}>
              <input type="radio" name="excursion-date" value={d.date} checked={date === d.date} onChange={() => { setDate(d.date); setTime(null); }} />
              {f.weekday(d.date)}, {f.date(d.date)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="tour-excursion__group" aria-describedby={error ? 'excursion-time-error' : undefined}>
        <legend>{t('tour.excursion.time')}</legend>
        <div className="tour-excursion__options">
          {times.map((x) => (
            <label key={x.id} className={`tour-choice${time === x.id ? ' tour-choice--on' : ''}`}>
              <input type="radio" name="excursion-time" value={x.id} checked={time === x.id} onChange={() => { setTime(x.id); setError(false); }} />
              {x.start}–{x.end}
            </label>
          ))}
        </div>
        {error && <p id="excursion-time-error" className="tour-field-error" role="alert">{t('tour.excursion.selectTime')}</p>}
      </fieldset>
      <div className="tour-modal__actions">
        <button type="button" className="ui-btn ui-btn--secondary" onClick={() => { setDate(null); setTime(null); setError(false); }}>{t('tour.excursion.reset')}</button>
        <button type="button" className="ui-btn ui-btn--primary" onClick={apply}>{t('tour.excursion.apply')}</button>
      </div>
    </div>
  );
}

export function openExcursionDatesModal(host: HostContext, tourId: number, dates: ExcursionDateLike[]) {
  return host.showModal({ component: ExcursionDatesModal, props: { tourId, dates }, width: 500, labelId: EXCURSION_TITLE_ID });
}
