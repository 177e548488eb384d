/**
 * Placeholder pictures made by the service: SVG generated on the fly, deterministic colours from the path,
 * a label and the requested size.
 *
 * URL convention: stored URLs look like `/media/{bucket}/{key}/{{size}}/image.svg`. The client replaces
 * '{{size}}' with e.g. '1200x00', '374x500', '140x140', or drops it with its slash for the original size
 * (`/media/{bucket}/{key}/image.svg`). '00' (or '0') means "auto" for that dimension (3:2 aspect).
 */
import { hashString } from '../db/seed/prng';

export const MEDIA_BUCKETS = ['tours', 'program', 'accommodation', 'living-base', 'experts', 'organizers', 'reviews', 'reviewers', 'blog', 'regions', 'ships', 'site'] as const;
export type MediaBucket = (typeof MEDIA_BUCKETS)[number];

export const ORIGINAL_SIZE = { width: 1600, height: 1067 } as const;
const MAX_SIDE = 4000;
const KEY_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FILE_RE = /^image\.(svg|jpe?g|png|webp)$/;

/** A stored image URL with the '{{size}}' placeholder. */
export function imageUrl(bucket: MediaBucket, key: string): string {
  return `/media/${bucket}/${key}/{{size}}/image.svg`;
}

/** Replaces '{{size}}' with a size, or drops it with its slash when size is empty (as the client does). */
export function resolveImageUrl(url: string, size: string): string {
  return size ? url.replace('{{size}}', size) : url.replace('/{{size}}', '');
}

export interface Size {
  width: number;
  height: number;
}

/** '1200x00' → {1200, 800}; '00x00' or '' → original; null when malformed or out of range. */
export function parseSize(text: string | undefined): Size | null {
  if (text === undefined || text === '') return { ...ORIGINAL_SIZE };
  const m = /^(\d{1,4})x(\d{1,4})$/.exec(text);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  const ratio = ORIGINAL_SIZE.width / ORIGINAL_SIZE.height;
  const width = w || (h ? Math.round(h * ratio) : ORIGINAL_SIZE.width);
  const height = h || (w ? Math.round(w / ratio) : ORIGINAL_SIZE.height);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  return { width, height };
}

export function isMediaBucket(value: string): value is MediaBucket {
  return (MEDIA_BUCKETS as readonly string[]).includes(value);
}

export function isValidMediaPath(bucket: string, key: string, file: string): bucket is MediaBucket {
  return isMediaBucket(bucket) && KEY_RE.test(key) && FILE_RE.test(file);
}

const LABELS: Record<MediaBucket, string> = {
  tours: 'Tour', program: 'Programme', accommodation: 'Accommodation', 'living-base': 'Living base', experts: 'Expert',
  organizers: 'Organizer', reviews: 'Review photo', reviewers: 'Traveller', blog: 'Blog', regions: 'Region', ships: 'Ship', site: 'Site',
};

/** The SVG picture for a media path. Pure: the same input always gives the same bytes. */
export function renderSvg(bucket: MediaBucket, key: string, size: Size): string {
  const { width: w, height: h } = size;
  const hash = hashString(`${bucket}/${key}`);
  const hue = hash % 360;
  const hue2 = (hue + 30 + ((hash >>> 9) % 60)) % 360;
  const sunX = Math.round(w * (0.15 + ((hash >>> 3) % 70) / 100));
  const sunY = Math.round(h * (0.18 + ((hash >>> 5) % 20) / 100));
  const font = Math.max(8, Math.round(Math.min(w, h) / 9));
  const ridge = [0.62, 0.42, 0.58, 0.36, 0.55, 0.48].map((f, i) => `${Math.round((w * i) / 5)} ${Math.round(h * (f + ((hash >>> (i + 2)) % 10) / 100))}`);
  const label = `${LABELS[bucket]} ${key}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,72%)"/><stop offset="1" stop-color="hsl(${hue2},45%,38%)"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="${Math.round(Math.min(w, h) / 10)}" fill="hsl(${(hue + 180) % 360},80%,88%)" fill-opacity="0.8"/>`,
    `<path d="M0 ${h} L${ridge.join(' L')} L${w} ${h} Z" fill="hsl(${hue2},35%,25%)" fill-opacity="0.55"/>`,
    `<text x="50%" y="50%" font-family="sans-serif" font-size="${font}" fill="#fff" text-anchor="middle" dominant-baseline="middle">${label}</text>`,
    `<text x="50%" y="${Math.round(h / 2 + font * 1.3)}" font-family="sans-serif" font-size="${Math.max(6, Math.round(font / 2))}" fill="#fff" fill-opacity="0.85" text-anchor="middle">${w}×${h}</text>`,
    '</svg>',
  ].join('');
}
