// The partner widgets in the product (scripts/lib/processes.mjs → startProduct): builds them when the build is
// missing or older than its sources (esbuild: well under a second), names the two processes the supervisor runs
// (the widget asset server on its own origin, the sample partner site on another), and records the loader URL
// in the runtime manifest (`widgets` entry of /mfe-manifest.json) for the /for-agencies configurator. The host
// ignores that entry.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildWidgets, DIST, WIDGETS_DIR } from './build.mjs';
import { writeRuntimeManifest } from '../scripts/lib/publish.mjs';

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

/** Builds the widgets when stale; in the parent, before their server starts (it would otherwise build itself). */
export async function ensureWidgetsBuilt({ quiet = false } = {}) {
  if (widgetsBuildStale()) await buildWidgets({ quiet });
}

/**
 * The supervisor's specs (scripts/lib/supervisor.mjs) of the widget server and the partner site, each a process
 * of its own. `siteUrl` is the main site; `apiUrl` where the widgets call the API (through the site by default).
 */
export function widgetProcesses({ widgetsPort, partnerPort, siteUrl, apiUrl = siteUrl }) {
  const widgets = `http://localhost:${widgetsPort}`;
  return [
    {
      name: 'widgets',
      args: [path.join(WIDGETS_DIR, 'serve.mjs'), '--port', String(widgetsPort), '--site', siteUrl, '--api', apiUrl],
      readyUrl: `http://127.0.0.1:${widgetsPort}/loader.js`,
    },
    {
      name: 'partner-site',
      args: [path.join(WIDGETS_DIR, 'partner-site/server.mjs'), '--port', String(partnerPort), '--widgets', widgets, '--site', siteUrl, '--api', apiUrl],
      readyUrl: `http://127.0.0.1:${partnerPort}/`,
    },
  ];
}

/** Adds the `widgets` entry (loader URL and build version) to the runtime manifest. */
export function recordWidgets(manifestFile, widgetsUrl) {
  if (!manifestFile || !existsSync(manifestFile)) return;
  const runtime = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const { version } = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));
  runtime.widgets = { url: `${widgetsUrl}/loader.js`, version };
  writeRuntimeManifest(manifestFile, runtime);
}
