/**
 * The words of a tour's cancellation period (public-site §2.6 penalties), shared by the tour page's answer and the
 * cancellation message (use-cases/booking-notices.ts): a rule below the routes, so no lib imports a route for it.
 */
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';

/** Cancellation period text of a penalty tier (days before the start). */
export function penaltyPeriod(from: number, to: number | null, locale: ApiLocale): string {
  if (to === null) {
    return { en: `${from} days or more before the start`, cn: `出发前${from}天及以上`, de: `${from} Tage oder mehr vor Beginn`, ru: `За ${from} и более дн. до начала` }[locale];
  }
  return { en: `${from}–${to} days before the start`, cn: `出发前${from}至${to}天`, de: `${from}–${to} Tage vor Beginn`, ru: `За ${from}–${to} дн. до начала` }[locale];
}
