// A QR code as one SVG path: sharp on any screen, scaled by CSS, with the 4-module quiet zone
// scanners need drawn as white margin (a dark theme around it would otherwise eat it). A text
// too long for any QR is said, never a blank space where the code should be.
import { useMemo } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { qrMatrix, type QrMatrix } from '../../../platform/qr';

/**
 * `ecc` 'L' for long texts shown on a screen (a clean image; more data per module), 'auto' for
 * codes a camera reads at arm's length (the fewest modules, then the strongest correction), 'M' otherwise.
 */
export function QrCode({ text, label, testId, ecc = 'M' }: { text: string; label: string; testId?: string; ecc?: 'L' | 'M' | 'auto' }) {
  const { t } = useI18n();
  const made = useMemo((): QrMatrix | { error: string } => {
    try {
      return qrMatrix(text, ecc);
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
  }, [text, ecc]);
  if ('error' in made)
    return (
      <p class="error qr-error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
        {/overflow/i.test(made.error) ? t('qr.tooLong', { n: text.length }) : t('qr.failed', { detail: made.error })}
      </p>
    );
  const { size, path } = made;
  const box = size + 8;
  return (
    <svg class="qr" viewBox={`-4 -4 ${box} ${box}`} role="img" aria-label={label} data-testid={testId} shape-rendering="crispEdges">
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
