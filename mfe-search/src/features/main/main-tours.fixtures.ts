/* An answer of GET /spa/main-page-tours for the main page's tests, checked against the API's own schema. */
import { create } from 'superstruct';
import { MainPageToursAnswer, type TourCardItem } from '@tours/shared/api';

function card(id: number, over: Partial<TourCardItem> = {}): TourCardItem {
  return {
    id, title: `Tour ${id}`, slug: `tour-${id}`, image: `/media/tours/${id}-1/{{size}}/image.svg`, images: [], description: '',
    price: 40000 + id, currency: 'RUB', originalPrice: 40000 + id, originalCurrency: 'RUB', priceWithoutDiscount: 40000 + id, originalPriceWithoutDiscount: 40000 + id,
    isNeedShowPriceFrom: false, discounts: [], discount: null, type: 'TOUR', isCruise: false, days: 5, hours: null, mainLocation: 'region', mainLocationName: 'Altai Republic',
    countries: [], regions: [], hostCities: [], variants: [], versions: [], nearestVariant: null, excursionDates: [], isUsingRequestPeriod: false,
    requestPeriodStart: null, requestPeriodEnd: null, isDatesPreliminary: false, showIndividualDatesInCard: false,
    organizer: { id: 1, expert: { first_name: 'Anna', last_name: 'Petrova', photo: null } }, mainActivity: null, tags: [], rating: 4.5, reviewsCount: 3, difficulty: 2,
    isVeryHot: false, isNewTour: false, isComfortBase: false, isComfortBasePlus: false, isComfortMedium: true, isComfortImproved: false, isComfortPremium: false,
    ...over,
  };
}

export const MAIN_TOURS = create({
  popular: [card(1, { title: 'Altai lakes trek' }), card(2, { title: 'Baikal on the ice', isNeedShowPriceFrom: true })],
  styles: [
    { id: 3, name: 'Hiking', slug: 'hiking-tour', tours_count: 1234 },
    { id: 4, name: 'Rafting', slug: 'rafting', tours_count: 56 },
  ],
  upcoming: [{ start: '2026-03-14', end: '2026-03-20', tour: card(9, { title: 'Kamchatka volcanoes', price: 150000, originalPrice: 150000 }) }],
  reviews: [{
    id: 70, name: 'Maria Ivanova', author_photo: null, rating: 5, date: '2026-03-01', text: 'The guides were wonderful and the lakes unforgettable.',
    tour: { id: 1, slug: 'tour-1', name: 'Altai lakes trek' },
  }],
}, MainPageToursAnswer);
