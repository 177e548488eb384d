import { useEffect, useState } from 'react';
import { qrMatrix, qrPath, type QrMatrix } from './qr';

/** A QR code of `text` with a quiet zone, named by `label` (an image to assistive technology). */
export function QrCode({ text, label, size = 160 }: { text: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<QrMatrix | null>(null);
  useEffect(() => {
    let live = true;
    qrMatrix(text).then(
      (m) => live && setMatrix(m),
      () => live && setMatrix(null), // the encoder could not load: the link button still works
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!matrix) return <span className="bk-qr bk-qr--loading" style={{ width: size, height: size }} aria-hidden="true" />;
  const n = matrix.length;
  return (
    <svg className="bk-qr" role="img" aria-label={label} width={size} height={size} viewBox={`-2 -2 ${n + 4} ${n + 4}`} shapeRendering="crispEdges" data-testid="messenger-qr">
      <rect x={-2} y={-2} width={n + 4} height={n + 4} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
