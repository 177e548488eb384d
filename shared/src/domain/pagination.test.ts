import { pageButtons, pageCount, pageFromQuery, pageRange, pageWithinRange } from './pagination';

describe('pageButtons (§9: 7 from the start, else first, gap, window; last pages within 3 of the end)', () => {
  test.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [7, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 20, [1, 2, 3, 4, 5, 6, 7]],
    [5, 20, [1, 2, 3, 4, 5, 6, 7]],
    [6, 20, [1, 'gap', 4, 5, 6, 7, 8]],
    [10, 20, [1, 'gap', 8, 9, 10, 11, 12]],
    [17, 20, [1, 'gap', 15, 16, 17, 18, 19]],
    [18, 20, [1, 'gap', 16, 17, 18, 19, 20]],
    [19, 20, [1, 'gap', 16, 17, 18, 19, 20]],
    [20, 20, [1, 'gap', 16, 17, 18, 19, 20]],
    [8, 9, [1, 'gap', 5, 6, 7, 8, 9]],
    [6, 8, [1, 'gap', 4, 5, 6, 7, 8]],
    [0, 20, [1, 2, 3, 4, 5, 6, 7]],
    [99, 20, [1, 'gap', 16, 17, 18, 19, 20]],
  ])('page %d of %d → %p', (page, pages, expected) => {
    expect(pageButtons(page, pages)).toEqual(expected);
  });

  test('never more than 7 buttons, the current page always among them', () => {
    for (let pages = 1; pages <= 40; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const items = pageButtons(page, pages);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
      }
    }
  });
});

describe("pageRange: '{rangeFrom}–{rangeTo} of {total}'", () => {
  test.each([
    [1, 1, 20, 95, { rangeFrom: 1, rangeTo: 20, total: 95 }],
    [2, 2, 20, 95, { rangeFrom: 21, rangeTo: 40, total: 95 }],
    [1, 3, 20, 95, { rangeFrom: 1, rangeTo: 60, total: 95 }],
    [5, 5, 20, 95, { rangeFrom: 81, rangeTo: 95, total: 95 }],
    [1, 1, 20, 0, { rangeFrom: 0, rangeTo: 0, total: 0 }],
  ])('pages %d–%d of size %d, total %d', (first, last, size, total, expected) => {
    expect(pageRange(first, last, size, total)).toEqual(expected);
  });
  test.each([[0, 20, 0], [1, 20, 1], [20, 20, 1], [21, 20, 2]])('pageCount(%d, %d) = %d', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });
});

describe('pageWithinRange (a page past the last shows the last)', () => {
  test.each([
    ['the last page of 159 asked for page 500', 500, 159, 159],
    ['one past the end', 160, 159, 159],
    ['the last page itself', 159, 159, 159],
    ['a page inside', 3, 159, 3],
    ['the first page', 1, 1, 1],
    ['no answer yet', 500, undefined, 500],
    ['no answer yet (null)', 500, null, 500],
    ['an empty list keeps its page (its empty state is the answer)', 4, 0, 4],
    ['a broken page count', 4, Number.NaN, 4],
  ])('%s', (_name, page, pages, expected) => {
    expect(pageWithinRange(page, pages)).toBe(expected);
  });
});

describe('pageFromQuery (?page= of a list)', () => {
  test.each([
    ['absent', undefined, undefined, 1],
    ['a page', '3', undefined, 3],
    ['the first of repeated values', ['4', '9'], undefined, 4],
    ['a fraction is its whole page', '2.5', undefined, 2],
    ['zero', '0', undefined, 1],
    ['negative', '-3', undefined, 1],
    ['not a number', 'abc', undefined, 1],
    ['empty', '', undefined, 1],
    ["past the call's bound: the bound", '99999', 10000, 10000],
    ['within the bound', '12', 10000, 12],
  ] as const)('%s', (_name, raw, max, expected) => {
    expect(pageFromQuery(raw as string | string[] | undefined, max)).toBe(expected);
  });
});
