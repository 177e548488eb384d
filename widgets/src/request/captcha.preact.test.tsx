/**
 * The request widget's captcha (accounts-and-comms §2 'Captcha modal', §4, §5, §7 'Captcha headers', §8), as it ships:
 * Preact with runtime/react.ts (as in widgets.preact.test.tsx), in a container like the loader's. ALTCHA's chunk is
 * shared's altchaProvider with a stand-in `prepare` (jsdom runs no proof of work): the test plays the widget's events.
 */
import { TEST_ENV as env, widgetMessages } from '../runtime/test-as-shipped';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import type { MountContext } from '../runtime/protocol';
import { widgetTestPage, type Answer } from '../runtime/test-page';

// The lazily loaded ALTCHA chunk: the real element wiring, without ALTCHA's bundle (its language is the locale).
jest.mock('./altcha', () => ({
  altcha: jest.requireActual('@tours/shared/src/ui/altcha').altchaProvider(async (locale: string) => (locale === 'cn' ? 'zh-cn' : locale), { workers: '2' }),
}));

const MESSAGES = join(__dirname, '../../../shared/src/i18n/messages');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
const ALTCHA = { captcha_provider: 'altcha', captcha_key: '/spa/captcha/challenge', hard_captcha_key: '/spa/captcha/challenge?hard=1', invisible_captcha_provider: '', invisible_captcha_key: '' };
const CAPTCHA_ANSWER = { status: 429, body: { message: 'Too many requests. Please confirm that you are not a robot.', data: { type: 'captcha', request_id: 7, requestUUID: 'u-1' } } };

const page = widgetTestPage(() => ({ 'GET /spa/site-tokens': () => ({ body: ALTCHA }) }));
const { fetchMock } = page;
const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => new URL(String(u)).pathname === path).map(([, init]) => init ?? {});
const sentBodies = () => calls('/spa/submit-help-request').map((init) => JSON.parse(String(init.body)) as { data: Record<string, unknown> });
const sentHeaders = () => calls('/spa/submit-help-request').map((init) => init.headers as Record<string, string>);

/** Answers the request call in turn: the first answer, then the next… (the last one stays). */
function answers(...list: Answer[]) {
  page.routes['POST /spa/submit-help-request'] = () => list.length > 1 ? list.shift()! : list[0]!;
}

async function mountRequest(locale = 'en') {
  const { mount } = await import('./index');
  const container = document.createElement('div');
  document.body.append(container);
  const root = { adoptedStyleSheets: [] as CSSStyleSheet[] } as unknown as ShadowRoot;
  const emit = jest.fn();
  const ctx: MountContext = { kind: 'request', root, container, attributes: { partner: 'agency-42', locale }, env, messages: widgetMessages(locale), emit };
  mount(ctx);
  return { view: within(container), emit, container };
}

async function fillAndSend(view: ReturnType<typeof within>) {
  const user = userEvent.setup();
  await user.type(view.getByRole('textbox', { name: /^Name/ }), 'Anna Smith');
  const phone = view.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement;
  await user.click(phone);
  await waitFor(() => expect(phone.value).toBe('+1'));
  await user.type(phone, ' 212 736 5000');
  await user.type(view.getByRole('textbox', { name: 'Comment' }), 'Baikal in winter');
  await user.click(view.getByRole('button', { name: 'Submit request' }));
  return user;
}

const widget = (container: HTMLElement) => container.querySelector('altcha-widget') as HTMLElement | null;
const play = (container: HTMLElement, type: string, detail: unknown) => void widget(container)!.dispatchEvent(new CustomEvent(type, { detail }));
const captchaHeading = (view: ReturnType<typeof within>) => view.findByRole('heading', { name: "Confirm that you aren't a robot" });

