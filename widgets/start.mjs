/* global console */
// Starting the partner widgets with the product (scripts/lib/processes.mjs → startProduct): builds them when
// the build is missing or older than its sources (esbuild: well under a second), serves them on their own
// origin, serves the sample partner site on another, and records the loader URL in the runtime manifest
// (`widgets` entry of /mfe-manifest.json) for the /for-agencies configurator. The host ignores that entry.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildWidgets, DIST, WIDGETS_DIR } from './build.mjs';
import { serveWidgets } from './serve.mjs';
import { servePartnerSite } from './partner-site/server.mjs';

const ROOT = path.resolve(WIDGETS_DIR, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(tsx?|css|json|mjs)$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** True when widgets/dist is missing or older than widgets/src, the build script or shared/src. */
export function widgetsBuildStale() {
  const manifest = path.join(DIST, 'manifest.json');
  if (!existsSync(manifest) || !existsSync(path.join(DIST, 'loader.js'))) return true;
  const built = statSync(manifest).mtimeMs;
  return [path.join(WIDGETS_DIR, 'src'), path.join(ROOT, 'shared/src')].some((d) => newestMtime(d) > built) || statSync(path.join(WIDGETS_DIR, 'build.mjs')).mtimeMs > built;
}

export async function startWidgets({ widgetsPort, partnerPort, siteUrl, apiUrl = siteUrl, manifestFile, quiet = false }) {
  if (widgetsBuildStale()) await buildWidgets({ quiet });
  const widgets = `http://localhost:${widgetsPort}`;
  const servers = [await serveWidgets({ port: widgetsPort, site: siteUrl, api: apiUrl })];
  servers.push(await servePartnerSite({ port: partnerPort, widgets, site: siteUrl, api: apiUrl }));
  if (manifestFile && existsSync(manifestFile)) {
    const runtime = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const { version } = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));
    runtime.widgets = { url: `${widgets}/loader.js`, version };
    writeFileSync(manifestFile, `${JSON.stringify(runtime, null, 2)}\n`);
  }
  if (!quiet) {
    console.log(`  Partner widgets  ${widgets}/loader.js`);
    console.log(`  Partner site     http://localhost:${partnerPort}/  (hostile CSS, strict CSP)`);
  }
  return servers;
}
