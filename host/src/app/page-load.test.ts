import { createStore } from 'jotai';
import { tourSelectionItemsAtom, tourSelectionTokenAtom } from '@tours/shared/core';
import { onPageLoad, readSelectionItems } from './page-load';

function location(href: string): Location {
  return { href } as Location;
}

describe('on every page load (§2.3)', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; Max-Age=0; Path=/`));
  });

  test('stores and strips the tour-selection token, resetting the selection', () => {
    localStorage.setItem('tour-selection-items', '[1,2]');
    const store = createStore();
    const history = { state: null, replaceState: jest.fn() } as unknown as History;
    onPageLoad(store, location('http://x/en/altai?tour-selection-token=42-abc&page=2'), history);
    expect(store.get(tourSelectionTokenAtom)).toBe('42-abc');
    expect(localStorage.getItem('tour-selection-token')).toBe('42-abc');
    expect(localStorage.getItem('tour-selection-items')).toBeNull();
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/en/altai?page=2');
  });

  test('a reload keeps the selection: the stored token and items come back, and changes are stored', () => {
    localStorage.setItem('tour-selection-token', '42-abc');
    localStorage.setItem('tour-selection-items', '[5,7]');
    const store = createStore();
    onPageLoad(store, location('http://x/en/tours'), { state: null, replaceState: jest.fn() } as unknown as History);
    expect(store.get(tourSelectionTokenAtom)).toBe('42-abc');
    expect(store.get(tourSelectionItemsAtom)).toEqual([5, 7]);
    store.set(tourSelectionItemsAtom, [5, 7, 9]);
    expect(localStorage.getItem('tour-selection-items')).toBe('[5,7,9]');
  });

  test.each([
    [null, []],
    ['not json', []],
    ['{"a":1}', []],
    ['[3,3,"x",-1,2.5,4]', [3, 4]],
  ])('stored items %p read as %p', (raw, items) => {
    expect(readSelectionItems(raw)).toEqual(items);
  });

  test('stores the UTM parameters as cookies', () => {
    const store = createStore();
    const history = { state: null, replaceState: jest.fn() } as unknown as History;
    onPageLoad(store, location('http://x/?utm_source=agency7&utm_campaign=spring&utm_content=banner'), history);
    expect(document.cookie).toContain('utm_source=agency7');
    expect(document.cookie).toContain('utm_campaign=spring');
    expect(document.cookie).toContain('utm_content=banner');
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
