import { Suspense, lazy, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { countryAtom, tourSelectionItemsAtom, tourSelectionTokenAtom, useHost } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { comfortLevel, hasIndividualDates, splitSidebarDates } from '@tours/shared/domain';
import { ContactsAnswer, WorkTimeAnswer, useApiQuery, type TourVariant } from '@tours/shared/api';
import { PhoneLink, Price, useNearViewport } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { chooseDate, openCostCalculationForm, openPrivateTourForm } from '../actions';
import { useTourFormat } from '../format';
import { isValidPlace } from '../map/provider';
import { openMap, openVariants } from '../open';
import { useTicketsPriceOffered } from './conditions-rules';
import { PeopleLimits } from './people-limits';
import { MainRequestButton, TourPrice } from './booking';
import type { MessageId } from '../../../i18n/t';

function DateRows({ variants, host }: { variants: TourVariant[]; host: HostContext }) {
  const f = useTourFormat();
  return (
    <ul className="tour-side-dates">
      {variants.map((v) => {
        const disabled = v.is_busy || v.number_of_free_seats <= 0;
        return (
          <li key={v.id}>
            <button type="button" className="tour-side-date" disabled={disabled} onClick={() => chooseDate(host, v.tour_id, v.id)}>
              <span>{f.range(v.start, v.end)}</span>
              <span className="tour-side-date__price">
                {disabled ? f.t('tour.schedule.noSeats') : <Price amount={v.price} currency={v.currency} original={{ amount: v.original_price, currency: 'RUB' }} showDiscount={false} />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Coordinator contacts with the weekday and weekend schedule in GMT +3 (§2.3, §2.6). */
function Coordinator() {
  const host = useHost();
  const { t } = useTourFormat();
  const countryId = useAtomValue(countryAtom)?.id;
  const contacts = useApiQuery(`tour-contacts:${countryId ?? ''}`, (signal) => host.api.get('/spa/contacts', { schema: ContactsAnswer, query: { country_id: countryId }, signal }));
  const time = useApiQuery(`tour-work-time:${countryId ?? ''}`, (signal) => host.api.get('/spa/work-time', { schema: WorkTimeAnswer, query: { country_id: countryId }, signal }));
  const phone = contacts.data?.phoneMain;
  return (
    <div className="tour-coordinator" data-testid="coordinator">
      <h3 className="tour-side__label">{t('tour.sidebar.contacts')}</h3>
      {phone && <PhoneLink phone={phone.phone} formatted={phone.formatted_phone} />}
      {time.data && (
        <p className="tour-coordinator__schedule">
          {t('tour.sidebar.weekdays', { start: time.data.weekdays.start, end: time.data.weekdays.end })}
          <br />
          {t('tour.sidebar.weekend', { start: time.data.weekend.start, end: time.data.weekend.end })}
          <br />
          <span className="tour-muted">{t('tour.sidebar.gmt')}</span>
        </p>
      )}
    </div>
  );
}

// The help card's form and phone input: their own chunk, downloaded when the card's place comes near.
const TourHelpCard = lazy(() => import(/* webpackChunkName: "help-card" */ './TourHelpCard'));

/** The common help card (§2.7) under the coordinator contacts: 'Any tour program on your request'. */
function ContactsHelpCard() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '400px');
  return (
    <div ref={ref} className={`tour-card tour-side__help${near ? '' : ' tour-side__help--pending'}`} data-testid="help-card">
      {near && (
        <Suspense fallback={null}>
          <TourHelpCard />
        </Suspense>
      )}
    </div>
  );
}

/** Select / Unselect of tour selection mode (§4.9). */
function SelectionWidget({ tour }: { tour: TourDetail }) {
  const host = useHost();
  const { t } = useTourFormat();
  const token = useAtomValue(tourSelectionTokenAtom);
  const items = useAtomValue(tourSelectionItemsAtom);
  if (!token) return null;
  const selected = items.includes(tour.id);
  return (
    <div className="tour-selection" data-testid="selection-widget">
      <p className="tour-side__label">{t('tour.selection.title')}</p>
      {selected ? (
        <button type="button" className="ui-btn ui-btn--secondary ui-btn--block" aria-pressed="true" onClick={() => host.store.set(tourSelectionItemsAtom, (list) => list.filter((id) => id !== tour.id))}>
          {t('tour.selection.unselect')}
        </button>
      ) : (
        <button type="button" className="ui-btn ui-btn--secondary ui-btn--block" aria-pressed="false" aria-haspopup="dialog" onClick={() => openVariants(host, tour, 'selection')}>
          {t('tour.selection.select')}
        </button>
      )}
    </div>
  );
}

/**
 * The sidebar booking card (§2.6): price, 'from', old price and discount, the tickets hint, the tickets-price
 * and main request buttons, duration, departures (current and next season, 4 each, 'Show all departures' beyond
 * 4), the private-tour hint, accommodation, comfort, difficulty, group size, ages, weight, the meeting place with
 * 'Where is it?', coordinator contacts and the selection widget. Individual tours hide the tickets-price and
 * request buttons and the contacts.
 */
export function Sidebar({ tour, showMaxAge }: { tour: TourDetail; showMaxAge: boolean }) {
  const host = useHost();
  const f = useTourFormat();
  const { t } = f;
  const ticketsOffered = useTicketsPriceOffered(tour);
  const dates = splitSidebarDates(tour.variants, new Date());
  const comfort = comfortLevel(tour);
  const individual = tour.is_individual;
  // An archived tour shows what it was, but offers no date or request to choose (issue 29).
  const bookable = !tour.is_archived;
  const place = { name: tour.gathering_place, lat: tour.lat, lng: tour.lng, zoom: 10 };
  return (
    <aside className="tour-side" aria-label={t('tour.sidebar.label')}>
      <div className="tour-card tour-side__card" data-testid="booking-card">
        <div className="tour-side__price">
          <TourPrice tour={tour} />
          {!individual && <p className="tour-side__hint">{t('tour.sidebar.ticketsHint')}</p>}
        </div>
        {!individual && (
          <div className="tour-side__buttons">
            <MainRequestButton tour={tour} place="sidebar" />
            {bookable && ticketsOffered && (
              <button type="button" className="ui-btn ui-btn--secondary ui-btn--block" aria-haspopup="dialog" onClick={() => openCostCalculationForm(host, tour)}>
                {t('tour.conditions.ticketsPrice')}
              </button>
            )}
          </div>
        )}
        <dl className="tour-side__facts">
          <div>
            <dt>{t('tour.sidebar.duration')}</dt>
            <dd>{f.duration(tour.type, tour.days, tour.hours)}</dd>
          </div>
        </dl>
        {!individual && bookable && (dates.current.length > 0 || dates.next.length > 0) && (
          <div className="tour-side__dates" data-testid="sidebar-dates">
            {dates.current.length > 0 && (
              <>
                <h3 className="tour-side__label">{t('tour.sidebar.departures')}</h3>
                <DateRows variants={dates.current} host={host} />
              </>
            )}
            {dates.next.length > 0 && (
              <>
                <h3 className="tour-side__label">{t('tour.sidebar.nextSeason', { year: dates.next[0]!.start.slice(0, 4) })}</h3>
                <DateRows variants={dates.next} host={host} />
              </>
            )}
            {dates.showAll && (
              <button type="button" className="ui-btn ui-btn--link" aria-haspopup="dialog" onClick={() => openVariants(host, tour, 'page')}>
                {t('tour.schedule.showAll')}
              </button>
            )}
          </div>
        )}
        {!individual && bookable && hasIndividualDates(tour) && (
          <p className="tour-side__private">
            {t('tour.sidebar.privateHint')}{' '}
            <button type="button" className="ui-btn ui-btn--link" aria-haspopup="dialog" onClick={() => openPrivateTourForm(host, tour)}>{t('tour.action.private')}</button>
          </p>
        )}
        <dl className="tour-side__facts">
          {tour.accommodation_kinds.length > 0 && (
            <div>
              <dt>{t('tour.sidebar.accommodation')}</dt>
              <dd>{tour.accommodation_kinds.map((k) => t(`tour.accommodation.kind.${k}`)).join(', ')}</dd>
            </div>
          )}
          {comfort && (
            <div>
              <dt>{t('tour.sidebar.comfort')}</dt>
              <dd>{t(`tour.comfort.${comfort}`)}</dd>
            </div>
          )}
          {tour.difficulty >= 1 && tour.difficulty <= 4 && (
            <div>
              <dt>{t('tour.sidebar.difficulty')}</dt>
              <dd>{t(`tour.difficulty.${tour.difficulty}` as MessageId)}</dd>
            </div>
          )}
          <PeopleLimits tour={tour} showMaxAge={showMaxAge} />
          {tour.gathering_place && (
            <div>
              <dt>{t('tour.conditions.meeting')}</dt>
              <dd>
                {tour.gathering_place}
                {isValidPlace(place) && (
                  <>
                    {' '}
                    <button type="button" className="ui-btn ui-btn--link" aria-haspopup="dialog" onClick={() => openMap(host, place, t('tour.map.meeting'))}>
                      {t('tour.sidebar.whereIsIt')}
                    </button>
                  </>
                )}
              </dd>
            </div>
          )}
        </dl>
        {!individual && <Coordinator />}
        <SelectionWidget tour={tour} />
      </div>
      {!individual && <ContactsHelpCard />}
      {!individual && tour.cards.map((c, i) => (
        <div key={i} className="tour-card tour-side__extra">
          <h3 className="tour-card__title">{c.title}</h3>
          <p>{c.text}</p>
        </div>
      ))}
    </aside>
  );
}

