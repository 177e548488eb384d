/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASE_CONFIG, CHINA_CONFIG } from '../config/app-config';
import { AppConfigError } from '../config/app-config-schema';
import { loadAppConfig } from './app-config-file';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'app-config-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(content: unknown): string {
  const name = path.join(dir, `c${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(name, typeof content === 'string' ? content : JSON.stringify(content));
  return name;
}

/** The message a start refused with. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadAppConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(AppConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the app configuration at run time (APP_CONFIG_FILE over the variant preset)', () => {
  it('without a file, the preset of SITE_VARIANT, as before', () => {
    expect(loadAppConfig({})).toEqual(BASE_CONFIG);
    expect(loadAppConfig({ SITE_VARIANT: 'china' })).toEqual(CHINA_CONFIG);
    expect(loadAppConfig({ RUSSIAN_IS_AVAILABLE: '0' }).russianIsAvailable).toBe(false);
  });

  it('the file changes items one by one; the rest stays the preset', () => {
    const c = loadAppConfig({ APP_CONFIG_FILE: file({ excursionsEnabled: true, booking: { disablePayButton: true }, uikit: { colorScheme: 'dark', inputViewType: 2 }, metrics: { yandex: '12345' } }) });
    expect(c.excursionsEnabled).toBe(true);
    expect(c.booking).toEqual({ ...BASE_CONFIG.booking, disablePayButton: true });
    expect(c.uikit).toEqual({ ...BASE_CONFIG.uikit, colorScheme: 'dark', inputViewType: 2 });
    expect(c.metrics).toEqual({ yandex: '12345' });
    expect(c.currencies).toEqual(BASE_CONFIG.currencies);
  });

  it('a file naming the china variant starts from the Chinese-region preset; a list replaces the preset list', () => {
    const c = loadAppConfig({ APP_CONFIG_FILE: file({ variant: 'china', availableShareButtons: ['email', 'x'] }) });
    expect(c.variant).toBe('china');
    expect(c.defaultCurrency).toBe('CNY');
    expect(c.availableShareButtons).toEqual(['email', 'x']);
  });

  it.each([
    [{ uikit: { colorScheme: 'blue' } }, 'uikit.colorScheme'],
    [{ uikit: { inputViewType: 3 } }, 'uikit.inputViewType'],
    [{ excursionsEnabled: 'no' }, 'excursionsEnabled'],
    [{ cashback: { percent: 120 } }, 'cashback.percent'],
    [{ metrics: { yandex: '"><script>' } }, 'metrics.yandex'],
    [{ defaultCurrency: 'GBP' }, 'defaultCurrency'],
    [{ currencies: ['usd'] }, 'currencies.0'],
    [{ uikit: { countryFlagsUrl: 'javascript:alert(1)' } }, 'uikit.countryFlagsUrl'],
    [{ bookng: { disablePayButton: true } }, 'bookng: unknown item'],
    [{ variant: 'usa' }, 'variant'],
  ])('%j refuses to start, naming %s', (content, item) => {
    const name = file(content);
    const message = refusal({ APP_CONFIG_FILE: name });
    expect(message).toContain(name);
    expect(message).toContain(`  - ${item}`);
  });

  it('a file that is missing or not JSON refuses to start too', () => {
    expect(refusal({ APP_CONFIG_FILE: path.join(dir, 'none.json') })).toMatch(/cannot be read/);
    expect(refusal({ APP_CONFIG_FILE: file('{ excursionsEnabled: true') })).toMatch(/is not JSON/);
    expect(refusal({ APP_CONFIG_FILE: file({ debugOrigins: ['http://evil.example'] }) })).toMatch(/debugOrigins: set by MFE_OVERRIDE_ORIGINS/);
  });
});
