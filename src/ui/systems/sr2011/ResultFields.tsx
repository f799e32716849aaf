// SR2011's parts of the one result form: how the game was won (and the step-by-step time-out
// wizard in the form's place when time ran out), then for each player the list played among the
// lists the list-use variants left open that round (the closed ones said why, a player with no
// choice left shown so), CP, and the army points destroyed and survived with their helpers
// counting on the registered lists. The checks are SR2011's (result-draft.ts).
import { useMemo } from 'preact/hooks';
import type { ArmyList, WinHow } from '../../../domain/event-file';
import { WIN_HOW } from '../../../domain/event-file';
import { hasVariant, listOptionsForRound, listTotal, scenarioName } from '../../../domain/sr2011';
import type { MessageKey } from '../../../i18n';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import {
  nameOf,
  other,
  parseNumber,
  playerOf,
  setValues,
  textOf,
  type ResultContext,
  type ResultDraft,
  type ResultPartProps,
  type ResultParts,
  type Side,
} from '../../screens/event/results/result-draft';
import { ApdHelper } from './ApdHelper';
import { listProblemMessage } from './lists';
import { buildResult, checkDraft, draftFrom, howOf, listIndexOf, playedList, survivedOffered } from './result-draft';
import { SurvivedHelper } from './SurvivedHelper';
import { TimeOutWizard, type TimeOutOutcome } from './TimeOutWizard';

const HOW_KEYS: Record<WinHow, MessageKey> = {
  assassination: 'results.how.assassination',
  scenario: 'results.how.scenario',
  tiebreak: 'results.how.tiebreak',
  clock: 'results.how.clock',
  forfeit: 'results.how.forfeit',
};

/** CP in one tap: a scenario is won at 5 CP at most (more is typed or stepped) */
const CP_QUICK = [0, 1, 2, 3, 4, 5] as const;

/** How it was won, and the time-out wizard that answers winner, how, CP and APD when time ran out. */
function HowAndTimeOut({ event, round, pairing, draft, setDraft, showInstead, t }: ResultPartProps) {
  const how = howOf(draft);
  const noAssassination = hasVariant(event.settings.variants, 'no-assassination');
  // hidden under "no assassination", unless a saved result already says so (then it is refused)
  const howOptions = WIN_HOW.filter((h) => h !== 'assassination' || !noAssassination || how === 'assassination').map((h) => ({ value: h, label: t(HOW_KEYS[h]) }));

  const fromWizard = (o: TimeOutOutcome): void => {
    const side = (s: 'a' | 'b') => ({ ...(o.cp && { [`${s}.cp`]: String(o.cp[s]) }), ...(o.apd && { [`${s}.apd`]: String(o.apd[s]) }) });
    setDraft((d) => ({ ...setValues(d, { how: o.how, ...side('a'), ...side('b') }), picked: o.winner === null ? 'draw' : o.winner === pairing.a ? 'a' : 'b' }));
    showInstead(null);
  };
  const openWizard = (): void => {
    const seed = (s: Side) => ({ cp: parseNumber(textOf(draft, `${s}.cp`)), apd: parseNumber(textOf(draft, `${s}.apd`)), listIndex: listIndexOf(draft, s) });
    showInstead(<TimeOutWizard event={event} round={round} pairing={pairing} initial={{ a: seed('a'), b: seed('b') }} onDone={fromWizard} onCancel={() => showInstead(null)} />);
  };

  return (
    <>
      <Choices
        label={draft.picked === 'draw' ? t('results.howDraw') : t('results.how')}
        value={how}
        options={howOptions}
        onChange={(h) => setDraft((d) => setValues(d, { how: h }))}
      />
      <div class="row">
        <button type="button" class="btn" onClick={openWizard}>
          {t('results.timeOut')}
        </button>
      </div>
    </>
  );
}

const COUNTED = {
  apd: { label: 'results.apd', of: 'results.apdOf', choose: 'results.apdHelperChooseList', open: 'results.apdHelperOpen', Helper: ApdHelper },
  survived: { label: 'results.survived', of: 'results.survivedOf', choose: 'results.survivedHelperChooseList', open: 'results.survivedHelperOpen', Helper: SurvivedHelper },
} as const;

