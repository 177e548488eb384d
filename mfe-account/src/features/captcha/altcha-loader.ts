/**
 * The ALTCHA widget for a strict CSP (host/server/security.ts: no inline styles, workers only from 'self' or
 * blob:). `altcha/external` injects no <style> element; its stylesheet comes through webpack as a file of this
 * remote's origin. It brings no workers either: the proof-of-work workers' sources are bundled as text
 * (webpack.config.js: asset/source) and started from blob: URLs, since a remote's origin is not the page's and a
 * worker must be same-origin. Argon2id and scrypt (45 KB each) load only when a challenge uses them.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import pbkdf2Source from 'altcha/workers/pbkdf2';
import shaSource from 'altcha/workers/sha';

/** The worker frees its blob: URL once it runs (the widget's own bundle does the same). */
const REVOKE = '(self.URL || self.webkitURL).revokeObjectURL(self.location.href);\n';

function workerOf(source: string): Worker {
  return new Worker(URL.createObjectURL(new Blob([REVOKE, source], { type: 'text/javascript' })));
}

let registered = false;
function registerAlgorithms(): void {
  if (registered) return;
  registered = true;
  const { algorithms } = globalThis.$altcha;
  for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) algorithms.set(name, () => workerOf(pbkdf2Source));
  for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) algorithms.set(name, () => workerOf(shaSource));
  algorithms.set('ARGON2ID', () => import('altcha/workers/argon2id').then((m) => workerOf(m.default)));
  algorithms.set('SCRYPT', () => import('altcha/workers/scrypt').then((m) => workerOf(m.default)));
}

/** The widget's texts for the site's locales (English is built in). */
const LANGUAGES: Record<string, { code: string; load?: () => Promise<unknown> }> = {
  en: { code: 'en' },
  de: { code: 'de', load: () => import('altcha/i18n/de') },
  ru: { code: 'ru', load: () => import('altcha/i18n/ru') },
  cn: { code: 'zh-cn', load: () => import('altcha/i18n/zh-cn') },
};

/** Defines `altcha-widget` with its workers and the locale's texts; answers the widget's language code. */
export async function loadAltcha(locale: string): Promise<string> {
  registerAlgorithms();
  const language = LANGUAGES[locale] ?? { code: 'en' };
  // Without its texts the widget still works, in English.
  await language.load?.().catch((error: unknown) => console.error('ALTCHA texts failed to load', error));
  return language.code;
}
