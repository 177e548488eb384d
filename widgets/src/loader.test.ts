/**
 * The loader in jsdom: custom elements, shadow roots, the command queue, events, SPA insertion and removal,
 * destroy(), and the fallback when a bundle cannot be loaded. Bundles are virtual modules here.
 */
type Detail = Record<string, unknown>;
const w = window as unknown as { tourWidgets?: unknown; __mounts: Detail[]; __chunks: string[] };

const MANIFEST = {
  version: 'test1234',
  // Per bundle: its file, its stylesheet, then the chunks it imports statically.
  bundles: { search: ['search.AAAA1111.js', 'search.BBBB2222.css'], request: ['request.CCCC3333.js', 'request.DDDD4444.css', 'chunk.EEEE5555.js'] },
  messages: { en: 'en.11111111.js', cn: 'cn.11111111.js', de: 'de.11111111.js', ru: 'ru.11111111.js' },
};
Object.assign(globalThis, {
  __TW_MANIFEST__: MANIFEST,
  __TW_ENV__: { site: 'https://tours.example', api: 'https://tours.example' },
  __TW_FALLBACK__: { en: ['Find tours and send requests on ', 'Tours of Russia', ''], de: ['Reisen finden und anfragen auf ', 'Tours of Russia', ''], cn: ['请在', '俄罗斯旅游', '查找'], ru: ['Туры и заявки на сайте ', 'Туры по России', ''] },
});

// jsdom lacks constructable stylesheets, performance.mark and fetch.
(CSSStyleSheet.prototype as unknown as { replaceSync: (t: string) => void }).replaceSync = function replaceSync(this: { text?: string }, text: string) {
  this.text = text;
};
performance.mark = jest.fn() as never;
const fetchMock = jest.fn(async (url: string) => ({ ok: true, status: 200, text: async () => `/* ${url} */` }));
(globalThis as unknown as { fetch: unknown }).fetch = fetchMock;

w.__mounts = [];
const fakeBundle = (kind: string) => ({
  mount: (ctx: Detail & { container: HTMLElement; emit: (e: string, d?: Detail) => void }) => {
    const entry: Detail = { kind, attributes: ctx.attributes, env: ctx.env, messages: ctx.messages, unmounted: false };
    w.__mounts.push(entry);
    ctx.container.textContent = `${kind} widget`;
    return () => {
      entry.unmounted = true;
    };
  },
});
jest.mock('http://localhost/search.AAAA1111.js', () => fakeBundle('search'), { virtual: true });
jest.mock('http://localhost/en.11111111.js', () => ({ __esModule: true, default: { 'widgets.siteName': 'Tours of Russia' } }), { virtual: true });
jest.mock('http://localhost/de.11111111.js', () => ({ __esModule: true, default: { 'widgets.siteName': 'Tours of Russia (de)' } }), { virtual: true });
// request.CCCC3333.js is not there: as if the bundle were blocked. Its chunk is.
w.__chunks = [];
jest.mock('http://localhost/chunk.EEEE5555.js', () => {
  w.__chunks.push('chunk.EEEE5555.js');
  return {};
}, { virtual: true });

const events: [string, Detail][] = [];
const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

beforeAll(async () => {
  document.body.innerHTML = `
    <tour-search-widget id="a" partner="agency-42" locale="de" color="#0A7D5A"></tour-search-widget>
    <tour-search-widget id="b" partner="agency-7"></tour-search-widget>`;
  // Commands queued before the loader arrives are kept and run.
  const queue: unknown[] = [];
  for (const name of ['ready', 'error', 'search', 'requestSubmitted']) queue.push(['on', name, (d: Detail) => events.push([name, d])]);
  w.tourWidgets = queue;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await import('./loader');
  await flush();
});

