// The result of one table (Steamroller 2011): winner, how, CP and army points destroyed for each
// player and the list each played. Refuses what the rules or the event make impossible, warns
// about what is merely unusual, shows the tournament points it gives, and hands the GameResult to
// the caller, which saves it and closes the form.
import { useState } from 'preact/hooks';
import type { EventFile, GameResult, Pairing, Round, WinHow } from '../../../../domain/event-file';
import { WIN_HOW } from '../../../../domain/event-file';
import { hasVariant, listTotal, scenarioName } from '../../../../domain/sr2011';
import { useI18n, type MessageKey } from '../../../../i18n';
import { useSessionDraft } from '../../../use-session-draft';
import { ApdHelper } from './ApdHelper';
import { Choices, NumberStepper, ResultHead, ResultTail, useResultSave } from './parts';
import {
  buildResult,
  checkDraft,
  draftFrom,
  nameOf,
  other,
  parseNumber,
  playedList,
  playerOf,
  type ResultDraft,
  type Side,
  type WinnerChoice,
} from './result-draft';
import { TimeOutWizard, type TimeOutOutcome } from './TimeOutWizard';

export interface ResultFormProps {
  event: EventFile;
  round: Round;
  pairing: Pairing;
  /** the saved result, for a correction */
  initial?: GameResult;
  /** saves the result; the form stays open (and says why) if it rejects */
  onSubmit: (result: GameResult) => Promise<void>;
  onCancel: () => void;
  /** where a half-filled form is kept for the tab's session (event, round, table) */
  draftKey?: string;
}

/** A stored SR2011 draft: both sides' entries as typed. */
const isDraft = (v: unknown): v is ResultDraft =>
  typeof v === 'object' && v !== null && ['a', 'b'].every((s) => typeof (v as Record<string, { cp?: unknown; apd?: unknown }>)[s]?.cp === 'string' && typeof (v as Record<string, { apd?: unknown }>)[s]?.apd === 'string');

const HOW_KEYS: Record<WinHow, MessageKey> = {
  assassination: 'results.how.assassination',
  scenario: 'results.how.scenario',
  tiebreak: 'results.how.tiebreak',
  clock: 'results.how.clock',
  forfeit: 'results.how.forfeit',
};

const SIDES = ['a', 'b'] as const;

