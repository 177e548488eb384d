import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithHost } from '../../test-utils';
import { create } from 'superstruct';
import { InfoPageAnswer } from '@tours/shared/api';
import AgenciesPage from './AgenciesPage';
import { cspLines, widgetSnippet, type WidgetChoice } from './snippet';

const LOADER = 'http://widgets.example:8097/loader.js';

function mockManifest(body: unknown, ok = true) {
  (globalThis as unknown as { fetch: jest.Mock }).fetch = jest.fn(async () => ({ ok, status: ok ? 200 : 500, json: async () => body }));
}

/** jsdom does not run external scripts: the loader "arrives" when the test says so (it is added to the page once). */
async function loaderArrives() {
  const script = await waitFor(() => {
    const s = document.head.querySelector<HTMLScriptElement>(`script[src="${LOADER}"]`);
    if (!s) throw new Error('no loader script yet');
    return s;
  });
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
  if (script.dataset.arrived) return;
  script.dataset.arrived = '1';
  await act(async () => {
    script.dispatchEvent(new Event('load'));
  });
}

describe('snippet', () => {
  const choice: WidgetChoice = { widget: 'search', partner: 'agency-42', locale: 'de', currency: 'EUR', color: '#0A7D5A', target: '_blank' };
  test.each<[string, Partial<WidgetChoice>, boolean, string]>([
    ['search box, German, colour', {}, true, '<tour-search-widget partner="agency-42" locale="de" currency="EUR" color="#0A7D5A"></tour-search-widget>'],
    ['an invalid colour is left out', { color: 'red' }, false, '<tour-search-widget partner="agency-42" locale="de" currency="EUR"></tour-search-widget>'],
    ['same tab', { target: '_top' }, true, '<tour-search-widget partner="agency-42" locale="de" currency="EUR" color="#0A7D5A" target="_top"></tour-search-widget>'],
    ['request form (no target)', { widget: 'request', target: '_top', locale: 'cn', currency: 'CNY' }, true, '<tour-request-widget partner="agency-42" locale="cn" currency="CNY" color="#0A7D5A"></tour-request-widget>'],
  ])('%s', (_name, over, colorValid, element) => {
    const text = widgetSnippet({ ...choice, ...over }, { loaderUrl: LOADER, siteOrigin: 'https://tours.example', siteName: 'Tours of Russia', colorValid });
    const [script, el, noscript] = text.split('\n');
    expect(script).toBe(`<script async src="${LOADER}"></script>`);
    expect(el).toBe(element);
    expect(noscript).toBe(`<noscript><a href="https://tours.example/${over.locale === 'cn' ? '' : over.locale ?? 'de'}?utm_source=agency-42">Tours of Russia</a></noscript>`);
  });

  test('CSP lines name the widget origin and the API origin', () => {
    expect(cspLines(LOADER, 'https://tours.example')).toEqual([
      "script-src http://widgets.example:8097;   (or a nonce on the loader's script tag with 'strict-dynamic')",
      'connect-src http://widgets.example:8097 https://tours.example;',
    ]);
  });
});

