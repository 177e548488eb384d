import { screen } from '@testing-library/react';
import { renderScreen } from '../testing';
import { PaginationBar } from './Pagination';

const bar = (page: number, total: number) => <PaginationBar page={page} pages={Math.ceil(total / 18)} total={total} pageSize={18} hrefFor={(p) => `/en/tours?page=${p}`} onPage={() => undefined} />;

describe('the caption of the pagination: numbers with the locale\'s separators', () => {
  test.each<[string, number, number, string]>([
    ['en', 1, 2851, '1–18 of 2,851'],
    ['en', 120, 2851, '2,143–2,160 of 2,851'],
    ['de', 1, 2851, '1–18 von 2.851'],
    ['ru', 1, 2851, '1–18 из 2 851'], // a no-break space (the matcher sees it as a space)
    ['ru', 1, 12851, '1–18 из 12 851'],
    ['en', 1, 40, '1–18 of 40'],
  ])('%s, page %d of %d: %p', (locale, page, total, caption) => {
    renderScreen(bar(page, total), { url: `/${locale}/tours` });
    expect(screen.getByText(caption)).toBeInTheDocument();
  });
});
