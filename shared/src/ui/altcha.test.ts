import { altchaChallengeUrl, altchaProvider } from './altcha';

describe('ALTCHA as a captcha provider (accounts-and-comms §4 Captcha)', () => {
  test.each([
    ['/spa/captcha/challenge', 'user/send_auth_code', '/spa/captcha/challenge?action=user%2Fsend_auth_code'],
    ['/spa/captcha/challenge?hard=1', 'rest/submit_help_request', '/spa/captcha/challenge?hard=1&action=rest%2Fsubmit_help_request'],
    ['/spa/captcha/challenge?', 'a', '/spa/captcha/challenge?action=a'],
    ['https://captcha.example.com/challenge#x', 'a b', 'https://captcha.example.com/challenge?action=a%20b#x'],
    ['https://api.tours.example/spa/captcha/challenge?hard=1', 'rest/submit_help_request', 'https://api.tours.example/spa/captcha/challenge?hard=1&action=rest%2Fsubmit_help_request'],
    ['javascript:alert(1)', 'a', null],
    ['//evil.example.com/c', 'a', null],
    ['challenge', 'a', null],
  ])('challenge of key %p and action %p: %p', (key, action, url) => expect(altchaChallengeUrl(key, action)).toBe(url));

  function mount(attributes?: Record<string, string>) {
    const prepare = jest.fn(async (locale: string) => (locale === 'cn' ? 'zh-cn' : locale));
    const element = document.createElement('div');
    const options = { key: '/spa/captcha/challenge', action: 'rest/submit_help_request', locale: 'cn', onToken: jest.fn(), onExpired: jest.fn(), onError: jest.fn() };
    return { prepare, element, options, mounted: altchaProvider(prepare, attributes).mount(element, options) };
  }
  const fire = (element: HTMLElement, type: string, detail: unknown) => element.querySelector('altcha-widget')!.dispatchEvent(new CustomEvent(type, { detail }));

  test('prepares, then mounts the widget with the challenge of the action, its language and the given attributes', async () => {
    const { prepare, element, mounted } = mount({ workers: '2' });
    const widget = await mounted;
    expect(prepare).toHaveBeenCalledWith('cn', element);
    const el = element.querySelector('altcha-widget')!;
    expect(el.getAttribute('challenge')).toBe('/spa/captcha/challenge?action=rest%2Fsubmit_help_request');
    expect(el.getAttribute('language')).toBe('zh-cn');
    expect(el.getAttribute('workers')).toBe('2');
    widget.destroy();
    expect(element.querySelector('altcha-widget')).toBeNull();
  });

  test('reports a token once, again after it expired; an error state is an error', async () => {
    const { element, options, mounted } = mount();
    await mounted;
    fire(element, 'statechange', { state: 'verified', payload: 'p1' });
    fire(element, 'verified', { payload: 'p1' });
    expect(options.onToken.mock.calls).toEqual([['p1']]);
    fire(element, 'statechange', { state: 'expired' });
    expect(options.onExpired).toHaveBeenCalledTimes(1);
    fire(element, 'verified', { payload: 'p1' });
    expect(options.onToken.mock.calls).toEqual([['p1'], ['p1']]);
    fire(element, 'statechange', { state: 'error' });
    expect(options.onError).toHaveBeenCalledWith(expect.any(Error));
  });

  test('a key that is no challenge URL is refused before anything loads', async () => {
    const prepare = jest.fn(async () => 'en');
    const options = { key: 'javascript:alert(1)', action: 'a', locale: 'en', onToken: jest.fn(), onExpired: jest.fn(), onError: jest.fn() };
    await expect(altchaProvider(prepare).mount(document.createElement('div'), options)).rejects.toThrow('not a challenge URL');
    expect(prepare).not.toHaveBeenCalled();
  });
});