describe('the request widget asks for the captcha the API demands', () => {
  test('a 429 captcha shows the captcha step in place of the form: title, why, and ALTCHA for the call on the API origin', async () => {
    answers(CAPTCHA_ANSWER);
    const { view, container } = await mountRequest();
    await fillAndSend(view);
    expect(await captchaHeading(view)).toBeTruthy();
    expect(view.getByText('Why is this needed?').tagName).toBe('SUMMARY');
    expect(view.getByText(/automated registrations/)).toBeTruthy();
    // The form is kept (hidden), not unmounted; the captcha is inside the widget's own container.
    expect(container.querySelector('form')!.closest('[hidden]')).not.toBeNull();
    await waitFor(() => expect(widget(container)).not.toBeNull());
    expect(widget(container)!.getAttribute('challenge')).toBe('https://api.tours.example/spa/captcha/challenge?action=rest%2Fsubmit_help_request');
    expect(widget(container)!.getAttribute('language')).toBe('en');
    expect(widget(container)!.getAttribute('workers')).toBe('2');
    expect(calls('/spa/site-tokens')).toHaveLength(1);
    expect(calls('/spa/site-tokens')[0]).toMatchObject({ credentials: 'omit', mode: 'cors' });
    // No captcha header on the first try: widgets send no invisible token either.
    expect(Object.keys(sentHeaders()[0]!).map((h) => h.toLowerCase())).not.toEqual(expect.arrayContaining([expect.stringContaining('captcha')]));
  });

  test('solved: sent again once with x-captcha-token and the error’s ids merged into the body; the success screen follows', async () => {
    answers(CAPTCHA_ANSWER, { body: { request_id: 31 } });
    const { view, container, emit } = await mountRequest();
    await fillAndSend(view);
    await captchaHeading(view);
    await waitFor(() => expect(widget(container)).not.toBeNull());
    play(container, 'statechange', { state: 'verifying' });
    expect(sentBodies()).toHaveLength(1);
    play(container, 'statechange', { state: 'verified', payload: 'eyJzb2x2ZWQiOnRydWV9' });
    play(container, 'verified', { payload: 'eyJzb2x2ZWQiOnRydWV9' });
    expect(await view.findByRole('heading', { name: 'Request #31 has been sent' })).toBeTruthy();
    const [first, retry] = sentBodies();
    expect(sentBodies()).toHaveLength(2);
    expect(sentHeaders()[1]).toMatchObject({ 'x-captcha-token': 'eyJzb2x2ZWQiOnRydWV9', 'Content-Type': 'application/json', 'X-Language': 'en-US' });
    expect(retry!.data).toEqual({ ...first!.data, request_id: 7, requestUUID: 'u-1' });
    expect(retry!.data).toMatchObject({ type: 'common_help', name: 'Anna Smith', phone: '+1 212 736 5000', partner_id: 'agency-42' });
    expect(widget(container)).toBeNull();
    expect(emit).toHaveBeenCalledWith('requestSubmitted', { requestId: 31 });
  });

  test('hard_captcha uses the hard key; the step speaks the locale (German)', async () => {
    answers({ status: 429, body: { message: 'Zu viele Anfragen', data: { type: 'hard_captcha' } } });
    const { view, container } = await mountRequest('de');
    const user = userEvent.setup();
    await user.type(view.getByRole('textbox', { name: /^Name/ }), 'Anna');
    const phone = view.getByRole('textbox', { name: /^Telefon/ }) as HTMLInputElement;
    await user.click(phone);
    await waitFor(() => expect(phone.value).toBe('+1')); // the browser's language (en-US) gives the country
    await user.type(phone, ' 212 736 5000');
    await user.click(view.getByRole('button', { name: 'Anfrage senden' }));
    expect(await view.findByRole('heading', { name: 'Bestätigen Sie, dass Sie kein Roboter sind' })).toBeTruthy();
    await waitFor(() => expect(widget(container)).not.toBeNull());
    expect(widget(container)!.getAttribute('challenge')).toBe('https://api.tours.example/spa/captcha/challenge?hard=1&action=rest%2Fsubmit_help_request');
    expect(widget(container)!.getAttribute('language')).toBe('de');
    expect(view.getByRole('button', { name: 'Zurück' })).toBeTruthy();
  });

  test('Back: the form returns with everything typed and the original error (with Try again); nothing is sent again', async () => {
    answers(CAPTCHA_ANSWER);
    const { view, container, emit } = await mountRequest();
    const user = await fillAndSend(view);
    await captchaHeading(view);
    await user.click(view.getByRole('button', { name: 'Back' }));
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests. Please confirm that you are not a robot.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(container.querySelector('form')!.closest('[hidden]')).toBeNull();
    expect(view.queryByRole('heading', { name: "Confirm that you aren't a robot" })).toBeNull();
    expect((view.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Anna Smith');
    expect((view.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement).value).toBe('+1 212 736 5000');
    expect((view.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Baikal in winter');
    expect(sentBodies()).toHaveLength(1);
    expect(emit).toHaveBeenCalledWith('error', expect.objectContaining({ reason: 'api', status: 429 }));
    // The focus goes back into the form, on the alert's Try again.
    await waitFor(() => expect(document.activeElement).toBe(within(alert).getByRole('button', { name: 'Try again' })));
  });

  test('Escape dismisses the captcha step as Back does', async () => {
    answers(CAPTCHA_ANSWER);
    const { view } = await mountRequest();
    const user = await fillAndSend(view);
    (await captchaHeading(view)).focus();
    await user.keyboard('{Escape}');
    expect((await view.findByRole('alert')).textContent).toContain('Too many requests');
  });

  test("a provider nobody knows: 'Unknown captcha provider' (no Try again)", async () => {
    page.routes['GET /spa/site-tokens'] = () => ({ body: { ...ALTCHA, captcha_provider: 'recaptcha', captcha_key: 'k' } });
    answers(CAPTCHA_ANSWER);
    const { view } = await mountRequest();
    await fillAndSend(view);
    await captchaHeading(view);
    expect((await view.findByRole('alert')).textContent).toBe('Unknown captcha provider');
    expect(view.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(view.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  test("the configuration cannot be fetched: 'Captcha loading error'; Try again fetches the site tokens anew and shows ALTCHA", async () => {
    delete page.routes['GET /spa/site-tokens'];
    answers(CAPTCHA_ANSWER);
    const { view, container } = await mountRequest();
    const user = await fillAndSend(view);
    await captchaHeading(view);
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('Captcha loading error');
    expect(widget(container)).toBeNull();
    page.routes['GET /spa/site-tokens'] = () => ({ body: ALTCHA });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(widget(container)).not.toBeNull());
    expect(view.queryByText('Captcha loading error')).toBeNull();
    expect(calls('/spa/site-tokens')).toHaveLength(2);
  });

  test.each([
    ['no key', { ...ALTCHA, captcha_key: '' }],
    ['a hosted provider (its site key is bound to the site’s domains)', { ...ALTCHA, captcha_provider: 'yandex', captcha_key: 'ysc1_key' }],
  ])("%s: 'Captcha loading error' with Try again", async (_name, tokens) => {
    page.routes['GET /spa/site-tokens'] = () => ({ body: tokens });
    answers(CAPTCHA_ANSWER);
    const { view, container } = await mountRequest();
    await fillAndSend(view);
    await captchaHeading(view);
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('Captcha loading error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(widget(container)).toBeNull();
    expect(document.head.querySelector('script')).toBeNull(); // no provider script on the partner's page
  });

  test('ALTCHA failing (its challenge unreachable) shows the loading error; Try again mounts it anew', async () => {
    answers(CAPTCHA_ANSWER);
    const { view, container } = await mountRequest();
    const user = await fillAndSend(view);
    await captchaHeading(view);
    await waitFor(() => expect(widget(container)).not.toBeNull());
    play(container, 'statechange', { state: 'error' });
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('Captcha loading error');
    expect(widget(container)).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(container.querySelectorAll('altcha-widget')).toHaveLength(1));
  });

  test('other errors do not ask for a captcha (a 429 without data.type keeps the usual message)', async () => {
    answers({ status: 429, body: { message: 'Too many requests' } });
    const { view } = await mountRequest();
    await fillAndSend(view);
    expect((await view.findByRole('alert')).textContent).toContain('Too many requests');
    expect(view.queryByRole('heading', { name: "Confirm that you aren't a robot" })).toBeNull();
    expect(calls('/spa/site-tokens')).toHaveLength(0);
  });
});

test("the captcha step's texts are the site's captcha modal's, in every locale", () => {
  for (const locale of ['en', 'cn', 'de', 'ru']) {
    const site = read(join(__dirname, `../../../mfe-account/src/i18n/${locale}.json`));
    const widgets = read(join(MESSAGES, locale, 'widgets.json'));
    for (const key of ['title', 'why', 'reason', 'loadError', 'unknownProvider']) expect([locale, widgets[`widgets.captcha.${key}`]]).toEqual([locale, site[`account.captcha.${key}`]]);
    expect([locale, widgets['widgets.retry']]).toEqual([locale, site['account.captcha.retry']]);
  }
});
