import { openDatabase } from './src/db';
import { buildServer } from './src/server';
(async () => {
  const db = await openDatabase({ file: '/tmp/scratch/cat.sqlite', migrate: false });
  const app = buildServer({ db, config: { rateLimitPerMin: 0 } });
  const urls = [
    '/spa/tours?slug=tours&expand=filters',
    '/spa/tours?sort=price&slug=tours&expand=filters',
    '/spa/tours?comfort=3&sort=price&slug=tours&expand=filters&per-page=1',
    '/spa/tours?comfort=3&sort=price&slug=tours&expand=filters',
    '/spa/tours?comfort=3&sort=-price&slug=tours&expand=filters',
    '/spa/tours?comfort=3&comfort=5&sort=-price&slug=tours&expand=filters&per-page=1',
    '/spa/tours?comfort=3&comfort=5&sort=-price&slug=tours&expand=filters',
    '/spa/tours?isCruisesSearch=1&sort=-price&slug=tours&expand=filters',
    '/spa/tours?isCruisesSearch=1&slug=tours&expand=filters',
    '/spa/tours?slug=tours&expand=filters&comfort=3&comfort=5',
    '/spa/tours?comfort=3&comfort=5&comfort=4&slug=tours&expand=filters&per-page=1',
    '/spa/tours?comfort=3&comfort=5&comfort=4&slug=tours&expand=filters',
  ];
  for (const url of urls) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { 'x-language': 'en', 'x-currency': 'USD' } });
    console.log((performance.now() - t).toFixed(1).padStart(6), res.headers['server-timing'], res.statusCode, url);
  }
  await app.close();
  await db.close();
})();
