import { createHash } from 'node:crypto';
import { LOGO_MARK, LOGO_PEAKS_PATH } from '../src/layout/logo-mark';

/**
 * The site's icons, drawn from the brand mark (host/src/layout/logo-mark.ts) in the site's brand colour: an SVG for
 * browsers that take one (linked from every page with a version, so it is cached for a year) and /favicon.ico (16 and
 * 32 px bitmaps) for the browsers, crawlers and tools that ask that fixed address without reading the page.
 */
export interface Favicons {
  svg: string;
  ico: Buffer;
  /** Changes with the drawing and the colour: the SVG's link carries it, so a new icon is fetched at once. */
  version: string;
}

export function faviconSvg(color: string): string {
  const { size, radius, sun } = LOGO_MARK;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${color}"/>`,
    `<path d="${LOGO_PEAKS_PATH}" fill="#fff"/>`,
    `<circle cx="${sun.cx}" cy="${sun.cy}" r="${sun.r}" fill="#fff"/>`,
    '</svg>',
  ].join('');
}

function parseHex(color: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  const n = m ? Number.parseInt(m[1]!, 16) : 0xe8542f;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function insideRoundedSquare(x: number, y: number): boolean {
  const { size, radius: r } = LOGO_MARK;
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = x < r ? r : x > size - r ? size - r : x;
  const cy = y < r ? r : y > size - r ? size - r : y;
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function insidePeaks(x: number, y: number): boolean {
  const pts = LOGO_MARK.peaks;
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideSun(x: number, y: number): boolean {
  const { cx, cy, r } = LOGO_MARK.sun;
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The mark as straight (not premultiplied) RGBA pixels, rows top to bottom, 4 × 4 samples a pixel for smooth edges. */
export function rasterMark(px: number, color: string): Uint8Array {
  const [br, bg, bb] = parseHex(color);
  const out = new Uint8Array(px * px * 4);
  const n = 4;
  const scale = LOGO_MARK.size / px;
  for (let row = 0; row < px; row++) {
    for (let col = 0; col < px; col++) {
      let covered = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (col + (sx + 0.5) / n) * scale;
          const y = (row + (sy + 0.5) / n) * scale;
          if (!insideRoundedSquare(x, y)) continue;
          covered++;
          const white = insidePeaks(x, y) || insideSun(x, y);
          r += white ? 255 : br;
          g += white ? 255 : bg;
          b += white ? 255 : bb;
        }
      }
      const i = (row * px + col) * 4;
      if (covered) {
        out[i] = Math.round(r / covered);
        out[i + 1] = Math.round(g / covered);
        out[i + 2] = Math.round(b / covered);
        out[i + 3] = Math.round((covered / (n * n)) * 255);
      }
    }
  }
  return out;
}

/** One 32-bit BMP image of an ICO: the header, BGRA rows bottom to top, then the (unused, all-opaque) AND mask. */
function icoBitmap(px: number, rgba: Uint8Array): Buffer {
  const maskRow = Math.ceil(px / 32) * 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(px, 4);
  header.writeInt32LE(px * 2, 8); // colour rows plus mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(px * px * 4 + maskRow * px, 20);
  const pixels = Buffer.alloc(px * px * 4);
  for (let row = 0; row < px; row++) {
    for (let col = 0; col < px; col++) {
      const from = (row * px + col) * 4;
      const to = ((px - 1 - row) * px + col) * 4;
      pixels[to] = rgba[from + 2]!;
      pixels[to + 1] = rgba[from + 1]!;
      pixels[to + 2] = rgba[from]!;
      pixels[to + 3] = rgba[from + 3]!;
    }
  }
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * px)]);
}

/** An ICO file holding the mark at each size. */
export function faviconIco(color: string, sizes: readonly number[] = [16, 32]): Buffer {
  const images = sizes.map((px) => icoBitmap(px, rasterMark(px, color)));
  const dir = Buffer.alloc(6 + 16 * sizes.length);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(sizes.length, 4);
  let offset = dir.length;
  sizes.forEach((px, k) => {
    const at = 6 + 16 * k;
    dir.writeUInt8(px >= 256 ? 0 : px, at);
    dir.writeUInt8(px >= 256 ? 0 : px, at + 1);
    dir.writeUInt16LE(1, at + 4);
    dir.writeUInt16LE(32, at + 6);
    dir.writeUInt32LE(images[k]!.length, at + 8);
    dir.writeUInt32LE(offset, at + 12);
    offset += images[k]!.length;
  });
  return Buffer.concat([dir, ...images]);
}

export function favicons(color: string): Favicons {
  const svg = faviconSvg(color);
  const ico = faviconIco(color);
  const version = createHash('sha256').update(svg).update(ico).digest('hex').slice(0, 8);
  return { svg, ico, version };
}

/** The page head's links: the SVG where it is understood, the ICO elsewhere. */
export function faviconLinks(version: string): string {
  return [`<link rel="icon" href="/favicon.ico" sizes="32x32">`, `<link rel="icon" href="/favicon.svg?v=${version}" type="image/svg+xml">`].join('\n');
}
