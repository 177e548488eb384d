// Staff tools budget (issue 16), for `npm run bench` (part `areas`):
//   a traveller's tour page downloads no staff code: 0 KB (files of the staff-panel chunk, or any file holding the
//   staff calls' paths); and, for the record, the size of what a staff session's tour page downloads for the panel.
// `benchStaff({ browser, baseUrl, tourUrl })` runs against a started product. A benchmark: it reports figures and
// whether the budget holds, it never fails on them.
import { gzipSync } from 'node:zlib';

export const STAFF_BUDGETS = { travellerStaffKB: 0 };
const KB = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const STAFF_CHUNK = /\/staff-panel\.[0-9a-f]+\.(js|css)$/;
const STAFF_MARKERS = ['/crm/api/user/private-data', '/spa/tour-private-data', '/spa/private-generate-tour-program-pdf'];
/** The seeded staff account with both permissions (api/src/db/seed/staff.ts). */
const STAFF = { login: 'staff.all@tours.example', password: 'staff-dev-password' };

/** Every script and stylesheet the tour page downloads, scrolled through so its lazy parts come in too. */
async function pageAssets(context, tourUrl) {
  const assets = new Map();
  const page = await context.newPage();
  page.on('response', async (res) => {
    if (!['script', 'stylesheet'].includes(res.request().resourceType())) return;
    try {
      assets.set(res.url(), await res.body());
    } catch {
      /* a redirect or an aborted answer has no body */
    }
  });
  await page.goto(tourUrl, { waitUntil: 'networkidle' });
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 500) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const panel = await page.getByRole('region', { name: 'Staff tools' }).count();
  await page.close();
  return { assets, panel };
}

const isStaff = (url, body) => STAFF_CHUNK.test(new URL(url).pathname) || STAFF_MARKERS.some((m) => body.includes(m));
const size = (entries) => ({
  files: entries.length,
  rawKB: KB(entries.reduce((n, [, body]) => n + body.length, 0)),
  gzipKB: KB(entries.reduce((n, [, body]) => n + gzipSync(body, { level: 9 }).length, 0)),
});

export async function benchStaff({ browser, baseUrl, tourUrl }) {
  const traveller = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const seen = await pageAssets(traveller, tourUrl);
  await traveller.close();
  const travellerStaff = [...seen.assets].filter(([url, body]) => isStaff(url, body.toString('latin1')));

  // A staff session as the agent console makes one: the staff token, then the admin cookies (shared with the pages).
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const auth = await staff.request.post(`${baseUrl}/crm/api/agent/auth`, { data: STAFF });
    if (!auth.ok()) return { skipped: `staff sign-in answered ${auth.status()}` };
    const { token } = await auth.json();
    await staff.request.post(`${baseUrl}/crm/api/user/admin-auth-cookie`, { headers: { 'X-Authorization': `Bearer ${token}` } });
    const staffSeen = await pageAssets(staff, tourUrl);
    // The panel's code: what the staff page downloads that the traveller's did not.
    const panel = [...staffSeen.assets].filter(([url]) => !seen.assets.has(url));
    const travellerStaffKB = size(travellerStaff).gzipKB;
    return {
      traveller: { staffFiles: travellerStaff.map(([url]) => url), ...size(travellerStaff) },
      staffPanel: { shown: staffSeen.panel > 0, ...size(panel), names: panel.map(([url]) => new URL(url).pathname.split('/').pop()) },
      budgets: STAFF_BUDGETS,
      travellerWithinBudget: travellerStaffKB <= STAFF_BUDGETS.travellerStaffKB && travellerStaff.length === 0,
    };
  } finally {
    await staff.close();
  }
}

// `node scripts/bench/staff.mjs`: this part alone, on its own product (built first: node scripts/build-all.mjs).
if (process.argv[1] && (await import('node:path')).resolve(process.argv[1]) === (await import('node:url')).fileURLToPath(import.meta.url)) {
  const path = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { execSync } = await import('node:child_process');
  const { mkdirSync, rmSync } = await import('node:fs');
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { startProduct } = await import('../lib/processes.mjs');
  const { chromium } = await import('playwright-core');
  const tmp = path.join(ROOT, '.tmp/bench-staff');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const env = { ...process.env, DEV_MODE: '1', RATE_LIMIT_PER_MIN: '10000000', HOST_PORT: '28480', API_PORT: '23401', REMOTE_PORT_BASE: '28481', WIDGETS_PORT: '28497', PARTNER_PORT: '28498' };
  const product = await startProduct({ env, quiet: true, dbFile: path.join(tmp, 'catalogue.sqlite'), manifestFile: path.join(tmp, 'mfe-manifest.json') });
  const executablePath = process.env.CHROMIUM_PATH ?? execSync('command -v chromium', { encoding: 'utf8' }).trim();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const apiUrl = `http://127.0.0.1:${product.apiPort}`;
    const search = await (await fetch(`${apiUrl}/spa/tours`, { headers: { accept: 'application/json', 'X-Language': 'en', 'X-Currency': 'USD' } })).json();
    const slug = (search?.result?.groups ?? []).flatMap((g) => g.items ?? [])[0]?.slug;
    const baseUrl = `http://localhost:${product.hostPort}`;
    console.log(JSON.stringify(slug ? await benchStaff({ browser, baseUrl, tourUrl: `${baseUrl}/en/${slug}` }) : { skipped: 'no tour in the search' }, null, 2));
  } finally {
    await browser.close();
    await product.stop();
  }
}
