import { installScrollRestoration } from './scroll-restoration';

/** The page's height and place, which jsdom does not lay out: scrollTo moves within the room the page has. */
let pageHeight = 5000;
let y = 0;
const scrolls: number[] = [];

beforeAll(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => pageHeight });
  window.scrollTo = ((_x: number, top: number) => {
    y = Math.max(0, Math.min(top, pageHeight - 800));
    scrolls.push(y);
    window.dispatchEvent(new Event('scroll'));
  }) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    window.scrollTo(0, Number((this as HTMLElement).dataset.top));
  };
});

let uninstall: () => void;
beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/en/tours');
  pageHeight = 5000;
  y = 0;
  scrolls.length = 0;
  uninstall = installScrollRestoration(window);
  routed(); // the page load's routing
});
afterEach(() => uninstall());

const frames = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));
const visitorScrollsTo = (top: number) => window.scrollTo(0, top);
function routed() {
  window.dispatchEvent(new CustomEvent('single-spa:before-routing-event'));
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
}
/** A link followed: single-spa pushes the entry and announces it with a popstate of its own. */
function follow(url: string) {
  window.history.pushState(null, '', url);
  const own = new PopStateEvent('popstate', { state: null }) as PopStateEvent & { singleSpa: boolean };
  own.singleSpa = true;
  window.dispatchEvent(own);
  routed();
}
/** The browser's back button: a popstate of the browser, then single-spa's routing. */
async function back() {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await popped;
  routed();
}

describe('scroll position across navigations (issue 17)', () => {
  test('a new page starts at the top; back returns to the place left, once the page is tall enough', async () => {
    visitorScrollsTo(1800);
    follow('/en/tour/baikal-ice-12');
    expect(y).toBe(0);
    visitorScrollsTo(600);

    pageHeight = 1000; // the list is drawing again: not yet tall enough for 1800
    await back();
    expect(window.location.pathname).toBe('/en/tours');
    pageHeight = 5000;
    await frames();
    expect(y).toBe(1800);

    // forward: the tour page's own place
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.forward();
    await popped;
    routed();
    await frames();
    expect(y).toBe(600);
  });

  test('the same path with another query (a filter, a page of results) is not a new page: nothing moves', () => {
    visitorScrollsTo(900);
    scrolls.length = 0;
    follow('/en/tours?duration=1-3');
    expect(y).toBe(900);
    expect(scrolls).toEqual([]);
  });

  test('a new page with an anchor opens at the anchor once it is drawn', async () => {
    visitorScrollsTo(1200);
    follow('/en/tour/baikal-ice-12#reviews');
    expect(y).toBe(0);
    const section = document.createElement('section');
    section.id = 'reviews';
    section.dataset.top = '2400';
    document.body.append(section);
    await frames();
    expect(y).toBe(2400);
    section.remove();
  });

  test('back: the place is held while the page draws (a bar above the header arriving after the restore)', async () => {
    visitorScrollsTo(1800);
    follow('/en/tour/baikal-ice-12');
    await back();
    await frames();
    expect(y).toBe(1800);
    // Something above arrives and the browser's scroll anchoring moves the page by its height: the place comes back.
    window.scrollTo(0, 1910);
    await frames();
    expect(y).toBe(1800);
  });

  test('an anchor stays in view while the page draws above it, until the visitor takes over', async () => {
    follow('/en/tour/baikal-ice-12#reviews');
    const section = document.createElement('section');
    section.id = 'reviews';
    section.dataset.top = '2400';
    section.getBoundingClientRect = () => ({ top: Number(section.dataset.top) - y }) as DOMRect;
    document.body.append(section);
    await frames();
    expect(y).toBe(2400);
    // The route and the pictures above arrive: the reviews move down, the page follows them.
    section.dataset.top = '3100';
    await frames();
    expect(y).toBe(3100);
    // The visitor scrolls: the page is theirs.
    window.dispatchEvent(new Event('pointerdown'));
    visitorScrollsTo(500);
    section.dataset.top = '3600';
    await frames();
    expect(y).toBe(500);
    section.remove();
  });

  test('the visitor scrolling first wins over a pending restore', async () => {
    visitorScrollsTo(3000);
    follow('/en/about');
    pageHeight = 1500;
    await back();
    window.dispatchEvent(new Event('wheel'));
    visitorScrollsTo(200);
    pageHeight = 5000;
    await frames();
    expect(y).toBe(200);
  });

  test('a reload keeps the place of its entry', async () => {
    visitorScrollsTo(2500);
    window.dispatchEvent(new Event('pagehide'));
    uninstall();
    y = 0;
    uninstall = installScrollRestoration(window);
    routed();
    await frames();
    expect(y).toBe(2500);
  });

  test('where the browser has the Navigation API, its entry keys are used and no history write is added', async () => {
    uninstall();
    // Entry keys as Chromium gives them: a push makes a new one, a traversal brings the entry's own back.
    const entries = ['k-load'];
    let at = 0;
    const navigation = { get currentEntry() { return { key: entries[at] }; } };
    Object.defineProperty(window, 'navigation', { configurable: true, value: navigation });
    const replaceState = jest.spyOn(window.history, 'replaceState');
    try {
      uninstall = installScrollRestoration(window);
      routed();
      visitorScrollsTo(1500);
      window.history.pushState(null, '', '/en/tours?sort=price');
      entries.push('k-filter');
      at = 1;
      routed();
      expect(y).toBe(1500); // the same path: nothing moves
      entries.push('k-tour');
      window.history.pushState(null, '', '/en/tour/baikal-ice-12');
      at = 2;
      routed();
      expect(y).toBe(0);
      at = 1;
      await back();
      await frames();
      expect(y).toBe(1500);
      expect(replaceState).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('pagehide'));
      expect(JSON.parse(sessionStorage.getItem('scroll-positions') ?? '[]')).toEqual(expect.arrayContaining([['k-filter', 1500]]));
    } finally {
      replaceState.mockRestore();
      delete (window as { navigation?: unknown }).navigation;
    }
  });

  test('the positions are written a moment after a navigation, not in it', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    try {
      visitorScrollsTo(900);
      await frames(300);
      setItem.mockClear();
      follow('/en/tour/baikal-ice-12');
      expect(setItem).not.toHaveBeenCalled();
      await frames(300);
      expect(setItem).toHaveBeenCalledTimes(1);
    } finally {
      setItem.mockRestore();
    }
  });
});

