import path from 'node:path';
import { createDrain, drainMsFrom, readinessAnswer } from '@tours/shared/src/node/drain';
import { buildHostServer } from './app';

const root = path.resolve(__dirname, '../..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

async function main() {
  const app = await buildHostServer({
    distDir: process.env.HOST_DIST_DIR ?? path.join(root, 'host/dist'),
    messagesDir: path.join(root, 'shared/src/i18n/messages'),
    manifestFile: process.env.MFE_MANIFEST_FILE ?? path.join(root, 'host/mfe-manifest.json'),
    apiUrl: process.env.API_URL ?? 'http://127.0.0.1:3001',
    ...(process.env.SIP_UPSTREAM ? { sipUrl: process.env.SIP_UPSTREAM } : {}),
    logger: process.env.LOG !== '0',
  });
  // SIGTERM/SIGINT: readiness 503 for DRAIN_MS (the balancer stops sending), then close (shared/src/node/drain.ts).
  const drain = createDrain({ drainMs: drainMsFrom(process.env), close: () => app.close(), log: (message) => app.log.info(message) });
  app.get('/readyz', async (_req, reply) => {
    const answer = readinessAnswer(drain);
    return reply.code(answer.status).header('Cache-Control', 'no-store').send(answer.body);
  });
  process.once('SIGINT', () => void drain.stop('SIGINT'));
  process.once('SIGTERM', () => void drain.stop('SIGTERM'));
  await app.listen({ port, host });
  console.log(`Host listening on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`);
}

main().catch((error: unknown) => {
  // An invalid app configuration (APP_CONFIG_FILE) names its items; the host does not start on a guess.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
