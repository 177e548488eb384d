#!/usr/bin/env node
/* global AbortController */
// `npm start`: builds what is missing, then runs the API (seeding its database on first start), the five
// microfrontends on their own origins, the host server, the widget server and the partner site, each in a
// supervised process of its own (scripts/lib/supervisor.mjs), and prints every URL. Ctrl+C (or SIGTERM) stops
// all of them, also halfway through the start, and exits 0 once every process has exited.
import { isBuilt, run, startProduct, MFES } from './lib/processes.mjs';

// `npm start -- --cluster` (issue 31): PostgreSQL, HAProxy and several API and host processes (scripts/cluster).
const clusterMode = process.argv.includes('--cluster');

const abort = new AbortController();
// The step in progress: the build, then the start (resolving to the product).
let current = Promise.resolve(null);
let stopping = false;
const onSignal = () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  abort.abort(new Error('stopped'));
  // The build is ended by the abort; a start in progress stops what it started before it settles; a running
  // product stops on stop().
  void current
    .then((product) => product?.stop(), () => {})
    .then(() => {
      console.log('Stopped.');
      process.exit(0);
    });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

if (!isBuilt() || process.argv.includes('--build')) {
  console.log('Building host and microfrontends…');
  current = run('node', ['scripts/build-all.mjs'], { signal: abort.signal }).then(() => null);
  try {
    await current;
  } catch (error) {
    // Stopped halfway: the signal handler ends the process.
    if (stopping) await new Promise(() => {});
    throw error;
  }
}
if (stopping) await new Promise(() => {});
current = clusterMode ? import('./cluster/cluster.mjs').then((c) => c.startCluster({ signal: abort.signal })) : startProduct({ signal: abort.signal });
let product;
try {
  product = await current;
} catch (error) {
  if (stopping) await new Promise(() => {});
  console.error(`\nThe product did not start: ${error.message}`);
  process.exit(1);
}
console.log('\nThe product is running:');
console.log(`  Site            http://localhost:${product.hostPort}`);
console.log(`  API             http://localhost:${product.apiPort}  (OpenAPI: http://localhost:${product.apiPort}/api-docs)`);
for (const m of MFES) console.log(`  ${m.padEnd(15)} http://localhost:${product.remotes[m]}/mf-manifest.json`);
console.log(`  Widgets         ${product.widgetsUrl}/loader.js`);
console.log(`  Partner site    ${product.partnerUrl}  (sample agency page embedding the widgets)`);
if (product.sipWsUrl) console.log(`  SIP registrar   ${product.sipWsUrl}  (kamailio, internet calls)`);
console.log(`  Runtime manifest ${product.manifestFile}`);
console.log('\nEach server runs in a process of its own and is restarted if it crashes. Ctrl+C stops everything.');
if (clusterMode) (await import('./cluster/control.mjs')).serveClusterControl(product);
