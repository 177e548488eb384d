/** @jest-environment node */
import { faviconIco, faviconSvg, favicons, rasterMark } from './favicon';

const BRAND = '#e8542f';
const pixel = (rgba: Uint8Array, px: number, x: number, y: number) => Array.from(rgba.slice((y * px + x) * 4, (y * px + x) * 4 + 4));

describe('favicon', () => {
  test('the SVG is the logo mark in the brand colour', () => {
    const svg = faviconSvg(BRAND);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
    expect(svg).toContain('<rect width="32" height="32" rx="9" fill="#e8542f"/>');
    expect(svg).toContain('<path d="M6 23L13 12L17.5 18.5L20 15L26 23Z" fill="#fff"/>');
  });

  test.each([
    ['a rounded-off corner is transparent', 0, 0, [0, 0, 0, 0]],
    ['the square is the brand colour', 3, 16, [0xe8, 0x54, 0x2f, 255]],
    ['the sun is white', 22, 9, [255, 255, 255, 255]],
    ['a peak is white', 13, 20, [255, 255, 255, 255]],
  ])('the 32 px bitmap: %s', (_name, x, y, expected) => {
    expect(pixel(rasterMark(32, BRAND), 32, x, y)).toEqual(expected);
  });

  test('the ICO holds 16 and 32 px 32-bit bitmaps at the offsets its directory names', () => {
    const ico = faviconIco(BRAND);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    const entries = [0, 1].map((k) => ({ w: ico.readUInt8(6 + 16 * k), h: ico.readUInt8(7 + 16 * k), bpp: ico.readUInt16LE(12 + 16 * k), size: ico.readUInt32LE(14 + 16 * k), offset: ico.readUInt32LE(18 + 16 * k) }));
    expect(entries.map((e) => [e.w, e.h, e.bpp])).toEqual([[16, 16, 32], [32, 32, 32]]);
    expect(entries[0]!.offset).toBe(6 + 32);
    expect(entries[1]!.offset).toBe(entries[0]!.offset + entries[0]!.size);
    expect(entries[1]!.offset + entries[1]!.size).toBe(ico.length);
    for (const e of entries) {
      // BITMAPINFOHEADER: 40 bytes, the height counts the colour and mask rows.
      expect([ico.readUInt32LE(e.offset), ico.readInt32LE(e.offset + 4), ico.readInt32LE(e.offset + 8), ico.readUInt16LE(e.offset + 14)]).toEqual([40, e.w, e.w * 2, 32]);
      expect(e.size).toBe(40 + e.w * e.w * 4 + Math.ceil(e.w / 32) * 4 * e.w);
    }
  });

  test('the version follows the colour', () => {
    expect(favicons(BRAND).version).toMatch(/^[0-9a-f]{8}$/);
    expect(favicons('#36ba5f').version).not.toBe(favicons(BRAND).version);
  });
});
