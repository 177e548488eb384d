/**
 * Placeholder images: GET /media/{bucket}/{key}/{size}/image.svg and /media/{bucket}/{key}/image.svg
 * (see lib/images.ts for the URL convention). Immutable, cached for a year.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isValidMediaPath, parseSize, renderSvg } from '../lib/images';
import type { ApiRouter } from './router';

const CACHE = 'public, max-age=31536000, immutable';

function send(reply: FastifyReply, bucket: string, key: string, file: string, size: string | undefined): FastifyReply {
  const dims = parseSize(size);
  if (!isValidMediaPath(bucket, key, file) || !dims) return reply.code(404).send({ message: 'Not found' });
  return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', CACHE).send(renderSvg(bucket, key, dims));
}

export function registerMediaRoutes(app: FastifyInstance, router: ApiRouter): void {
  app.get<{ Params: { bucket: string; key: string; size: string; file: string } }>('/media/:bucket/:key/:size/:file', (request, reply) =>
    send(reply, request.params.bucket, request.params.key, request.params.file, request.params.size));
  app.get<{ Params: { bucket: string; key: string; file: string } }>('/media/:bucket/:key/:file', (request, reply) =>
    send(reply, request.params.bucket, request.params.key, request.params.file, undefined));
  const common = { method: 'GET' as const, tags: ['media'], produces: 'image/svg+xml', errors: [404] };
  router.document({
    ...common, url: '/media/:bucket/:key/:size/:file', summary: 'Placeholder picture of a size',
    description: "size: WIDTHxHEIGHT, '00' meaning auto (e.g. 1200x00, 374x500, 140x140); file: image.svg (image.jpg/png/webp are served as SVG too).",
  });
  router.document({ ...common, url: '/media/:bucket/:key/:file', summary: 'Placeholder picture in the original size (1600x1067)' });
}
