import { useHost } from '@tours/shared/core';
import type { TourDetail } from '../api';
import { openCostCalculationForm } from '../actions';
import { useTourFormat } from '../format';

/**
 * Weather widget (shouldShowWeatherWidget, active tours) and ticket-quote widget (shouldShowTicketQuoteWidget),
 * §2.6, §3.8, §4.8. Neither loads a third-party script: the weather card links to a forecast for the tour's
 * place, the ticket quote opens the free price-with-tickets request.
 */
export function Widgets({ tour, weather, ticketQuote }: { tour: TourDetail; weather: boolean; ticketQuote: boolean }) {
  const host = useHost();
  const { t } = useTourFormat();
  if (!weather && !ticketQuote) return null;
  const place = tour.main_location_name || tour.title;
  const forecast = `https://yandex.com/weather/?${new URLSearchParams({ lat: String(tour.lat), lon: String(tour.lng) }).toString()}`;
  return (
    <div className="tour-widgets">
      {weather && (
        <div className="tour-card tour-widget tour-widget--weather" data-testid="weather-widget">
          <h3 className="tour-card__title">{t('tour.weather.title', { place })}</h3>
          <p>{t('tour.weather.text')}</p>
          <a className="ui-btn ui-btn--secondary ui-btn--sm" href={forecast} target="_blank" rel="noopener noreferrer">
            {t('tour.weather.open')}
            <span className="visually-hidden"> {t('tour.map.newTab')}</span>
          </a>
        </div>
      )}
      {ticketQuote && (
        <div className="tour-card tour-widget tour-widget--tickets" data-testid="ticket-quote-widget">
          <h3 className="tour-card__title">{t('tour.ticketQuote.title')}</h3>
          <p>{t('tour.ticketQuote.text', { place })}</p>
          <button type="button" className="ui-btn ui-btn--primary ui-btn--sm" aria-haspopup="dialog" onClick={() => openCostCalculationForm(host, tour)}>
            {t('tour.ticketQuote.button')}
          </button>
        </div>
      )}
    </div>
  );
}
