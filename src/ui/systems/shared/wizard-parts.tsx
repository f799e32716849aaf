// Small pieces shared by the systems' table wizards and tools.
import { useState } from 'preact/hooks';
import type { EventSettings, GameResult, Pairing, SystemId } from '../../../domain/event-file';
import { systemFor, systemProblemMessage } from '../../../domain/systems';
import { useI18n, type Lang } from '../../../i18n';
import { randomSeed } from '../../../platform/seed';
import { parseNumber } from '../../screens/event/results/result-draft';
import { typeset } from '../../../i18n/typography';

export type Side = 'a' | 'b';
export const SIDES = ['a', 'b'] as const;
export type Pair = Record<Side, string>;

export const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

/** A whole number of 0 or more, or null for anything else (empty, negative, decimal). */
export function wholeNumber(raw: string): number | null {
  const n = parseNumber(raw);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
}

/** A number of 0 or more (LotR points values may be halves in some army books). */
export function positiveNumber(raw: string): number | null {
  const n = parseNumber(raw);
  return n !== null && n >= 0 ? n : null;
}

export const numberText = (v: unknown, fallback = ''): string => (typeof v === 'number' && Number.isFinite(v) ? String(v) : fallback);

/**
 * The seed every roll of one wizard comes from: a correction reuses the seed the result recorded,
 * so opening it again shows the same dice instead of offering a re-roll.
 */
export function useSeed(recorded?: unknown): number {
  const [seed] = useState(() => (typeof recorded === 'number' && Number.isInteger(recorded) && recorded >= 0 ? recorded >>> 0 : randomSeed()));
  return seed;
}

/** Dice as the table saw them: "6, 3". */
export const diceText = (dice: readonly number[]): string => dice.join(', ');

/** What the system refuses in a result, worded; warnings do not block a save. */
export function blockingProblems(system: SystemId, result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>, settings: EventSettings, lang: Lang): string[] {
  return systemFor(system)
    .validateResult(result, pairing, settings)
    .filter((p) => p.warning !== true)
    .map((p) => typeset(systemProblemMessage(p, lang), lang));
}

/**
 * The row that ends a wizard's step: cancel (left out when null), back (when given) and next.
 * Cancel is disabled while a save runs, so a result is never half-left.
 */
export function WizardNav({
  onCancel,
  saving = false,
  onBack,
  onNext,
  nextLabel,
}: {
  onCancel: (() => void) | null;
  saving?: boolean;
  onBack?: (() => void) | null;
  onNext: () => void;
  nextLabel?: string;
}) {
  const { t } = useI18n();
  return (
    <div class="row end">
      {onCancel && (
        <button type="button" class="btn big" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
      )}
      {onBack && (
        <button type="button" class="btn big" onClick={onBack}>
          {t('tools.prev')}
        </button>
      )}
      <button type="button" class="btn primary big" onClick={onNext}>
        {nextLabel ?? t('tools.next')}
      </button>
    </div>
  );
}

/** A table tool's title, with the way back to the tools' list when the tool was opened from it. */
export function ToolHeader({ title, onClose }: { title: string; onClose?: () => void }) {
  const { t } = useI18n();
  return (
    <div class="toolbar">
      <h2>{title}</h2>
      {onClose && (
        <button type="button" class="btn big" onClick={onClose}>
          ← {t('tools.toList')}
        </button>
      )}
    </div>
  );
}