describe('/for-agencies configurator', () => {
  test('the live preview is the real widget element, rebuilt as the configuration changes; the snippet follows', async () => {
    mockManifest({ 'mfe-search': { url: 'x', version: '1' }, widgets: { url: LOADER, version: 'abc' } });
    renderWithHost(<AgenciesPage />, { path: '/en/for-agencies' });
    expect(screen.getByRole('heading', { level: 1, name: 'For travel agencies' })).toBeInTheDocument();
    await loaderArrives();
    const preview = await screen.findByTestId('widget-preview');
    await waitFor(() => expect(preview.querySelector('tour-search-widget')).not.toBeNull());
    const user = userEvent.setup();
    const partner = screen.getByRole('textbox', { name: 'Partner id' });
    await user.clear(partner);
    await user.type(partner, 'baikal-travel');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await user.type(screen.getByRole('textbox', { name: 'Theme colour' }), '12,110,200');
    await user.selectOptions(screen.getByRole('combobox', { name: 'The search opens' }), 'In the same tab');
    const el = preview.querySelector('tour-search-widget')!;
    expect(Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]))).toEqual({ partner: 'baikal-travel', locale: 'de', currency: 'EUR', color: '12,110,200', target: '_top' });
    expect(document.querySelector('pre code')!.textContent).toContain('<tour-search-widget partner="baikal-travel" locale="de" currency="EUR" color="12,110,200" target="_top"></tour-search-widget>');
    await user.click(screen.getByRole('radio', { name: 'Request form' }));
    expect(preview.querySelector('tour-search-widget')).toBeNull();
    expect(preview.querySelector('tour-request-widget')?.getAttribute('locale')).toBe('de');
    expect(screen.queryByRole('combobox', { name: 'The search opens' })).not.toBeInTheDocument();
  });

  test('an invalid colour is refused with a hint and left out of the preview and the snippet', async () => {
    mockManifest({ widgets: { url: LOADER, version: 'abc' } });
    renderWithHost(<AgenciesPage />, { path: '/en/for-agencies' });
    await loaderArrives();
    const user = userEvent.setup();
    const colour = screen.getByRole('textbox', { name: 'Theme colour' });
    await user.type(colour, 'tomato');
    expect(colour).toHaveAccessibleDescription('#ABC, #AABBCC or r,g,b Use #ABC, #AABBCC or r,g,b; the default colour is used meanwhile');
    await waitFor(() => expect(screen.getByTestId('widget-preview').querySelector('tour-search-widget')?.hasAttribute('color')).toBe(false));
    expect(document.querySelector('pre code')!.textContent).not.toContain('color=');
    await user.clear(colour);
    await user.type(colour, '#ABC');
    await waitFor(() => expect(screen.getByTestId('widget-preview').querySelector('tour-search-widget')?.getAttribute('color')).toBe('#ABC'));
    expect(screen.getByLabelText('Pick a colour')).toHaveValue('#aabbcc');
  });

  test('copy the snippet: the clipboard gets it and the page says so', async () => {
    mockManifest({ widgets: { url: LOADER, version: 'abc' } });
    const user = userEvent.setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithHost(<AgenciesPage />, { path: '/en/for-agencies' });
    await loaderArrives();
    await user.click(await screen.findByRole('button', { name: 'Copy the snippet' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('<script async src="http://widgets.example:8097/loader.js"></script>\n<tour-search-widget partner="your-agency" locale="en"'));
    expect(await screen.findByText('The snippet has been copied')).toBeInTheDocument();
    const partner = screen.getByRole('textbox', { name: 'Partner id' });
    await user.clear(partner);
    await user.type(partner, 'my agency');
    expect(partner).toHaveAccessibleDescription(/Use letters, digits, dots, dashes and underscores$/);
    expect(screen.getByRole('button', { name: 'Copy the snippet' })).toBeDisabled();
  });

  test('without a widget loader the preview says it is unavailable', async () => {
    mockManifest({ 'mfe-search': { url: 'x', version: '1' } });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithHost(<AgenciesPage />, { path: '/en/for-agencies' });
    expect(await screen.findByText('The preview is unavailable right now. The snippet works all the same.')).toBeInTheDocument();
    expect(within(document.body).queryByRole('button', { name: 'Copy the snippet' })).not.toBeInTheDocument();
    error.mockRestore();
  });
});

describe('/for-agencies contacts and requisites', () => {
  test('the company requisites come from the editable content (GET /spa/info-page?page=for-agencies) as a description list', async () => {
    mockManifest({ 'mfe-search': { url: 'x', version: '1' } });
    const answer = create({
      page: 'for-agencies', locale: 'en', version: '1.1', updated_at: '2025-01-20',
      blocks: [
        { type: 'heading', level: 2, text: 'Working with us' },
        { type: 'requisites', title: 'Company requisites', rows: [{ label: 'Company', value: 'Tours of Russia LLC' }, { label: 'INN (taxpayer number)', value: '7701483528' }] },
      ],
    }, InfoPageAnswer);
    const h = renderWithHost(<AgenciesPage />, { path: '/en/for-agencies', routes: { '/spa/info-page': answer } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Company requisites' })).toBeInTheDocument();
    const inn = screen.getByText('INN (taxpayer number)');
    expect(inn.tagName).toBe('DT');
    expect(inn.nextElementSibling).toHaveTextContent('7701483528');
    expect(h.calls.find((c) => c.path === '/spa/info-page')?.query).toEqual({ page: 'for-agencies' });
  });
});
