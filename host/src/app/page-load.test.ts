import { createStore } from 'jotai';
import { tourSelectionTokenAtom } from '@tours/shared/core';
import { onPageLoad } from './page-load';

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
