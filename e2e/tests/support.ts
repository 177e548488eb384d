import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Server } from 'node:http';
import { expect, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '../../shared/src/api/session-cookie';
import { answeredVisitorCookies, startSession } from '../browser-session';
import AxeBuilder from '@axe-core/playwright';
import { E2E_PORTS, E2E_TMP } from '../playwright.config';
import { MAILBOX_FILE, mailTo } from '../mailbox';
import { productNow, test } from './fixtures';

export const ROOT = path.resolve(__dirname, '../..');
export const MANIFEST_FILE = path.join(path.resolve(ROOT, E2E_TMP), 'mfe-manifest.json');
export type MfeName = 'mfe-search' | 'mfe-tour' | 'mfe-booking' | 'mfe-account' | 'mfe-comms';
const MFES: MfeName[] = ['mfe-search', 'mfe-tour', 'mfe-booking', 'mfe-account', 'mfe-comms'];
export const REMOTE_PORTS = Object.fromEntries(MFES.map((m, i) => [m, E2E_PORTS.remoteBase + i])) as Record<MfeName, number>;
/** The suites' API server. */
export const API = `http://127.0.0.1:${E2E_PORTS.api}`;
/** The seeded tours with hostile texts (the hostile suite's, api/src/db/seed): ordinary tests pass them by. */
export const HOSTILE_TOUR_IDS = [1007, 1023, 1042, 1099, 1150, 1234];

/** The first seeded tour (from id 1001, not a hostile one) the API answers in `locale` that `want` accepts; `query` adds parameters. */
export async function findTour<T extends { id: number }>(locale: string, want: (tour: T) => boolean, query = ''): Promise<T> {
  for (let id = 1001; id < 1400; id++) {
    if (HOSTILE_TOUR_IDS.includes(id)) continue;
    const res = await fetch(`${API}/spa/tour?slug=x-${id}${query}`, { headers: { 'X-Language': locale, 'X-Currency': 'USD' } });
    if (res.status !== 200) continue;
    const tour = (await res.json()) as T;
    if (want(tour) && !HOSTILE_TOUR_IDS.includes(tour.id)) return tour;
  }
  throw new Error(`no seeded tour fits (${locale})`);
}

/** Opens a tour's page in English and waits for its title. */
export async function openTour(page: Page, tour: { slug: string; title: string }) {
  await page.goto(`/en/${tour.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
}

/** The first seeded tour (from id 1001) taken off the site: its page is the removed tour's (§2.8; 404 'removed_from_publication'). */
export async function findRemovedTourId(): Promise<number> {
  for (let id = 1001; id < 1400; id++) {
    const res = await fetch(`${API}/spa/tour?slug=x-${id}`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
    if (res.status === 404 && ((await res.json()) as { data?: { reason?: string } }).data?.reason === 'removed_from_publication') return id;
  }
  throw new Error('no removed tour in the seeded catalogue');
}

type Manifest = Record<string, { url: string; version: string }>;
export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as Manifest;
}
export function writeManifest(m: Manifest): void {
  writeFileSync(MANIFEST_FILE, JSON.stringify(m, null, 2));
}

/** Serves a folder as a remote origin (the same server `npm start` uses). */
export async function serveRemote(dir: string, port: number): Promise<Server> {
  const { serveDir } = (await import(path.join(ROOT, 'scripts/serve-remote.mjs'))) as { serveDir: (d: string, p: number) => Promise<Server> };
  return serveDir(dir, port);
}
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Which remote origins a page fetched anything from. */
export function trackRemoteRequests(page: Page): Set<MfeName> {
  const seen = new Set<MfeName>();
  page.on('request', (req) => {
    const port = Number(new URL(req.url()).port);
    for (const [name, p] of Object.entries(REMOTE_PORTS)) if (p === port) seen.add(name as MfeName);
  });
  return seen;
}

export async function axeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  // Checked as the page stands, not mid-way through an entrance: a sheet fading in (0.3 s) has a blended colour that
  // fails the contrast rule. Finite animations are let finish (a spinner's never do).
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
    .map((a) => a.finished.catch(() => undefined))));
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/**
 * The traveller's session token as the browser keeps it: in the HttpOnly auth_token cookie (issue 28), which page
 * scripts cannot read; Playwright can. Null when signed out.
 */
export async function sessionToken(page: Page): Promise<string | null> {
  return (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value ?? null;
}

/** A session started in a browser context, and an answered visitor's cookies (also the cluster suite's: browser-session.ts). */
export { answeredVisitorCookies, startSession };

/**
 * Signs a new traveller in by e-mail with the one-time code from the test mailbox (as calls.spec.ts does), on a page
 * of the site; answers the e-mail used (the traveller's display name while they have no name).
 */
let travellerSeq = 0;
export async function signInTraveller(page: Page, prefix = 'e2e'): Promise<string> {
  const mailbox = path.join(ROOT, E2E_TMP, MAILBOX_FILE);
  const email = `${prefix}-${Date.now().toString(36)}-${++travellerSeq}@example.com`;
  if (!page.url().startsWith('http')) await page.goto('/en/about');
  await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Log in/ });
  const emailField = dialog.getByRole('textbox', { name: 'E-mail' });
  if (!(await emailField.isVisible())) await dialog.getByRole('button', { name: 'Log in with email' }).click();
  const before = mailTo(mailbox, email).length;
  await emailField.fill(email);
  await dialog.getByRole('checkbox', { name: /I accept Terms and Conditions/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  let code: string | undefined;
  for (let i = 0; i < 40 && !code; i++) {
    const mails = mailTo(mailbox, email);
    code = mails.length > before ? /code[^\d]{0,40}(\d{5})\b/i.exec(mails[0]!.text)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  return email;
}

/**
 * On a tour page with reviews, the counts a traveller reads: the title's '★ 4.9 · 12 reviews' (a link to the reviews
 * section, followed here), then that section's 'Based on N reviews', its selected tab 'Tour (N)' and its 'All (N)' tab.
 */
export async function reviewCounts(page: Page): Promise<{ title: number; basedOn: number; tab: number; all: number }> {
  const rating = page.getByRole('link', { name: /· [\d,]+ reviews?$/ });
  const title = Number((await rating.textContent())!.split('·')[1]!.replace(/\D/g, ''));
  await rating.click();
  const section = page.locator('#reviews');
  // Read once the reviews are there (before, the section shows the tour's own figures from the page).
  await expect(section.getByTestId('review').first()).toBeVisible();
  await expect(section.getByRole('tab', { selected: true })).toHaveText(/^Tour \([\d,]+\)$/);
  const basedOn = Number(/Based on ([\d,]+) review/.exec((await section.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  const tab = Number((await section.getByRole('tab', { selected: true }).textContent())!.replace(/\D/g, ''));
  const all = Number((await section.getByRole('tab', { name: /^All \(/ }).textContent())!.replace(/\D/g, ''));
  return { title, basedOn, tab, all };
}

/**
 * A traveller with a session token, written into the e2e database as sign-in leaves them (a token valid for a day on
 * the product's clock): for a test that needs an account with a name, a currency or an e-mail, then `startSession`.
 */
export function createTraveller(fields: { first_name?: string; last_name?: string; email?: string; currency?: string | null } = {}): { id: number; token: string } {
  const db = new Database(path.join(path.resolve(ROOT, E2E_TMP), 'catalogue.sqlite'), { fileMustExist: true });
  try {
    const now = new Date(productNow()).toISOString();
    const id = Number(db.prepare(`insert into travellers (first_name, last_name, email, is_email_set, currency, created_at, updated_at)
      values (?, ?, ?, 1, ?, ?, ?)`).run(fields.first_name ?? 'Anna', fields.last_name ?? 'Petrova', fields.email ?? 'anna@example.com', fields.currency === undefined ? 'USD' : fields.currency, now, now).lastInsertRowid);
    const token = randomBytes(32).toString('base64url');
    db.prepare('insert into traveller_tokens (token_hash, traveller_id, created_at, expires_at) values (?, ?, ?, ?)')
      .run(createHash('sha256').update(token).digest('hex'), id, now, new Date(productNow() + 86_400_000).toISOString());
    return { id, token };
  } finally {
    db.close();
  }
}

/** Called in a spec file or a describe: each of its tests starts as a visitor with `answeredVisitorCookies`. */
export function asAnsweredVisitor(): void {
  test.beforeEach(({ context, baseURL }) => context.addCookies(answeredVisitorCookies(baseURL!)));
}
