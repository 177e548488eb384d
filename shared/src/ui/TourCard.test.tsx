import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '../api/client';
import { clearConversionCache } from '../domain/price';
import { HostProvider } from '@tours/shared/core';
import { currencyAtom, favouritesAtom } from '@tours/shared/core';
import { BASE_CONFIG } from '../config/app-config';
import { createTestHost } from '../testing';
import { Price } from './Price';
import { TourCard } from './TourCard';

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function setup({ currency = 'RUB', rate = 0.0125, loggedIn = false, hideOrganizers = false } = {}) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const get = jest.fn(async (_path: string, opts: { query?: Record<string, unknown> }) => {
    await gate;
    return { result: Math.round(Number(opts.query?.amount) * rate * 100) / 100 };
  });
  const post = jest.fn(async (path: string, body: { tour_id: number }) => ({ result: true, tour_ids: path.endsWith('create') ? [body.tour_id] : [] }));
  const api = { get, post } as unknown as ApiClient;
  const { store, host } = createTestHost({
    api,
    currency,
    config: { organizer: { ...BASE_CONFIG.organizer, forceHideOrganizers: hideOrganizers } },
    session: loggedIn ? { token: 't', profile: { id: 1, first_name: 'A', last_name: 'B' } } : null,
  });
  const wrap = (ui: React.ReactElement) => render(<HostProvider host={host}>{ui}</HostProvider>);
  return { store, get, post, wrap, release };
}

const tour = {
  id: 1001, title: 'Altai lakes trek', slug: 'altai-lakes-trek-1001', image: '/media/tours/1001-1/{{size}}/image.svg',
  price: 45000, currency: 'RUB', originalPrice: 45000, originalCurrency: 'RUB', priceWithoutDiscount: 50000, originalPriceWithoutDiscount: 50000,
  isNeedShowPriceFrom: true, type: 'TOUR', days: 7, hours: null, mainLocationName: 'Altai Republic', variants: [{ id: 1 }, { id: 2 }, { id: 3 }],
  isUsingRequestPeriod: false, organizer: { expert: { first_name: 'Anna', last_name: 'Petrova', photo: null } }, mainActivity: { name: 'Hiking' },
  tags: [{ id: 1, text: 'Lakes', is_hidden: false }, { id: 2, text: 'Internal', is_hidden: true }], rating: 4.84, reviewsCount: 12, isNewTour: true, isVeryHot: false,
};

beforeEach(() => clearConversionCache());

describe('TourCard (§3.4)', () => {
  it('shows the card derivations', () => {
    const { wrap, release } = setup();
    release();
    wrap(<TourCard tour={tour} />);
    expect(screen.getByRole('link', { name: 'Altai lakes trek' })).toHaveAttribute('href', '/en/altai-lakes-trek-1001');
    expect(document.querySelector('.ui-tour-card__media img')).toHaveAttribute('src', '/media/tours/1001-1/400x400/image.svg');
    expect(screen.getByText('Altai Republic')).toBeInTheDocument();
    expect(screen.getByText('7 days')).toBeInTheDocument();
    expect(screen.getByText('+2 dates')).toBeInTheDocument();
    expect(screen.getByText('4.8 (12 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Organizer: Anna P.')).toBeInTheDocument();
    expect(screen.getByText('Lakes')).toBeInTheDocument();
    expect(screen.queryByText('Internal')).not.toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(plain(screen.getByText(/^from /).textContent)).toBe('from 45 000 ₽');
    expect(plain(document.querySelector('.ui-price__old')!.textContent)).toBe('Price before the discount: 50 000 ₽');
    expect(screen.getByText('−10%')).toBeInTheDocument();
  });

  it('shows hours for an excursion and hides the organizer when organizers are hidden', () => {
    const { wrap } = setup({ hideOrganizers: true });
    wrap(<TourCard tour={{ ...tour, type: 'EXCURSION', hours: 3, variants: [{ id: 1 }], isUsingRequestPeriod: true }} />);
    expect(screen.getByText('3 hours')).toBeInTheDocument();
    expect(screen.getByText('+1 date')).toBeInTheDocument();
    expect(screen.queryByText(/Organizer:/)).not.toBeInTheDocument();
  });

  it('toggles the favourite on the device and, when logged in, on the server', async () => {
    const { wrap, store, post } = setup({ loggedIn: true });
    wrap(<TourCard tour={tour} />);
    const heart = screen.getByRole('button', { name: 'Add Altai lakes trek to favourites' });
    await userEvent.click(heart);
    expect(store.get(favouritesAtom)).toEqual([1001]);
    expect(post).toHaveBeenLastCalledWith('/crm/api/favourite-tour/create', { tour_id: 1001 }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Altai lakes trek from favourites' }));
    expect(store.get(favouritesAtom)).toEqual([]);
    expect(post).toHaveBeenLastCalledWith('/crm/api/favourite-tour/delete', { tour_id: 1001 }, expect.anything());
  });

  it('a guest keeps favourites on the device only', async () => {
    const { wrap, store, post } = setup();
    wrap(<TourCard tour={tour} />);
    await userEvent.click(screen.getByRole('button', { name: /Add .* to favourites/ }));
    expect(store.get(favouritesAtom)).toEqual([1001]);
    expect(post).not.toHaveBeenCalled();
  });
});

describe('Price (§9)', () => {
  it('converts to the selected currency with a skeleton while converting', async () => {
    const { wrap, get, release } = setup({ currency: 'EUR', rate: 0.01 });
    wrap(<Price amount={45000} currency="RUB" oldAmount={50000} />);
    expect(screen.getByRole('status', { name: 'Converting the price…' })).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(plain(document.querySelector('.ui-price__current')!.textContent)).toBe('€450'));
    expect(plain(document.querySelector('.ui-price__old')!.textContent)).toContain('€500');
    expect(get).toHaveBeenCalledWith('/node-api/convert-price', expect.objectContaining({ query: { from_currency: 'RUB', to_currency: 'EUR', amount: 45000 } }));
  });

  it('follows a currency switch, and needs no call for the currency it already has', async () => {
    const { wrap, get, store, release } = setup({ currency: 'USD', rate: 0.0125 });
    release();
    wrap(<Price amount={900} currency="USD" original={{ amount: 72000, currency: 'RUB' }} />);
    expect(plain(document.querySelector('.ui-price__current')!.textContent)).toBe('$900');
    expect(get).not.toHaveBeenCalled();
    act(() => store.set(currencyAtom, 'RUB'));
    expect(plain(document.querySelector('.ui-price__current')!.textContent)).toBe('72 000 ₽');
    act(() => store.set(currencyAtom, 'EUR'));
    await waitFor(() => expect(plain(document.querySelector('.ui-price__current')!.textContent)).toBe('€900'));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![1].query).toEqual({ from_currency: 'RUB', to_currency: 'EUR', amount: 72000 });
  });

  it('hides a discount under 2 % and keeps the amount when conversion fails', async () => {
    const { wrap, get } = setup({ currency: 'USD' });
    get.mockRejectedValueOnce(new Error('down'));
    wrap(<Price amount={99} currency="RUB" oldAmount={100} />);
    await waitFor(() => expect(plain(document.querySelector('.ui-price__current')!.textContent)).toBe('99 ₽'));
    expect(document.querySelector('.ui-price__discount')).toBeNull();
  });

  it('formats compactly with 4 significant digits', () => {
    const { wrap } = setup({ currency: 'RUB' });
    wrap(<Price amount={1234567} currency="RUB" compact />);
    expect(plain(document.querySelector('.ui-price__current')!.textContent)).toBe('1,235 млн ₽');
  });
});
