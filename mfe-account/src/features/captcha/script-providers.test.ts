import { PROVIDER_SCRIPTS, SCRIPT_TIMEOUT_MS, hcaptcha, loadProviderScript, turnstile, yandex } from './script-providers';

const options = () => ({ key: 'site-key', action: 'user/send_auth_code', locale: 'de', onToken: jest.fn(), onExpired: jest.fn(), onError: jest.fn() });
const scripts = () => [...document.head.querySelectorAll('script')];
const globals = window as unknown as Record<string, unknown>;

afterEach(() => {
  for (const s of scripts()) s.remove();
  for (const name of ['turnstile', 'hcaptcha', 'smartCaptcha']) delete globals[name];
  document.body.innerHTML = '';
});

describe('script captcha providers (Turnstile, hCaptcha, Yandex SmartCaptcha)', () => {
  test.each([
    ['turnstile', turnstile],
    ['hcaptcha', hcaptcha],
    ['yandex', yandex],
  ] as const)('%s: its official script, loaded only when mounted; a failed load rejects and the next mount tries again', async (name, provider) => {
    expect(scripts()).toHaveLength(0);
    const mounted = provider.mount(document.body.appendChild(document.createElement('div')), options());
    const [script] = scripts();
    expect(script!.src).toBe(PROVIDER_SCRIPTS[name].replace('{onload}', `__toursCaptchaOnload_${name}`));
    script!.dispatchEvent(new Event('error'));
    await expect(mounted).rejects.toThrow(`The ${name} captcha script failed to load`);
    expect(scripts()).toHaveLength(0);
    const again = provider.mount(document.createElement('div'), options());
    expect(scripts()).toHaveLength(1);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(again).rejects.toThrow();
  });

  test('a script that never answers fails after the timeout', async () => {
    jest.useFakeTimers();
    const loaded = loadProviderScript('hcaptcha');
    jest.advanceTimersByTime(SCRIPT_TIMEOUT_MS);
    await expect(loaded).rejects.toThrow('timed out');
    jest.useRealTimers();
  });

  test('turnstile: once its script calls back, it renders explicitly with the sanitised action', async () => {
    const render = jest.fn((_el: HTMLElement, _o: Record<string, unknown>) => 'w1');
    const remove = jest.fn();
    const mounted = turnstile.mount(document.body.appendChild(document.createElement('div')), options());
    globals.turnstile = { render, remove };
    (globals.__toursCaptchaOnload_turnstile as () => void)();
    const widget = await mounted;
    expect(render.mock.calls[0]![1]).toMatchObject({ sitekey: 'site-key', action: 'user_send_auth_code', language: 'de' });
    widget.destroy();
    expect(remove).toHaveBeenCalledWith('w1');
  });

  test('hcaptcha calls back with the token; yandex subscribes to expiry', async () => {
    const opts = options();
    let callbacks: Record<string, (arg?: unknown) => unknown> = {};
    globals.hcaptcha = { render: (_el: HTMLElement, o: Record<string, (arg?: unknown) => unknown>) => ((callbacks = o), 'h1'), remove: jest.fn() };
    await hcaptcha.mount(document.createElement('div'), opts);
    callbacks.callback!('P0_token');
    callbacks['expired-callback']!();
    callbacks['error-callback']!('network-error');
    expect(opts.onToken).toHaveBeenCalledWith('P0_token');
    expect(opts.onExpired).toHaveBeenCalled();
    expect(opts.onError).toHaveBeenCalled();

    const y = options();
    const events: Record<string, () => void> = {};
    globals.smartCaptcha = {
      render: (_el: HTMLElement, o: { callback: (t: string) => void; hl: string }) => (o.callback(`ysc-${o.hl}`), 7),
      destroy: jest.fn(),
      subscribe: (_id: number, event: string, cb: () => void) => ((events[event] = cb), () => undefined),
    };
    const w = await yandex.mount(document.createElement('div'), y);
    expect(y.onToken).toHaveBeenCalledWith('ysc-en');
    events['token-expired']!();
    expect(y.onExpired).toHaveBeenCalled();
    w.destroy();
  });
});
