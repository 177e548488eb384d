/**
 * What the tour page's buttons do. Request forms are parcels of the booking area, opened through the host's
 * modal outlet; choosing a date stores it and goes to the order page (public-site §2.6, §2.7, §4.1–§4.5).
 */
import { STORAGE, type HostContext } from '@tours/shared/contract';

/** The stored choice of §3.7 'Selected tour date': a variant id, 'individual', or an excursion time ('excursion:{date}:{timeId}'). */
export type DateChoice = number | 'individual' | `excursion:${string}`;

function storeSelectedDate(choice: DateChoice): void {
  try {
    localStorage.setItem(STORAGE.selectedTourDate, String(choice));
  } catch {
    /* storage blocked: the order page then asks for the date */
  }
}

/** Stores the date and navigates to request-page of `tourId` (another option's variant goes to that option's tour). */
export function chooseDate(host: HostContext, tourId: number, choice: DateChoice): void {
  storeSelectedDate(choice);
  host.navigate(host.href('request-page', { id: tourId }));
}

export interface FormTour { id: number; title: string; request_period_start?: string | null; request_period_end?: string | null; type?: number }

export function openPrivateTourForm(host: HostContext, tour: FormTour) {
  return host.openModal('booking/private-tour', { tourId: tour.id, tourTitle: tour.title, requestPeriodStart: tour.request_period_start ?? null, requestPeriodEnd: tour.request_period_end ?? null });
}

export function openCostCalculationForm(host: HostContext, tour: FormTour) {
  return host.openModal('booking/cost-calculation', { tourId: tour.id, tourTitle: tour.title, tourType: tour.type ?? 1 });
}

export function openProgramPdfForm(host: HostContext, tour: FormTour) {
  return host.openModal('booking/program-pdf', { tourId: tour.id, tourTitle: tour.title });
}
