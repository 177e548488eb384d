/**
 * Placeholder pictures made by the service, generated on the fly with deterministic colours from the path and the
 * requested size: PNG photos (a landscape: sky, sun, ridge) and, for `image.svg`, a labelled SVG.
 *
 * Photos are raster, like the real catalogue's: browsers decode raster images off the main thread, whereas every
 * SVG <img> is a document of its own built on the main thread (3–5 ms each in Chromium), which made a page of
 * 18 cards pay for placeholders what no real photo costs (docs/decisions.md, 'Seeded photos are PNG').
 *
 * URL convention: stored URLs look like `/media/{bucket}/{key}/{{size}}/image.png`. The client replaces
 * '{{size}}' with e.g. '1200x00', '374x500', '140x140', or drops it with its slash for the original size
 * (`/media/{bucket}/{key}/image.svg`). '00' (or '0') means "auto" for that dimension (3:2 aspect).
 */
import { constants, deflateSync } from 'node:zlib';
import { hashString } from '../db/seed/prng';

const MEDIA_BUCKETS = ['tours', 'program', 'accommodation', 'living-base', 'experts', 'organizers', 'reviews', 'reviewers', 'blog', 'regions', 'ships', 'site'] as const;
export type MediaBucket = (typeof MEDIA_BUCKETS)[number];

const ORIGINAL_SIZE = { width: 1600, height: 1067 } as const;
const MAX_SIDE = 4000;
const KEY_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FILE_RE = /^image\.(svg|jpe?g|png|webp)$/;

/** A stored image URL with the '{{size}}' placeholder. */
export function imageUrl(bucket: MediaBucket, key: string): string {
  return `/media/${bucket}/${key}/{{size}}/image.png`;
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

function isMediaBucket(value: string): value is MediaBucket {
  return (MEDIA_BUCKETS as readonly string[]).includes(value);
}

export function isValidMediaPath(bucket: string, key: string, file: string): bucket is MediaBucket {
  return isMediaBucket(bucket) && KEY_RE.test(key) && FILE_RE.test(file);
}

const LABELS: Record<MediaBucket, string> = {
  tours: 'Tour', program: 'Programme', accommodation: 'Accommodation', 'living-base': 'Living base', experts: 'Expert',
  organizers: 'Organizer', reviews: 'Review photo', reviewers: 'Traveller', blog: 'Blog', regions: 'Region', ships: 'Ship', site: 'Site',
};

/** The landscape of a media path: the same path always gives the same colours, sun and ridge. */
function landscape(bucket: MediaBucket, key: string, { width: w, height: h }: Size) {
  const hash = hashString(`${bucket}/${key}`);
  const hue = hash % 360;
  const hue2 = (hue + 30 + ((hash >>> 9) % 60)) % 360;
  return {
    hue,
    hue2,
    sunX: Math.round(w * (0.15 + ((hash >>> 3) % 70) / 100)),
    sunY: Math.round(h * (0.18 + ((hash >>> 5) % 20) / 100)),
    sunR: Math.round(Math.min(w, h) / 10),
    /** Ridge points at x = 0, w/5, …, w. */
    ridge: [0.62, 0.42, 0.58, 0.36, 0.55, 0.48].map((f, i) => ({ x: Math.round((w * i) / 5), y: Math.round(h * (f + ((hash >>> (i + 2)) % 10) / 100)) })),
  };
}

/** The SVG picture for a media path. Pure: the same input always gives the same bytes. */
export function renderSvg(bucket: MediaBucket, key: string, size: Size): string {
  const { width: w, height: h } = size;
  const { hue, hue2, sunX, sunY, sunR, ridge: points } = landscape(bucket, key, size);
  const font = Math.max(8, Math.round(Math.min(w, h) / 9));
  const ridge = points.map((p) => `${p.x} ${p.y}`);
  const label = `${LABELS[bucket]} ${key}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,72%)"/><stop offset="1" stop-color="hsl(${hue2},45%,38%)"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="hsl(${(hue + 180) % 360},80%,88%)" fill-opacity="0.8"/>`,
    `<path d="M0 ${h} L${ridge.join(' L')} L${w} ${h} Z" fill="hsl(${hue2},35%,25%)" fill-opacity="0.55"/>`,
    `<text x="50%" y="50%" font-family="sans-serif" font-size="${font}" fill="#fff" text-anchor="middle" dominant-baseline="middle">${label}</text>`,
    `<text x="50%" y="${Math.round(h / 2 + font * 1.3)}" font-family="sans-serif" font-size="${Math.max(6, Math.round(font / 2))}" fill="#fff" fill-opacity="0.85" text-anchor="middle">${w}×${h}</text>`,
    '</svg>',
  ].join('');
}

// PNG ---------------------------------------------------------------------------------------------------------

/** HSL (degrees, percents) → RGB bytes, as CSS computes it. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i += 1) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Filtered rows are built in one reused buffer: a card photo's half a megabyte per render was garbage for the GC. */
let rows = Buffer.alloc(0);
const KEEP_ROWS_BYTES = 8 * 1024 * 1024;

