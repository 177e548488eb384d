import path from 'node:path';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Compression of every answer (br, gzip) and the host's hashed assets, which never change: cached for a year. */
export const staticAssets = fp<{ distDir: string }>(async (app, { distDir }) => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
  });
}, { name: 'static' });
