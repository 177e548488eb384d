import { qrMatrix, qrPath } from './qr';

describe('QR codes of the messenger links', () => {
  test.each([
    ['nothing dark', [[false, false], [false, false]], ''],
    ['one module', [[true, false], [false, false]], 'M0 0h1v1h-1z'],
    ['row and column', [[false, true], [true, false]], 'M1 0h1v1h-1zM0 1h1v1h-1z'],
  ])('qrPath: %s', (_name, matrix, path) => {
    expect(qrPath(matrix)).toBe(path);
  });

  test('a link encodes as a square code with its finder patterns (a real encoder, not a picture)', async () => {
    const m = await qrMatrix('https://t.me/tours_help_bot?start=r704');
    const n = m.length;
    expect(n).toBeGreaterThanOrEqual(21);
    expect((n - 17) % 4).toBe(0);
    // The top-left finder: a dark 7×7 ring around a light ring around a dark 3×3 core.
    expect(m[0]!.slice(0, 7)).toEqual([true, true, true, true, true, true, true]);
    expect(m[1]!.slice(0, 7)).toEqual([true, false, false, false, false, false, true]);
    expect(m[3]!.slice(0, 7)).toEqual([true, false, true, true, true, false, true]);
    // Another text, another code.
    expect(await qrMatrix('https://wa.me/78002014567')).not.toEqual(m);
  });
});
