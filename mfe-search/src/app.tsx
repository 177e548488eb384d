import { lazy } from 'react';
import { createMfeApp } from '@tours/shared/kit';

// Each screen is its own chunk: a route downloads only the screen it shows.
const MainPage = lazy(() => import('./features/main/MainPage'));
const SearchPage = lazy(() => import('./features/search/SearchPage'));
const DestinationsPage = lazy(() => import('./features/destinations/DestinationsPage'));
const ReviewsPage = lazy(() => import('./features/reviews/ReviewsPage'));
const BlogIndexPage = lazy(() => import('./features/blog/BlogIndexPage'));
const BlogArticlePage = lazy(() => import('./features/blog/BlogArticlePage'));
const InfoPage = lazy(() => import('./features/info/InfoPage'));

export const { bootstrap, mount, unmount } = createMfeApp({
  name: 'mfe-search',
  version: __BUILD_VERSION__,
  screens: {
    index: MainPage,
    tours: SearchPage,
    destinations: DestinationsPage,
    'reviews-index': ReviewsPage,
    'blog-index': BlogIndexPage,
    'blog-article-id': BlogArticlePage,
    'partnership-page': lazy(() => import('./features/agencies/AgenciesPage')),
    'organizers-page': InfoPage,
    'visa-page': InfoPage,
    'about-page': InfoPage,
    'gift-cards-page': InfoPage,
    'certificates-page': InfoPage,
    'contacts-page': InfoPage,
    agreement: InfoPage,
    privacy: InfoPage,
    cookies: InfoPage,
    faq: InfoPage,
    press: InfoPage,
  },
});