test('each element mounts in its own open shadow root with its own attributes; the queue ran', () => {
  const a = document.getElementById('a')!;
  const b = document.getElementById('b')!;
  expect(a.shadowRoot?.textContent).toBe('search widget');
  expect(b.shadowRoot?.textContent).toBe('search widget');
  expect(a.textContent).toBe(''); // nothing leaks into the page's DOM
  expect(w.__mounts.map((m) => (m.attributes as Detail).partner)).toEqual(['agency-42', 'agency-7']);
  expect((w.__mounts[0]!.attributes as Detail).color).toBe('#0A7D5A');
  expect(w.__mounts[0]!.env).toEqual({ site: 'https://tours.example', api: 'https://tours.example' });
  expect(w.__mounts[0]!.messages).toEqual({ 'widgets.siteName': 'Tours of Russia (de)' });
  expect(events.filter(([e]) => e === 'ready').map(([, d]) => (d.element as HTMLElement).id)).toEqual(['a', 'b']);
  // The bundle's stylesheet is fetched once for both elements.
  expect(fetchMock.mock.calls.filter(([u]) => u.endsWith('search.BBBB2222.css'))).toHaveLength(1);
});

test('the API object replaces the queue; on("ready") reports widgets that are already ready', () => {
  const api = w.tourWidgets as { version: string; on: (e: string, h: (d: Detail) => void) => () => void; push: (...c: unknown[]) => void };
  expect(api.version).toBe('test1234');
  const seen: unknown[] = [];
  const off = api.on('ready', (d) => seen.push((d.element as HTMLElement).id));
  expect(seen).toEqual(['a', 'b']);
  off();
});

test('an element inserted later mounts by itself; a removed one unmounts; a moved one stays mounted', async () => {
  const before = w.__mounts.length;
  const el = document.createElement('tour-search-widget');
  el.setAttribute('partner', 'spa');
  document.body.append(el);
  await flush();
  expect(w.__mounts).toHaveLength(before + 1);
  const entry = w.__mounts[before]!;
  // Moving it (remove + insert in one task) does not remount.
  document.body.prepend(el);
  await flush();
  expect(w.__mounts).toHaveLength(before + 1);
  expect(entry.unmounted).toBe(false);
  el.remove();
  await flush();
  expect(entry.unmounted).toBe(true);
  expect(el.shadowRoot?.childNodes).toHaveLength(0);
});

test('changing an attribute remounts with the new configuration', async () => {
  const b = document.getElementById('b')!;
  const before = w.__mounts.length;
  b.setAttribute('locale', 'de');
  await flush();
  expect(w.__mounts).toHaveLength(before + 1);
  expect((w.__mounts[before]!.attributes as Detail).locale).toBe('de');
});

test('an unknown locale (even an Object.prototype name) falls back to en', async () => {
  const before = w.__mounts.length;
  document.body.insertAdjacentHTML('beforeend', '<tour-search-widget partner="p" locale="constructor"></tour-search-widget>');
  await flush();
  expect(w.__mounts[before]!.messages).toEqual({ 'widgets.siteName': 'Tours of Russia' });
});

test('a bundle that cannot be loaded leaves a compact message with a link to the main site, and an error event', async () => {
  document.body.insertAdjacentHTML('beforeend', '<tour-request-widget id="r" partner="agency-42"></tour-request-widget>');
  await flush();
  const root = document.getElementById('r')!.shadowRoot!;
  expect(root.textContent).toBe('Find tours and send requests on Tours of Russia');
  const link = root.querySelector('a')!;
  expect(link.href).toBe('https://tours.example/en?utm_source=agency-42');
  expect(link.target).toBe('_blank');
  expect(events.some(([e, d]) => e === 'error' && d.reason === 'bundle' && d.widget === 'request')).toBe(true);
  // The chunk the bundle imports was asked for with the bundle, not after it had arrived.
  expect(w.__chunks).toEqual(['chunk.EEEE5555.js']);
});

test('a second copy of the loader does nothing', async () => {
  const api = w.tourWidgets;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second copy, loaded synchronously
    require('./loader');
  });
  await flush();
  expect(w.tourWidgets).toBe(api);
});

test('destroy() unmounts every widget and stops new ones', async () => {
  const api = w.tourWidgets as { destroy: () => void };
  const live = w.__mounts.filter((m) => !m.unmounted);
  api.destroy();
  expect(live.every((m) => m.unmounted)).toBe(true);
  const count = w.__mounts.length;
  document.body.insertAdjacentHTML('beforeend', '<tour-search-widget partner="late"></tour-search-widget>');
  await flush();
  expect(w.__mounts).toHaveLength(count);
});
