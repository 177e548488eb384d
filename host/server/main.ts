import path from 'node:path';
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
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port, host });
  console.log(`Host listening on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`);
}

main().catch((error: unknown) => {
  // An invalid app configuration (APP_CONFIG_FILE) names its items; the host does not start on a guess.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
