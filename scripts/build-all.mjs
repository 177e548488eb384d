#!/usr/bin/env node
// Builds the host and the five microfrontends one after another (two cores: parallel builds only thrash).
import { MFES, run } from './lib/processes.mjs';

const only = process.argv.slice(2);
const targets = only.length ? only : ['host', ...MFES, 'widgets'];
for (const t of targets) {
  const started = Date.now();
  if (t === 'widgets') {
    await run('node', ['widgets/build.mjs']);
    console.log(`built widgets in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    continue;
  }
  await run('npx', ['webpack', '--mode', 'production', '-c', `${t}/webpack.config.js`]);
  // The host also has a server bundle: the shell rendered to HTML before any JS arrives.
  if (t === 'host') await run('npx', ['webpack', '--mode', 'production', '-c', 'host/webpack.ssr.config.js']);
  console.log(`built ${t} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
