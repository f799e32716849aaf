// A QR code as one SVG path: sharp on any screen, scaled by CSS, with the 4-module quiet zone
// scanners need drawn as white margin (a dark theme around it would otherwise eat it).
import { useMemo } from 'preact/hooks';
import { qrMatrix } from '../../../platform/qr';

/** `ecc` 'L' for long texts shown on a screen (a clean image; more data per module), 'M' otherwise. */
export function QrCode({ text, label, testId, ecc = 'M' }: { text: string; label: string; testId?: string; ecc?: 'L' | 'M' }) {
  const { size, path } = useMemo(() => qrMatrix(text, ecc), [text, ecc]);
  const box = size + 8;
  return (
    <svg class="qr" viewBox={`-4 -4 ${box} ${box}`} role="img" aria-label={label} data-testid={testId} shape-rendering="crispEdges">
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
