// Repeat visits after a publish (issue 33), for scripts/bench.mjs: a visitor loads the main and search pages, one
// microfrontend (mfe-search) is rebuilt with a new version, uploaded beside the old files in its CDN folder (hashed
// names never collide; the entry files are overwritten) and published, and the same visitor comes back. Budget: the return downloads only that microfrontend's
// changed files; everything else comes from the browser's cache (content-hashed names, immutable) or is a
// revalidation without a body (the no-cache entry files). A benchmark: it reports, it never fails.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { publishRemote } from '../lib/publish.mjs';
import { ROOT } from '../lib/processes.mjs';
import { serveDir } from '../serve-remote.mjs';

const PAGES = ['/en', '/en/tours'];

/** Every response of a navigation with whether its body came over the network (CDP: cache flags and sizes). */
async function visit(page, cdp, baseUrl) {
  const seen = new Map();
  const onResponse = (e) => seen.set(e.requestId, { url: e.response.url, status: e.response.status, cached: e.response.fromDiskCache || e.response.fromPrefetchCache || false, type: e.type });
  const onCache = (e) => seen.set(e.requestId, { ...(seen.get(e.requestId) ?? {}), cached: true });
  const onDone = (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCache);
  cdp.on('Network.loadingFinished', onDone);
  for (const p of PAGES) await page.goto(baseUrl + p, { waitUntil: 'networkidle' });
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.requestServedFromCache', onCache);
  cdp.off('Network.loadingFinished', onDone);
  return [...seen.values()].filter((r) => r.url && (r.type === 'Script' || r.type === 'Stylesheet'));
}

export async function benchRepeatVisit({ browser, baseUrl, manifestFile, port = 28190 }) {
  const cdn = path.join(ROOT, '.tmp/bench/mfe-search-cdn');
  const next = path.join(ROOT, '.tmp/bench/mfe-search-next');
  rmSync(cdn, { recursive: true, force: true });
  rmSync(next, { recursive: true, force: true });
  const current = path.join(ROOT, 'mfe-search/dist');
  cpSync(current, cdn, { recursive: true });
  const before = new Set(readdirSync(current));
  // The same sources with a new version: the files that carry the version change, the rest keep their hashes.
  execFileSync('npx', ['webpack', '--mode', 'production', '-c', 'mfe-search/webpack.config.js'], {
    cwd: ROOT, stdio: 'ignore', env: { ...process.env, MFE_VERSION: '0.1.1-bench', MFE_OUT_DIR: next },
  });
  const server = await serveDir(cdn, port);
  const origin = `http://localhost:${port}/`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await publishRemote({ manifestFile, name: 'mfe-search', baseUrl: origin, dir: current });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await visit(page, cdp, baseUrl);
    cpSync(next, cdn, { recursive: true });
    await publishRemote({ manifestFile, name: 'mfe-search', baseUrl: origin, dir: next });
    const again = await visit(page, cdp, baseUrl);
    // A body over the network: not a cache hit (a memory-cache hit reports no flag but 0 bytes on the wire).
    const unique = [...again.reduce((m, r) => {
      const seen = m.get(r.url);
      m.set(r.url, seen ? { ...seen, cached: seen.cached && r.cached, bytes: (seen.bytes ?? 0) + (r.bytes ?? 0) } : r);
      return m;
    }, new Map()).values()];
    const downloaded = unique.filter((r) => !r.cached && r.status === 200 && (r.bytes ?? 0) > 0);
    const file = (r) => new URL(r.url).pathname.slice(1);
    const changed = downloaded.filter((r) => r.url.startsWith(origin) && !before.has(file(r)));
    const entryFiles = downloaded.filter((r) => r.url.startsWith(origin) && before.has(file(r)) && !/\.[0-9a-f]{8}\./.test(file(r)));
    const needless = downloaded.filter((r) => !changed.includes(r) && !entryFiles.includes(r));
    const KB = (n) => Math.round((n / 1024) * 10) / 10;
    const sum = (list) => KB(list.reduce((s, r) => s + (r.bytes ?? 0), 0));
    const ok = needless.length === 0 && changed.length > 0;
    return {
      changedFiles: { files: changed.length, KB: sum(changed), names: changed.map(file) },
      entryFiles: entryFiles.map(file),
      needless: needless.map((r) => `${new URL(r.url).port}${new URL(r.url).pathname} ${KB(r.bytes ?? 0)} KB`),
      fromCache: unique.filter((r) => r.cached || (r.status === 200 && !(r.bytes > 0))).length,
      revalidated: unique.filter((r) => r.status === 304).length,
      budgetLines: [`Budget: repeat visit after publishing mfe-search downloads only its changed files → ${changed.length} changed (${sum(changed)} KB) + entry ${entryFiles.map(file).join(', ') || 'none'}, ${needless.length} other downloads ${ok ? 'OK' : 'OVER'}${needless.length ? ` (${needless.map((r) => new URL(r.url).pathname).join(', ')})` : ''}`],
    };
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
