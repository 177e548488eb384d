/**
 * excursionsEnabled (app configuration §3.8, issue 32): with it false an excursion's page is the 404 error page, as
 * the host server answers the URL; a tour is unaffected, and with it true the excursion shows.
 */
import './test-swiper';
import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import { BASE_CONFIG } from '@tours/shared/contract';
import { renderScreen } from '@tours/shared/src/testing';
import TourPage from './TourPage';
import { tourFixture } from './test-fixture';

beforeAll(() => {
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
});

const walk = 'svir-walk-1002';
const excursion = tourFixture({ id: 1002, id_on_site: 1002, type: 2, type_name: 'EXCURSION', title: 'A walk in Svir', slug: walk, slugs: { en: walk, cn: walk, de: walk, ru: walk } });

function open(tour = excursion, excursionsEnabled: boolean) {
  return renderScreen(<TourPage />, { url: `/en/${tour.slug}`, routes: { '/spa/tour': tour }, config: { excursionsEnabled } });
}

const pageErrors = (r: ReturnType<typeof open>) => r.events.filter((e) => e.event === 'page:error').map((e) => e.payload);

test('excursionsEnabled=false: an excursion is a 404, its content never shown', async () => {
  const r = open(excursion, false);
  await waitFor(() => expect(pageErrors(r)).toEqual([{ status: 404 }]));
  expect(screen.queryByRole('heading', { level: 1, name: excursion.title })).not.toBeInTheDocument();
});

test('excursionsEnabled=false: a tour shows as before', async () => {
  const tour = tourFixture();
  const r = open(tour, false);
  expect(await screen.findByRole('heading', { level: 1, name: tour.title })).toBeInTheDocument();
  expect(pageErrors(r)).toEqual([]);
});

test('excursionsEnabled=true: the excursion shows', async () => {
  expect(BASE_CONFIG.excursionsEnabled).toBe(false);
  const r = open(excursion, true);
  expect(await screen.findByRole('heading', { level: 1, name: excursion.title })).toBeInTheDocument();
  expect(pageErrors(r)).toEqual([]);
});
