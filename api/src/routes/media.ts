/**
 * Placeholder images: GET /media/{bucket}/{key}/{size}/{file} and /media/{bucket}/{key}/{file} (see lib/images.ts
 * for the URL convention). `image.svg` is a labelled SVG; image.png (and .jpg/.webp, which stored URLs may name) is
 * the PNG photo. Immutable, cached for a year by browsers and here by the last few hundred renders.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isValidMediaPath, parseSize, renderPng, renderSvg } from '../lib/images';
import type { ApiRouter } from './router';

const CACHE = 'public, max-age=31536000, immutable';
/** Rendered PNGs kept in memory: a card photo is a few KB, an original about 20 KB. */
const KEEP = 600;
const rendered = new Map<string, Buffer>();

function png(bucket: Parameters<typeof renderPng>[0], key: string, dims: { width: number; height: number }): Buffer {
  const id = `${bucket}/${key}/${dims.width}x${dims.height}`;
  const hit = rendered.get(id);
  if (hit) {
    // Least recently used goes first: a hit moves to the end.
    rendered.delete(id);
    rendered.set(id, hit);
    return hit;
  }
  const bytes = renderPng(bucket, key, dims);
  rendered.set(id, bytes);
  if (rendered.size > KEEP) rendered.delete(rendered.keys().next().value!);
  return bytes;
}

function send(reply: FastifyReply, bucket: string, key: string, file: string, size: string | undefined): FastifyReply {
  const dims = parseSize(size);
  if (!isValidMediaPath(bucket, key, file) || !dims) return reply.code(404).send({ message: 'Not found' });
  reply.header('cache-control', CACHE);
  if (file === 'image.svg') return reply.header('content-type', 'image/svg+xml; charset=utf-8').send(renderSvg(bucket, key, dims));
  return reply.header('content-type', 'image/png').send(png(bucket, key, dims));
}

export function registerMediaRoutes(app: FastifyInstance, router: ApiRouter): void {
  app.get<{ Params: { bucket: string; key: string; size: string; file: string } }>('/media/:bucket/:key/:size/:file', (request, reply) =>
    send(reply, request.params.bucket, request.params.key, request.params.file, request.params.size));
  app.get<{ Params: { bucket: string; key: string; file: string } }>('/media/:bucket/:key/:file', (request, reply) =>
    send(reply, request.params.bucket, request.params.key, request.params.file, undefined));
  const common = { method: 'GET' as const, tags: ['media'], produces: 'image/png', errors: [404] };
  router.document({
    ...common, url: '/media/:bucket/:key/:size/:file', summary: 'Placeholder picture of a size',
    description: "size: WIDTHxHEIGHT, '00' meaning auto (e.g. 1200x00, 374x500, 140x140); file: image.png (a PNG photo; image.jpg and image.webp are served as PNG too) or image.svg (a labelled SVG).",
  });
  router.document({ ...common, url: '/media/:bucket/:key/:file', summary: 'Placeholder picture in the original size (1600x1067)' });
}