function rowsBuffer(size: number): Buffer {
  if (size > KEEP_ROWS_BYTES) return Buffer.alloc(size);
  if (rows.length < size) rows = Buffer.alloc(Math.max(size, Math.min(KEEP_ROWS_BYTES, rows.length * 2)));
  return rows.fill(0, 0, size).subarray(0, size);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG photo for a media path: the SVG's landscape (sky gradient, sun, ridge with soft edges), 8-bit RGB.
 * Pure: the same input always gives the same bytes. Rows use the 'Sub' filter, so runs of one colour are zeros and
 * run-length deflate packs them fast (a 374×500 card photo: about 8 KB in under 1 ms).
 */
export function renderPng(bucket: MediaBucket, key: string, size: Size): Buffer {
  const { width: w, height: h } = size;
  const { hue, hue2, sunX, sunY, sunR, ridge } = landscape(bucket, key, size);
  const top = hsl(hue, 60, 72);
  const bottom = hsl(hue2, 45, 38);
  const sun = hsl((hue + 180) % 360, 80, 88);
  const hill = hsl(hue2, 35, 25);
  // The ridge's height at every column (linear between its points).
  const ridgeY = new Float64Array(w);
  /** First column of each ridge segment: within one, the ridge is a straight line. */
  const segments: number[] = [];
  for (let x = 0, last = -1; x < w; x += 1) {
    const i = Math.min(ridge.length - 2, Math.floor((x * 5) / Math.max(1, w)));
    if (i !== last) segments.push(x);
    last = i;
    const a = ridge[i]!;
    const b = ridge[i + 1]!;
    ridgeY[x] = a.y + ((b.y - a.y) * (x - a.x)) / Math.max(1, b.x - a.x);
  }
  const stride = w * 3 + 1;
  const raw = rowsBuffer(stride * h); // zeros: with the Sub filter, a run of one colour stays zero
  const sky = [0, 0, 0];
  const below = [0, 0, 0];
  const color = [0, 0, 0];
  let row = 0;
  let p0 = 0;
  let p1 = 0;
  let p2 = 0;
  /** Writes a pixel as its difference from the one to its left; a pixel like its neighbour stays zero. */
  const put = (x: number, r: number, g: number, b: number) => {
    r = Math.round(r);
    g = Math.round(g);
    b = Math.round(b);
    if (r === p0 && g === p1 && b === p2) return;
    const at = row + 1 + x * 3;
    raw[at] = (r - p0) & 0xff;
    raw[at + 1] = (g - p1) & 0xff;
    raw[at + 2] = (b - p2) & 0xff;
    p0 = r;
    p1 = g;
    p2 = b;
  };
  /** A pixel of the row: the sun (0.8 opacity, soft edge) behind the ridge (0.55 opacity below the line, soft edge). */
  const pixel = (x: number, y: number, sunDy: number) => {
    color[0] = sky[0]!;
    color[1] = sky[1]!;
    color[2] = sky[2]!;
    const dx = x + 0.5 - sunX;
    const sunCover = 0.8 * Math.max(0, Math.min(1, sunR + 0.5 - Math.sqrt(dx * dx + sunDy * sunDy)));
    if (sunCover > 0) for (let c = 0; c < 3; c += 1) color[c] = color[c]! + (sun[c]! - color[c]!) * sunCover;
    const hillCover = 0.55 * Math.max(0, Math.min(1, y + 1 - ridgeY[x]!));
    if (hillCover > 0) for (let c = 0; c < 3; c += 1) color[c] = color[c]! + (hill[c]! - color[c]!) * hillCover;
    put(x, color[0]!, color[1]!, color[2]!);
  };
  /**
   * The first column in from…to whose depth below the ridge passes `level` (to + 1 when none does): going deeper
   * (depth > level) where the ridge rises, shallower (depth < level) where it falls; `orEqual` counts reaching it.
   */
  const firstPast = (from: number, to: number, y: number, level: number, orEqual: boolean, deeper: boolean) => {
    let lo = from;
    let hi = to + 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const depth = y + 1 - ridgeY[mid]!;
      if ((deeper ? depth > level : depth < level) || (orEqual && depth === level)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  for (let y = 0; y < h; y += 1) {
    const t = h > 1 ? y / (h - 1) : 0;
    for (let c = 0; c < 3; c += 1) {
      sky[c] = top[c]! + (bottom[c]! - top[c]!) * t;
      below[c] = sky[c]! + (hill[c]! - sky[c]!) * 0.55;
    }
    row = y * stride;
    raw[row] = 1; // filter: Sub (each byte minus the one a pixel to the left)
    p0 = 0;
    p1 = 0;
    p2 = 0;
    const sunDy = y + 0.5 - sunY;
    if (Math.abs(sunDy) <= sunR + 1) {
      for (let x = 0; x < w; x += 1) pixel(x, y, sunDy);
      continue;
    }
    // Away from the sun, each ridge segment is a run of sky, the ridge's soft edge and a run of hill (or the
    // reverse): only the edge needs its pixels worked out, found by bisection since depth is monotonic there.
    for (let s = 0; s < segments.length; s += 1) {
      const from = segments[s]!;
      const to = (s + 1 < segments.length ? segments[s + 1]! : w) - 1;
      const rising = ridgeY[to]! <= ridgeY[from]!; // the ridge goes up, so the depth below it grows
      const edgeFrom = rising ? firstPast(from, to, y, 0, false, true) : firstPast(from, to, y, 1, false, false);
      const edgeTo = rising ? firstPast(from, to, y, 1, true, true) : firstPast(from, to, y, 0, true, false);
      const head = rising ? sky : below;
      const tail = rising ? below : sky;
      if (edgeFrom > from) put(from, head[0]!, head[1]!, head[2]!);
      for (let x = edgeFrom; x < edgeTo; x += 1) pixel(x, y, sunDy);
      if (edgeTo <= to) put(edgeTo, tail[0]!, tail[1]!, tail[2]!);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { strategy: constants.Z_RLE })), chunk('IEND', Buffer.alloc(0))]);
}