function SidePanel({ event, round, pairing, draft, setDraft, t, side: s, openHelper, setOpenHelper }: ResultPartProps & { side: Side }) {
  // the lists open to the player in this round (« X listes », « Diviser pour régner »), judged on the rounds before it
  const { options, forced } = useMemo(() => listOptionsForRound(event, pairing[s], round.number), [event, pairing, s, round.number]);
  const name = (x: Side): string => nameOf(event, pairing[x]);
  const set = (patch: Record<string, string>): void => setDraft((d: ResultDraft) => setValues(d, patch));

  const player = playerOf(event, pairing[s]);
  const lists = player?.lists ?? [];
  const listIndex = listIndexOf(draft, s);
  const opp = other(s);
  const oppPlayer = playerOf(event, pairing[opp]);
  const oppList = playedList(oppPlayer, listIndexOf(draft, opp));
  const oppHasLists = (oppPlayer?.lists.length ?? 0) > 0;
  const ownList = playedList(player, listIndex);
  const closed = options.filter((o) => !o.legal);
  const forcedOption = forced ? options.find((o) => o.legal) : undefined;

  /** The side's field for `count`, and its helper counting on `owner`'s list (`chooseFirst`: that list is not known yet). */
  const counted = (count: 'apd' | 'survived', owner: Side, chooseFirst: boolean, list: ArmyList | null) => {
    const c = COUNTED[count];
    // one helper open in the form: APD counted on the opponent's list, or a side's own surviving points
    const open = openHelper === `${s}.${count}`;
    return (
      <>
        <NumberStepper label={t(c.label)} name={t(c.of, { name: name(s) })} value={textOf(draft, `${s}.${count}`)} onChange={(v) => set({ [`${s}.${count}`]: v })} />
        {chooseFirst ? (
          <p class="muted">{t(c.choose, { name: name(owner) })}</p>
        ) : (
          <button type="button" class="btn" aria-expanded={open} onClick={() => setOpenHelper(open ? null : `${s}.${count}`)}>
            {t(c.open, { name: name(owner) })}
          </button>
        )}
        {open && (
          <c.Helper
            key={`${owner}-${listIndexOf(draft, owner) ?? ''}`}
            list={list}
            owner={name(owner)}
            onUse={(n) => {
              set({ [`${s}.${count}`]: String(n) });
              setOpenHelper(null);
            }}
            onClose={() => setOpenHelper(null)}
          />
        )}
      </>
    );
  };

  return (
    <div class="result-side panel">
      <h3>{name(s)}</h3>
      {lists.length === 0 && listIndex === null ? (
        <p class="muted">{t('results.noList')}</p>
      ) : (
        <label>
          {t('results.list')}
          <select
            aria-label={t('results.listOf', { name: name(s) })}
            value={listIndex === null ? '' : String(listIndex)}
            onChange={(e) => set({ [`${s}.listIndex`]: e.currentTarget.value })}
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
            {listIndex !== null && (listIndex < 0 || listIndex >= lists.length) && <option value={String(listIndex)}>{t('results.listMissing', { number: listIndex + 1 })}</option>}
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
      <NumberStepper
        label={t('results.cp')}
        name={t('results.cpOf', { name: name(s) })}
        value={textOf(draft, `${s}.cp`)}
        onChange={(v) => set({ [`${s}.cp`]: v })}
        quick={CP_QUICK}
      />
      {/* APD is counted on the opponent's list, the surviving points on the player's own */}
      {counted('apd', opp, oppHasLists && !oppList, oppList)}
      {survivedOffered(event) && counted('survived', s, lists.length > 0 && !ownList, ownList)}
    </div>
  );
}

function check(draft: ResultDraft, ctx: ResultContext) {
  const { event, round, pairing, initial, t, lang } = ctx;
  const { errors, warnings } = checkDraft(draft, { event, round, pairing, lang });
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const w = draft.picked;
  const consequence =
    w === 'a' || w === 'b'
      ? t('results.consequence.win', { winner: name(w), loser: name(other(w)) })
      : w === 'draw'
        ? t('results.consequence.draw', { a: name('a'), b: name('b') })
        : null;
  return {
    result: buildResult(draft, pairing, initial),
    winner: w,
    inferred: null,
    errors: errors.map((e) => t(e.key, e.params)),
    warnings: warnings.map((e) => t(e.key, e.params)),
    consequence,
  };
}

export const SR2011_RESULT: ResultParts = {
  start: ({ event, pairing, initial, round }) => draftFrom(pairing, event, initial, round.number),
  check,
  context: ({ round, pairing, t, lang }) =>
    round.scenario
      ? t('results.contextScenario', { round: round.number, table: pairing.table, scenario: scenarioName(round.scenario, lang) })
      : t('results.context', { round: round.number, table: pairing.table }),
  draw: () => 'results.draw',
  Game: HowAndTimeOut,
  Side: SidePanel,
};
