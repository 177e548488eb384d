/**
 * The two widgets as they ship: rendered by Preact with React's API from runtime/react.ts (react, react-dom/client
 * and the JSX runtime mapped to it here as in the esbuild build), in a container like the loader's.
 */
import { TEST_ENV as env, widgetMessages } from './runtime/test-as-shipped';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import type { MountContext, MountWidget } from './runtime/protocol';
import { widgetTestPage } from './runtime/test-page';

const messages = widgetMessages();

const page = widgetTestPage();
const { fetchMock } = page;

function mountWidget(mount: MountWidget, kind: 'search' | 'request', attributes: Record<string, string>) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = { adoptedStyleSheets: [] as CSSStyleSheet[] } as unknown as ShadowRoot;
  const emit = jest.fn();
  const ctx: MountContext = { kind, root, container, attributes, env, messages, emit };
  const unmount = mount(ctx);
  return { container, root, emit, unmount, view: within(container) };
}

const SEARCH_FORM = { regions: [], types: [{ id: 5, name: 'Hiking', slug: 'hiking', tours_count: 40 }, { id: 2, name: 'Cruise', slug: 'cruise', tours_count: 12 }] };
const SUGGEST = {
  result: [
    { kind: 'regions', items: [{ id: 12, name: 'Altai Republic', slug: 'altai-republic', path: '/en/altai-republic' }] },
    { kind: 'cities', items: [{ id: 110, name: 'Altaisk', slug: 'altaisk', path: '/en/altaisk' }] },
  ],
};

describe('search box', () => {
  test('destination, dates and travel style open the search page with the filter and the attribution, in a new tab', async () => {
    const { mount } = await import('./search/index');
    page.routes['GET /spa/search-form'] = () => ({ body: SEARCH_FORM });
    page.routes['GET /spa/autocomplete'] = (url) => {
      expect(Object.fromEntries(url.searchParams)).toEqual({ query: 'Alt', only: 'regions,cities,showplaces,water_objects' });
      return { body: SUGGEST };
    };
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { view, emit, root } = mountWidget(mount, 'search', { partner: 'agency-42', locale: 'en', color: '#0A7D5A', 'utm-campaign': 'summer' });
    expect(view.getByRole('search', { name: 'Find a tour in Russia' })).toBeTruthy();
    expect(root.adoptedStyleSheets).toHaveLength(1); // the theme colour
    const user = userEvent.setup();
    await user.type(view.getByRole('combobox', { name: 'Destination' }), 'Alt');
    const list = await view.findByRole('listbox', { name: 'Destination' });
    expect(within(list).getByRole('group', { name: 'Regions' })).toBeTruthy();
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Altai Republic', 'Altaisk']);
    expect(view.getByRole('status').textContent).toBe('Suggestions: 2. Use the up and down arrows to choose.');
    await user.keyboard('{ArrowDown}{Enter}');
    expect((view.getByRole('combobox', { name: 'Destination' }) as HTMLInputElement).value).toBe('Altai Republic');
    await user.type(view.getByLabelText('From'), '2030-07-01');
    await user.type(view.getByLabelText('To'), '2030-07-10');
    await waitFor(() => expect(view.getByRole('option', { name: 'Hiking' })).toBeTruthy());
    await user.selectOptions(view.getByRole('combobox', { name: 'Travel style' }), 'Hiking');
    await user.click(view.getByRole('button', { name: 'Find tours' }));
    const expected = 'https://tours.example/en/tours?dateFrom=2030-07-01&dateTo=2030-07-10&regions=12&restKinds=5&utm_source=agency-42&utm_campaign=summer';
    expect(open).toHaveBeenCalledWith(expected, '_blank', 'noopener');
    expect(emit).toHaveBeenCalledWith('search', { url: expected });
    // The calls carry the common headers (§7.1) and no cookies.
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ credentials: 'omit', headers: { 'X-Language': 'en-US', 'X-Currency': 'USD', 'X-USER-ROLE': 'client' } });
    open.mockRestore();
  });

  test('an invalid colour is rejected with a console error naming the attribute; the default colour stays', async () => {
    const { mount } = await import('./search/index');
    page.routes['GET /spa/search-form'] = () => ({ body: SEARCH_FORM });
    const { root, emit } = mountWidget(mount, 'search', { partner: 'agency-42', color: 'tomato' });
    expect(page.consoleError).toHaveBeenCalledWith('tour-search-widget: attribute "color" is invalid ("tomato"): colours must be #ABC, #AABBCC or r,g,b; the default colour is used');
    expect(emit).toHaveBeenCalledWith('error', expect.objectContaining({ reason: 'attribute', attribute: 'color' }));
    expect(root.adoptedStyleSheets).toHaveLength(0);
  });

  test('API down: a compact message with a link to the main site; retry brings the form back', async () => {
    const { mount } = await import('./search/index');
    const { view, emit } = mountWidget(mount, 'search', { partner: 'agency-42', locale: 'de' });
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('The tour search is unavailable right now.');
    const link = within(alert).getByRole('link', { name: /Tours of Russia/ }) as HTMLAnchorElement;
    expect(link.href).toBe('https://tours.example/de?utm_source=agency-42');
    expect(emit).toHaveBeenCalledWith('error', expect.objectContaining({ reason: 'api' }));
    page.routes['GET /spa/search-form'] = () => ({ body: SEARCH_FORM });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await view.findByRole('button', { name: 'Find tours' })).toBeTruthy();
  });
});

