import { openDatabase } from './src/db';
import { searchConditions, searchPage, facetCounts, cardParts, searchReference } from './src/db/queries/search';
import { filterOfQuery } from './src/routes/search';
(async () => {
const db = await openDatabase({ file: '/tmp/scratch/cat.sqlite', migrate: false });
const ref = await searchReference(db);
const today = new Date().toISOString().slice(0, 10);
const queries = [
  { sort: 'price' }, { sort: 'price', comfort: '3' }, { sort: '-price', comfort: '3' }, { sort: '-price', comfort: ['3', '5'] },
  { isCruisesSearch: '1', sort: '-price', comfort: ['3', '5'] }, { isCruisesSearch: '1', comfort: ['3', '5'] }, { comfort: ['3', '5'] }, { comfort: ['3', '5', '4'] },
];
for (const q of queries) {
  const { filter } = filterOfQuery({ slug: 'tours', ...q }, ref as never, 'en');
  const conds = searchConditions(db, { filter, locale: 'en', rubPerUnit: 90, today });
  let t = performance.now();
  const page = await searchPage(db, conds, filter.sort, 1, 18);
  const a = performance.now() - t; t = performance.now();
  await facetCounts(db, conds, filter.isCruisesSearch);
  const b = performance.now() - t; t = performance.now();
  await cardParts(db, page.rows.map((r) => r.id), today);
  const c = performance.now() - t;
  console.log(JSON.stringify(q).padEnd(60), 'page', a.toFixed(1), 'facets', b.toFixed(1), 'cards', c.toFixed(1));
}
await db.close();

})();
