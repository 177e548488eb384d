/**
 * The request widget's captcha chunk, fetched only when a captcha is shown: ALTCHA (shared's altchaProvider) from its
 * CSP-safe build, which injects no <style> and brings no workers. Its stylesheet is adopted into the widget's shadow
 * root as a constructed sheet (not subject to the partner's style-src; `:root` → `:host`, rem → px), and the proof
 * of work runs on the page's thread (pow.ts: no workers, so nothing for the partner's CSP to allow but the API
 * origin in connect-src, which the widgets need anyway). The widget's texts come with the locale (English built in).
 */
import 'altcha/external';
import altchaCss from 'altcha/altcha.css?text';
import { altchaProvider } from '@tours/shared/widgets';
import { forShadowRoot } from '../runtime/shadow-css';
import { registerPageThreadSolvers } from './pow';

/** Concurrent solvers: WebCrypto spreads them over the browser's threads; more would only add overhead. */
const SOLVERS = Math.min(4, Math.max(1, navigator.hardwareConcurrency || 2));

const LANGUAGES: Record<string, [code: string, load?: () => Promise<unknown>]> = {
  en: ['en'],
  de: ['de', () => import('altcha/i18n/de')],
  ru: ['ru', () => import('altcha/i18n/ru')],
  cn: ['zh-cn', () => import('altcha/i18n/zh-cn')],
};

let sheet: CSSStyleSheet | null = null;

export const altcha = altchaProvider(
  async (locale, element) => {
    registerPageThreadSolvers(globalThis.$altcha.algorithms);
    const root = element.getRootNode();
    if (root instanceof ShadowRoot) {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(forShadowRoot(altchaCss));
      }
      // The loader sets the root's sheets when it (re)mounts the widget: added again on every captcha.
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    const [code, load] = LANGUAGES[locale] ?? ['en'];
    // Without its texts the widget still works, in English.
    await load?.().catch((error: unknown) => console.error('ALTCHA texts failed to load', error));
    return code;
  },
  { workers: String(SOLVERS) },
);
