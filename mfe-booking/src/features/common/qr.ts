/**
 * QR codes of the messenger links (public-site §2.7: the second messenger tab and the Chinese QR card). The encoder
 * (qrcode-generator) is loaded only when a code is shown; the code is drawn as one SVG path by React, never as markup.
 */

/** The dark modules of a QR code, as rows of booleans. */
export type QrMatrix = boolean[][];

/** One SVG path of the dark modules (a 1×1 square each), for a viewBox of the matrix's size. */
export function qrPath(matrix: QrMatrix): string {
  let d = '';
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return d;
}

/** The QR matrix of a text (error correction M, the size the text needs). */
export async function qrMatrix(text: string): Promise<QrMatrix> {
  const { default: qrcode } = await import(/* webpackChunkName: "qrcode" */ 'qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => qr.isDark(y, x)));
}
