/**
 * The suites' `test`: Playwright's, plus an automatic check that no page of the test broke a Content-Security-Policy.
 * The host sends an enforced CSP on every page (issue 11); a directive that forgets a remote's origin, the maps or an
 * inline script would silently break that part for travellers, so every e2e test fails on one.
 *
 * Two kinds of report are not the product's and are left out:
 * - code the test harness injects (axe's <style>, page.evaluate): it has no source file;
 * - the sanitiser's inert parse: DOMPurify parses data HTML in a DOMParser document, and Chromium reports the inline
 *   handlers of hostile data found there as `script-src-attr` violations, though nothing there can run (the
 *   hostile-tour test checks that no handler ran and none reached the page).
 */
import { expect, test as base } from '@playwright/test';

export { expect };

interface Violation { directive: string; blocked: string; source: string; line: number }

const fromSanitizer = (v: Violation) => v.directive === 'script-src-attr' && /\/sanitizer\.[0-9a-f]+\.js$/.test(v.source);

export const test = base.extend<{ cspViolations: Violation[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const found: Violation[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, v: Violation) => {
        if (v.source && !fromSanitizer(v)) found.push(v);
      });
      await context.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => {
            const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
            report?.({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber });
          },
          true,
        );
      });
      await use(found);
      expect(found, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
