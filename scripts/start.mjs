#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the API (seeding its database on first start), the five
// microfrontends on their own origins and the host server, and prints every URL.
import { isBuilt, run, startProduct, MFES } from './lib/processes.mjs';

if (!isBuilt() || process.argv.includes('--build')) {
  console.log('Building host and microfrontends…');
  await run('node', ['scripts/build-all.mjs']);
}
const product = await startProduct();
console.log('\nThe product is running:');
console.log(`  Site            http://localhost:${product.hostPort}`);
console.log(`  API             http://localhost:${product.apiPort}  (OpenAPI: http://localhost:${product.apiPort}/api-docs)`);
for (const m of MFES) console.log(`  ${m.padEnd(15)} http://localhost:${product.remotes[m]}/mf-manifest.json`);
console.log(`  Widgets         ${product.widgetsUrl}/loader.js`);
console.log(`  Partner site    ${product.partnerUrl}  (sample agency page embedding the widgets)`);
console.log(`  Runtime manifest ${product.manifestFile}`);
console.log('\nCtrl+C stops everything.');
const stop = async () => {
  await product.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
