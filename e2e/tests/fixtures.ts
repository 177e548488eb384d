/**
 * The suites' `test`: Playwright's, plus an automatic check that no page of the test broke a Content-Security-Policy.
 * The host sends an enforced CSP on every page (issue 11); a directive that forgets a remote's origin, the maps or an
 * inline script would silently break that part for travellers, so every e2e test fails on one.
 *
 * Code the test harness injects (axe's <style>, page.evaluate) has no source file: its reports are left out. A test
 * that shows hostile data on purpose takes the reports it expects out of `cspViolations` itself (the hostile-tour
 * test: Chromium reports the inline handlers of hostile HTML when its sanitiser parses it, though nothing there runs).
 */
import { expect, test as base } from '@playwright/test';
import { E2E_CLOCK_START } from '../playwright.config';

export { expect };

/**
 * The suites' calendar (playwright.config.ts E2E_CLOCK_START): how far it is from real time. The API runs on it
 * (CLOCK_START, set by global-setup.ts when it noted the anchor); every page's Date is moved by it below; and a test
 * that needs 'today' in Node asks productNow().
 */
const clockOffset = E2E_CLOCK_START - Number(process.env.E2E_CLOCK_ANCHOR ?? Date.now());
/** Now on the product's clock (ms): what the API and the pages take for now. */
export const productNow = (): number => Date.now() + clockOffset;
/** Today on the product's clock, 'YYYY-MM-DD' (UTC). */
export const productToday = (): string => new Date(productNow()).toISOString().slice(0, 10);

interface Violation { directive: string; blocked: string; source: string; line: number }

export const test = base.extend<{ cspViolations: Violation[]; productClock: void }>({
  /**
   * Every page's Date on the product's clock (timers left alone, unlike page.clock.install): date pickers, request
   * periods and countdowns see the same today as the API. Dates the page builds from values stay as they are.
   */
  productClock: [
    async ({ context }, use) => {
      await context.addInitScript((offset: number) => {
        const RealDate = Date;
        class ProductDate extends RealDate {
          constructor(...args: unknown[]) {
            if (args.length === 0) super(RealDate.now() + offset);
            else super(...(args as [string | number | Date]));
          }

          static override now(): number {
            return RealDate.now() + offset;
          }

          static override [Symbol.hasInstance](value: unknown): boolean {
            return value instanceof RealDate;
          }
        }
        Object.defineProperty(ProductDate, 'name', { value: 'Date' });
        // Date() called as a function gives the time as text, on the same clock.
        const callable = new Proxy(ProductDate, { apply: () => new ProductDate().toString() });
        (globalThis as { Date: DateConstructor }).Date = callable as unknown as DateConstructor;
      }, clockOffset);
      await use();
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const found: Violation[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, v: Violation) => {
        if (v.source) found.push(v);
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