export function ResultForm({ event, round, pairing, initial, onSubmit, onCancel, draftKey }: ResultFormProps) {
  const { t, lang } = useI18n();
  const [draft, setDraft] = useSessionDraft<ResultDraft>(draftKey, () => draftFrom(pairing, event, initial), isDraft);
  const [helper, setHelper] = useState<Side | null>(null);
  const [wizard, setWizard] = useState(false);
  const saver = useResultSave(onSubmit);

  const name = (s: Side): string => nameOf(event, pairing[s]);
  const { errors, warnings } = checkDraft(draft, { event, round, pairing, lang });
  const noAssassination = hasVariant(event.settings.variants, 'no-assassination');
  const setSide = (s: Side, patch: Partial<ResultDraft[Side]>): void => setDraft((d) => ({ ...d, [s]: { ...d[s], ...patch } }));

  const submit = (e: Event): Promise<void> => saver.submit(e, errors.length > 0, () => buildResult(draft, pairing, initial));

  const fromWizard = (o: TimeOutOutcome): void => {
    setDraft((d) => ({
      ...d,
      winner: o.winner === null ? 'draw' : o.winner === pairing.a ? 'a' : 'b',
      how: o.how,
      a: { ...d.a, ...(o.cp && { cp: String(o.cp.a) }), ...(o.apd && { apd: String(o.apd.a) }) },
      b: { ...d.b, ...(o.cp && { cp: String(o.cp.b) }), ...(o.apd && { apd: String(o.apd.b) }) },
    }));
    setWizard(false);
  };

  if (wizard) {
    const seed = (s: Side) => ({ cp: parseNumber(draft[s].cp), apd: parseNumber(draft[s].apd), listIndex: draft[s].listIndex });
    return (
      <TimeOutWizard
        event={event}
        round={round}
        pairing={pairing}
        initial={{ a: seed('a'), b: seed('b') }}
        onDone={fromWizard}
        onCancel={() => setWizard(false)}
      />
    );
  }

  const winnerOptions: Array<{ value: Exclude<WinnerChoice, null>; label: string }> = [
    { value: 'a', label: name('a') },
    { value: 'draw', label: t('results.draw') },
    { value: 'b', label: name('b') },
  ];
  // hidden under "no assassination", unless a saved result already says so (then it is refused)
  const howOptions = WIN_HOW.filter((h) => h !== 'assassination' || !noAssassination || draft.how === 'assassination').map((h) => ({
    value: h,
    label: t(HOW_KEYS[h]),
  }));

  const consequence =
    draft.winner === 'a' || draft.winner === 'b'
      ? t('results.consequence.win', { winner: name(draft.winner), loser: name(other(draft.winner)) })
      : draft.winner === 'draw'
        ? t('results.consequence.draw', { a: name('a'), b: name('b') })
        : null;

  const context = round.scenario
    ? t('results.contextScenario', { round: round.number, table: pairing.table, scenario: scenarioName(round.scenario, lang) })
    : t('results.context', { round: round.number, table: pairing.table });

  const sidePanel = (s: Side) => {
    const player = playerOf(event, pairing[s]);
    const lists = player?.lists ?? [];
    const listIndex = draft[s].listIndex;
    const opp = other(s);
    const oppPlayer = playerOf(event, pairing[opp]);
    const oppList = playedList(oppPlayer, draft[opp].listIndex);
    const oppHasLists = (oppPlayer?.lists.length ?? 0) > 0;
    return (
      <div class="result-side panel" key={s}>
        <h3>{name(s)}</h3>
        {lists.length === 0 && listIndex === null ? (
          <p class="muted">{t('results.noList')}</p>
        ) : (
          <label>
            {t('results.list')}
            <select
              aria-label={t('results.listOf', { name: name(s) })}
              value={listIndex === null ? '' : String(listIndex)}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setSide(s, { listIndex: v === '' ? null : Number(v) });
              }}
            >
              <option value="">{t('results.listChoose')}</option>
              {lists.map((l, i) => (
                <option key={i} value={String(i)}>
                  {t('results.listOption', { number: i + 1, caster: l.caster, total: listTotal(l) })}
                </option>
              ))}
              {listIndex !== null && (listIndex < 0 || listIndex >= lists.length) && (
                <option value={String(listIndex)}>{t('results.listMissing', { number: listIndex + 1 })}</option>
              )}
            </select>
          </label>
        )}
        <NumberStepper label={t('results.cp')} name={t('results.cpOf', { name: name(s) })} value={draft[s].cp} onChange={(v) => setSide(s, { cp: v })} />
        <NumberStepper
          label={t('results.apd')}
          name={t('results.apdOf', { name: name(s) })}
          value={draft[s].apd}
          onChange={(v) => setSide(s, { apd: v })}
        />
        {oppHasLists && !oppList ? (
          <p class="muted">{t('results.apdHelperChooseList', { name: name(opp) })}</p>
        ) : (
          <button type="button" class="btn" aria-expanded={helper === s} onClick={() => setHelper(helper === s ? null : s)}>
            {t('results.apdHelperOpen', { name: name(opp) })}
          </button>
        )}
        {helper === s && (
          <ApdHelper
            key={`${opp}-${draft[opp].listIndex ?? ''}`}
            list={oppList}
            owner={name(opp)}
            onUse={(n) => {
              setSide(s, { apd: String(n) });
              setHelper(null);
            }}
            onClose={() => setHelper(null)}
          />
        )}
      </div>
    );
  };

  return (
    <form class="form result-form" onSubmit={submit} noValidate>
      <ResultHead correcting={Boolean(initial)} context={context} />

      <Choices label={t('results.winner')} value={draft.winner} options={winnerOptions} onChange={(winner) => setDraft((d) => ({ ...d, winner }))} />
      <Choices
        label={draft.winner === 'draw' ? t('results.howDraw') : t('results.how')}
        value={draft.how}
        options={howOptions}
        onChange={(how) => setDraft((d) => ({ ...d, how }))}
      />
      <div class="row">
        <button type="button" class="btn" onClick={() => setWizard(true)}>
          {t('results.timeOut')}
        </button>
      </div>

      <div class="result-sides">{SIDES.map(sidePanel)}</div>

      <ResultTail
        consequence={consequence}
        warnings={warnings.map((w) => t(w.key, w.params))}
        errors={errors.map((e) => t(e.key, e.params))}
        state={saver}
        onCancel={onCancel}
      />
    </form>
  );
}
