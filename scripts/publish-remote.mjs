#!/usr/bin/env node
// Deploys one microfrontend by writing its runtime-manifest entry (scripts/lib/publish.mjs): no host build or
// restart. The build must already be served at --url (a CDN, or scripts/serve-remote.mjs).
//   node scripts/publish-remote.mjs <mfe> --url http://cdn.example/mfe-tour/0.1.3/ [--dir mfe-tour/dist] [--manifest .data/mfe-manifest.json]
//   node scripts/publish-remote.mjs <mfe> --rollback [--manifest …]
import path from 'node:path';
import { publishRemote, PublishRefused, rollbackRemote } from './lib/publish.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const name = args[0];
const manifestFile = path.resolve(flag('--manifest') ?? '.data/mfe-manifest.json');
if (!name || name.startsWith('--') || (!args.includes('--rollback') && !flag('--url'))) {
  console.error('Usage: publish-remote.mjs <mfe> --url <base URL of the build> [--dir <build folder>] [--manifest <file>] | <mfe> --rollback');
  process.exit(2);
}
try {
  if (args.includes('--rollback')) {
    rollbackRemote({ manifestFile, name });
    console.log(`${name}: rolled back to its previous release in ${manifestFile}`);
  } else {
    const entry = await publishRemote({ manifestFile, name, baseUrl: flag('--url'), dir: flag('--dir') ? path.resolve(flag('--dir')) : undefined });
    console.log(`${name} ${entry.version} published in ${manifestFile}${entry.previous ? ` (previous: ${entry.previous.version})` : ''}`);
  }
} catch (error) {
  if (!(error instanceof PublishRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