describe('request form', () => {
  async function fill(view: ReturnType<typeof within>) {
    const user = userEvent.setup();
    await user.type(view.getByRole('textbox', { name: /^Name/ }), 'Anna Smith');
    const phone = view.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement;
    await user.click(phone);
    await waitFor(() => expect(phone.value).toBe('+1')); // metadata loaded on first use: the country code comes in
    await user.type(phone, ' 212 736 5000');
    await user.type(view.getByRole('textbox', { name: 'Comment' }), 'Baikal in winter');
    return user;
  }

  test('sends a common_help request crediting the partner and shows "Request #{id} has been sent"', async () => {
    const { mount } = await import('./request/index');
    let sent: { data: Record<string, unknown> } | null = null;
    page.routes['POST /spa/submit-help-request'] = (_url, init) => {
      sent = JSON.parse(String(init.body));
      return { body: { request_id: 31 } };
    };
    const { view, emit } = mountWidget(mount, 'request', { partner: 'agency-42', locale: 'en', 'utm-content': 'sidebar' });
    expect(view.getByRole('heading', { name: 'Any tour program on your request' })).toBeTruthy();
    const user = await fill(view);
    await user.dblClick(view.getByRole('button', { name: 'Submit request' }));
    expect(await view.findByRole('heading', { name: 'Request #31 has been sent' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/spa/submit-help-request'))).toHaveLength(1);
    expect(sent!.data).toMatchObject({
      type: 'common_help', name: 'Anna Smith', phone: '+1 212 736 5000', comment: `Baikal in winter\nrequest from ${window.location.href}`, referer: window.location.href,
      partner_id: 'agency-42', utm_source: 'agency-42', utm_content: 'sidebar', agree: true,
    });
    expect(typeof sent!.data.timezone).toBe('number');
    expect(emit).toHaveBeenCalledWith('requestSubmitted', { requestId: 31 });
    const terms = screen.queryByRole('link', { name: /Terms and Conditions/ });
    expect(terms).toBeNull(); // the form is gone
  });

  test('server field errors land on their fields; the terms links go to the main site', async () => {
    const { mount } = await import('./request/index');
    page.routes['POST /spa/submit-help-request'] = () => ({ status: 422, body: { message: 'This number is blocked', errors: { phone: 'This number is blocked' } } });
    const { view } = mountWidget(mount, 'request', { partner: 'agency-42', locale: 'en' });
    expect((view.getByRole('link', { name: /Terms and Conditions/ }) as HTMLAnchorElement).href).toBe('https://tours.example/en/agreement?utm_source=agency-42');
    expect((view.getByRole('link', { name: /Privacy Policy/ }) as HTMLAnchorElement).href).toBe('https://tours.example/en/privacy?utm_source=agency-42');
    const user = await fill(view);
    await user.click(view.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(view.getByRole('textbox', { name: /^Phone/ }).getAttribute('aria-invalid')).toBe('true'));
    expect(view.getByText('This number is blocked')).toBeTruthy();
  });
});
