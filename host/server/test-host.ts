/**
 * The host server as its tests start it: a small host build in a temporary folder (dist/entry.json only, so the shell
 * renders empty, and a manifest) and the servers a test file starts on it, closed with the folder after its tests.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildHostServer, type HostServerOptions } from './app';

const MESSAGES_DIR = path.join(__dirname, '../../shared/src/i18n/messages');

/** Call at the top of a test file (or a describe): `name` prefixes the folder; `entry` and `manifest` are written as JSON. */
export function withTestHost(name: string, files: { entry: unknown; manifest: unknown }) {
  let dir = '';
  const apps: FastifyInstance[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
    mkdirSync(path.join(dir, 'dist/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'dist/entry.json'), JSON.stringify(files.entry));
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(files.manifest));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** A path in the temporary folder. */
    file: (relative: string) => path.join(dir, relative),
    /** How many servers were started so far. */
    started: () => apps.length,
    /** A host server on the folder's build and manifest and shared's catalogues (`options` may name another manifest). */
    async start(options: Partial<HostServerOptions> & Pick<HostServerOptions, 'apiUrl'>): Promise<FastifyInstance> {
      const app = await buildHostServer({ distDir: path.join(dir, 'dist'), messagesDir: MESSAGES_DIR, manifestFile: path.join(dir, 'manifest.json'), ...options });
      apps.push(app);
      return app;
    },
  };
}
