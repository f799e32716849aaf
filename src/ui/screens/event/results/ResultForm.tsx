// The result of one table (Steamroller 2011): winner, how, CP and army points destroyed for each
// player and the list each played, among the lists the list-use variants left open that round
// (the closed ones said why, a player with no choice left shown so). Refuses what the rules or the event make impossible, warns
// about what is merely unusual, shows the tournament points it gives, and hands the GameResult to
// the caller, which saves it and closes the form.
import { useMemo, useState } from 'preact/hooks';
import type { ArmyList, EventFile, GameResult, Pairing, Round, WinHow } from '../../../../domain/event-file';
import { WIN_HOW } from '../../../../domain/event-file';
import { hasVariant, listOptionsForRound, listTotal, scenarioName } from '../../../../domain/sr2011';
import { useI18n, type MessageKey } from '../../../../i18n';
import { listProblemMessage } from '../../../systems/sr2011/lists';
import { useSessionDraft } from '../../../use-session-draft';
import { ApdHelper } from '../../../systems/sr2011/ApdHelper';
import { SurvivedHelper } from '../../../systems/sr2011/SurvivedHelper';
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
  survivedOffered,
  type ResultDraft,
  type Side,
  type WinnerChoice,
} from './result-draft';
import { TimeOutWizard, type TimeOutOutcome } from '../../../systems/sr2011/TimeOutWizard';

export interface ResultFormProps {
  event: EventFile;
  round: Round;
  pairing: Pairing;
  /** the saved result, for a correction; at a table, what the clock already knows */
  initial?: GameResult;
  /**
   * The table's own entry (phone or tablet in table mode): `initial` is the clock's prefill, not
   * a saved result, so the form is titled « Résultat », never « Corriger le résultat ».
   */
  atTable?: boolean;
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
/** CP in one tap: a scenario is won at 5 CP at most (more is typed or stepped) */
const CP_QUICK = [0, 1, 2, 3, 4, 5] as const;

export function ResultForm({ event, round, pairing, initial, atTable, onSubmit, onCancel, draftKey }: ResultFormProps) {
  const { t, lang } = useI18n();
  const [draft, setDraft] = useSessionDraft<ResultDraft>(draftKey, () => draftFrom(pairing, event, initial, round.number), isDraft);
  // the lists open to each player in this round (« X listes », « Diviser pour régner »), judged on the rounds before it
  const listOptions = useMemo(
    () => ({ a: listOptionsForRound(event, pairing.a, round.number), b: listOptionsForRound(event, pairing.b, round.number) }),
    [event, pairing.a, pairing.b, round.number],
  );
  // the helper open: APD counted on the opponent's list, or a side's own surviving points
  const [helper, setHelper] = useState<{ side: Side; count: 'apd' | 'survived' } | null>(null);
  const [wizard, setWizard] = useState(false);
  const saver = useResultSave(onSubmit);

  const name = (s: Side): string => nameOf(event, pairing[s]);
  const { errors, warnings } = checkDraft(draft, { event, round, pairing, lang });
  const noAssassination = hasVariant(event.settings.variants, 'no-assassination');
  const withSurvived = survivedOffered(event);
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

  const COUNTED = {
    apd: { label: 'results.apd', of: 'results.apdOf', choose: 'results.apdHelperChooseList', open: 'results.apdHelperOpen', Helper: ApdHelper },
    survived: { label: 'results.survived', of: 'results.survivedOf', choose: 'results.survivedHelperChooseList', open: 'results.survivedHelperOpen', Helper: SurvivedHelper },
  } as const;
  /** Side s's field for `count`, and its helper counting on `owner`'s list (`chooseFirst`: that list is not known yet). */
  const counted = (s: Side, count: 'apd' | 'survived', owner: Side, chooseFirst: boolean, list: ArmyList | null) => {
    const c = COUNTED[count];
    const open = helper?.side === s && helper.count === count;
    return (
      <>
        <NumberStepper label={t(c.label)} name={t(c.of, { name: name(s) })} value={draft[s][count]} onChange={(v) => setSide(s, { [count]: v })} />
        {chooseFirst ? (
          <p class="muted">{t(c.choose, { name: name(owner) })}</p>
        ) : (
          <button type="button" class="btn" aria-expanded={open} onClick={() => setHelper(open ? null : { side: s, count })}>
            {t(c.open, { name: name(owner) })}
          </button>
        )}
        {open && (
          <c.Helper
            key={`${owner}-${draft[owner].listIndex ?? ''}`}
            list={list}
            owner={name(owner)}
            onUse={(n) => {
              setSide(s, { [count]: String(n) });
              setHelper(null);
            }}
            onClose={() => setHelper(null)}
          />
        )}
      </>
    );
  };

  const sidePanel = (s: Side) => {
    const player = playerOf(event, pairing[s]);
    const lists = player?.lists ?? [];
    const listIndex = draft[s].listIndex;
    const opp = other(s);
    const oppPlayer = playerOf(event, pairing[opp]);
    const oppList = playedList(oppPlayer, draft[opp].listIndex);
    const oppHasLists = (oppPlayer?.lists.length ?? 0) > 0;
    const ownList = playedList(player, listIndex);
    const { options, forced } = listOptions[s];
    const closed = options.filter((o) => !o.legal);
    const forcedOption = forced ? options.find((o) => o.legal) : undefined;
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
              {lists.map((l, i) => {
                const open = options[i]?.legal !== false;
                // a closed list stays only when the saved result names it: never silently replaced
                if (!open && i !== listIndex) return null;
                const label = t('results.listOption', { number: i + 1, caster: l.caster, total: listTotal(l) });
                return (
                  <option key={i} value={String(i)}>
                    {open ? label : t('results.listClosedOption', { option: label })}
                  </option>
                );
              })}
              {listIndex !== null && (listIndex < 0 || listIndex >= lists.length) && (
                <option value={String(listIndex)}>{t('results.listMissing', { number: listIndex + 1 })}</option>
              )}
            </select>
          </label>
        )}
        {forcedOption && (
          <p class="warning-text" data-testid={`list-forced-${s}`}>
            {t('results.listForced', { name: name(s), number: forcedOption.listIndex + 1, caster: forcedOption.caster })}
          </p>
        )}
        {closed.map((o) => (
          <p key={o.listIndex} class="muted" data-testid={`list-closed-${s}-${o.listIndex}`}>
            {t('results.listClosed', { number: o.listIndex + 1, caster: o.caster, why: o.problem ? listProblemMessage(o.problem, t) : '' })}
          </p>
        ))}
        <NumberStepper label={t('results.cp')} name={t('results.cpOf', { name: name(s) })} value={draft[s].cp} onChange={(v) => setSide(s, { cp: v })} quick={CP_QUICK} />
        {/* APD is counted on the opponent's list, the surviving points on the player's own */}
        {counted(s, 'apd', opp, oppHasLists && !oppList, oppList)}
        {withSurvived && counted(s, 'survived', s, lists.length > 0 && !ownList, ownList)}
      </div>
    );
  };

  return (
    <form class="form result-form" onSubmit={submit} noValidate>
      <ResultHead correcting={Boolean(initial)} atTable={atTable} context={context} />

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
