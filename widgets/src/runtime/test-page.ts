/** The page the widget tests mount a widget in (widgets.preact.test.tsx, request/captcha.preact.test.tsx). */

export type Answer = { status?: number; body: unknown };
export type Route = (url: URL, init: RequestInit) => Answer | Promise<never>;

/**
 * jsdom's stand-in for the shadow root's stylesheet (replaceSync keeps the text), a fake network (fetch answers from
 * `routes` by 'METHOD /path'; anything else fails as a network error does), console errors kept out of the output,
 * and the body emptied after each test. Each test starts with the routes `initial` gives.
 */
export function widgetTestPage(initial: () => Record<string, Route> = () => ({})) {
  (CSSStyleSheet.prototype as unknown as { replaceSync: (t: string) => void }).replaceSync = function replaceSync(this: { text?: string }, text: string) {
    this.text = text;
  };
  const state = {
    routes: {} as Record<string, Route>,
    /** console.error, spied on during each test. */
    consoleError: undefined as unknown as jest.SpyInstance,
  };
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input);
    const route: Route | undefined = state.routes[`${init.method ?? 'GET'} ${url.pathname}`];
    if (!route) throw new TypeError('Failed to fetch');
    const { status = 200, body }: Answer = await route(url, init);
    return { ok: status < 400, status, json: async () => body } as Response;
  });
  const page = Object.assign(state, { fetchMock });
  (globalThis as unknown as { fetch: unknown }).fetch = page.fetchMock;
  beforeEach(() => {
    page.routes = initial();
    page.fetchMock.mockClear();
    page.consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    page.consoleError.mockRestore();
    document.body.replaceChildren();
  });
  return page;
}
