// Pairing the next round from the rounds' tab: why it waits (shown before any tap), the absentees
// asked about first (issue 12), the pairing in the worker and what the organizer hears after it.
import { useState } from 'preact/hooks';
import type { EventFile, Round } from '../../../../domain/event-file';
import { absentAfterRound, notCheckedIn, type PairOutcome } from '../../../../domain/systems';
import { type Translate, useI18n } from '../../../../i18n';
import { randomSeed } from '../../../../platform/seed';
import { EventNotFoundError } from '../../../../store/events';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { uiFor } from '../../../systems';
import { isKnockout, refusalText, roundLabel, roundStage, stageLabel, tableList } from '../../../systems/shared/model';
import type { TabProps } from '../types';
import { guideStep, pairBlock } from './guide';
import { eventOverText } from './RoundGuide';

const nameIn =
  (event: EventFile) =>
  (id: string): string =>
    event.players.find((p) => p.id === id)?.name ?? id;

/** What the organizer needs to hear after a pairing: the stage, who goes through without a game, who has no place. */
function pairedText(event: EventFile, r: Extract<PairOutcome, { ok: true }>, t: Translate): string {
  const nameOf = nameIn(event);
  const stage = roundStage(r.round);
  const head = stage
    ? t('systems.paired.stage', { n: r.round.number, stage: stageLabel(stage, t), tables: r.round.pairings.length })
    : t('rounds.paired', { n: r.round.number, tables: r.round.pairings.length });
  const parts = [head];
  if (uiFor(event.system).byes === 'scored' && r.byes.length > 0)
    parts.push(t(isKnockout(event) ? 'systems.paired.through' : 'systems.paired.byes', { n: r.byes.length, names: r.byes.map(nameOf).join(', ') }));
  if (r.unscheduled.length > 0) parts.push(t('systems.paired.unscheduled', { n: r.unscheduled.length, names: r.unscheduled.map(nameOf).join(', ') }));
  return parts.join(' ');
}

/** Why the next round cannot be paired yet, in words; null when it can. */
function blockedText(event: EventFile, t: Translate): string | null {
  const block = pairBlock(event);
  if (block === null) return null;
  if (block.reason === 'finished') return t('rounds.refused.finished');
  if (block.reason === 'over') return eventOverText(event, block.over, t);
  if (block.reason === 'running') return t('guide.blocked.running', { round: block.round });
  return t('rounds.refused.round-unfinished', { round: block.round, tables: tableList(block.tables, t) });
}

/**
 * The next round's pairing. `onPaired` gets the number of the round just paired. The absentees'
 * question is state of the tab (its dialog is drawn by AbsenteesDialog).
 */
export function usePairNext({ event, meta, dispatch }: Pick<TabProps, 'event' | 'meta' | 'dispatch'>, onPaired: (round: number) => void) {
  const { t } = useI18n();
  const { engine, notify, db } = useServices();
  const [busy, setBusy] = useState(false);
  const [absentees, setAbsentees] = useState<string[] | null>(null);
  const blockText = blockedText(event, t);

  /**
   * Pairs the stored event, which the worker reads itself (no clone of 4,096 players on this
   * thread): the state at `basedOn` is this screen's event, or the one just written by the
   * absentees' marking (`state`, for the words).
   */
  const pairNext = async (state: EventFile, basedOn = meta.lastSeq): Promise<void> => {
    setBusy(true);
    try {
      const read = await engine.call('pairNextOf', [{ db: db.name, eventId: meta.id, options: { seed: randomSeed() } }]);
      if (!read) throw new EventNotFoundError(meta.id);
      const r = read.outcome;
      if (!r.ok) return notify(refusalText(state, r, t), 'error');
      // checked against the older of what the worker read and what this screen showed: whatever
      // changed since either refuses the write (revoir), never a pairing of a state nobody saw
      await dispatch({ type: 'round-paired', round: r.round, basedOn: Math.min(basedOn, read.seq) });
      onPaired(r.round.number);
      notify(r.rematches > 0 ? t('rounds.rematchWarning', { n: r.rematches }) : pairedText(event, r, t), r.rematches > 0 || r.unscheduled.length > 0 ? 'error' : 'info');
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  /** Check-in in use and players still not ticked: ask first (issue 12). */
  const askThenPair = (): void => {
    if (blockText !== null) return notify(blockText, 'error');
    const absent = notCheckedIn(event);
    if (absent.length > 0) return setAbsentees(absent);
    void pairNext(event);
  };

  const markAbsentThenPair = async (ids: string[]): Promise<void> => {
    setAbsentees(null);
    try {
      const after = await dispatch({ type: 'players-absent', ids, afterRound: absentAfterRound(event), basedOn: meta.lastSeq });
      notify(t('checkin.absentDone', { n: ids.length, names: ids.map(nameIn(event)).join(', ') }));
      // paired on the state just written: one entry after the one this screen showed
      await pairNext(after, meta.lastSeq + 1);
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  const pairAnyway = (): void => {
    setAbsentees(null);
    void pairNext(event);
  };
  return { busy, blockText, askThenPair, absentees, markAbsentThenPair, pairAnyway, cancelAbsentees: () => setAbsentees(null) };
}

type Pairing = ReturnType<typeof usePairNext>;

interface ToolbarProps {
  event: EventFile;
  /** the round shown */
  round: Round | undefined;
  onSelect: (round: number) => void;
  pairing: Pairing;
}

/** The rounds' tabs and the button that pairs the next round. */
export function RoundsToolbar({ event, round, onSelect, pairing: { busy, blockText, askThenPair } }: ToolbarProps) {
  const { t } = useI18n();
  const step = guideStep(event, uiFor(event.system).prestart?.ready ?? null);
  return (
    <div class="toolbar no-print">
      <nav class="round-tabs" aria-label={t('event.rounds')}>
        {event.rounds.map((r) => (
          <button
            key={r.number}
            type="button"
            class={r.number === round?.number ? 'btn primary' : 'btn'}
            aria-current={r.number === round?.number ? 'true' : undefined}
            onClick={() => onSelect(r.number)}
          >
            {roundLabel(r, t)}
          </button>
        ))}
      </nav>
      <div class="pair-next">
        {/* the big button only when pairing is the step; otherwise plain, and why it waits is shown before any tap */}
        <button
          type="button"
          class={step === 'pair' ? 'btn primary big' : 'btn'}
          onClick={askThenPair}
          disabled={busy || blockText !== null}
          aria-describedby={blockText ? 'pair-blocked' : undefined}
        >
          {busy ? t('rounds.pairing') : t('rounds.pairNext', { n: event.rounds.length + 1 })}
        </button>
        {blockText && (
          <p class="blocked-reason muted" id="pair-blocked" data-testid="pair-blocked">
            {blockText}
          </p>
        )}
      </div>
    </div>
  );
}

/** Players not checked in: mark them absent then pair, or pair anyway. */
export function AbsenteesDialog({ event, pairing }: { event: EventFile; pairing: Pairing }) {
  const { t } = useI18n();
  const { absentees, markAbsentThenPair, pairAnyway, cancelAbsentees } = pairing;
  if (!absentees) return null;
  return (
    <ConfirmDialog
      message={`${t('checkin.ask', { n: absentees.length, names: absentees.map(nameIn(event)).join(', ') })} ${t('checkin.help')}`}
      confirmLabel={t('checkin.markAbsent', { n: absentees.length })}
      onConfirm={() => void markAbsentThenPair(absentees)}
      extra={{ label: t('checkin.pairAnyway', { n: absentees.length }), onClick: pairAnyway }}
      onCancel={cancelAbsentees}
    />
  );
}
