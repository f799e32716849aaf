// The 200-PA challenge game of the Rackham tournament rules at the table: the challenge roll and
// its time-limit row, each player's hand of cards and stake, then First Blood, Revenge and Duel
// until one player wins. Every die comes from one seed recorded with the result, so the rolls the
// table saw can be replayed.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import {
  cardsOf,
  challengeFromRolls,
  challengeTableParams,
  challengeStep,
  rollChallenge,
  startChallenge,
  type Card,
  type ChallengeEvent,
  type ChallengeRoll,
  type ChallengeStage,
  type ChallengeState,
  type StakeProblemCode,
} from '../../../domain/confrontation';
import type { ArmyList, GameResult, ListModel, SideResult } from '../../../domain/event-file';
import { createRng } from '../../../domain/random';
import { useI18n, type MessageKey, type Translate } from '../../../i18n';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import { nameOf, playerOf } from '../../screens/event/results/result-draft';
import { ErrorList, SaveRow, useSave } from '../../screens/event/results/parts';
import type { ResultFormProps } from '../../screens/event/results/ResultForm';
import type { ChallengeHands } from '../../../store/table-games';
import { blockingProblems, diceText, type Side, SIDES, useSeed, wholeNumber, WizardNav } from '../shared/wizard-parts';

/** The desk's result form props: the wizard stays open (and says why) if the save is refused. A correction keeps its challenge roll and seed. */
export type RackhamChallengeWizardProps = ResultFormProps & {
  /** the table rolled the challenge at its start (`initial` carries it): begin with the hands */
  rollKnown?: boolean;
  /**
   * The table's start: the wizard stops once the stakes are revealed and hands them over (null
   * when the players go back to change them); the stages are played at the end.
   */
  onHands?: (hands: ChallengeHands | null) => void;
  /** The end of a table set up at its start: begin with the stages, from these hands and stakes. */
  hands?: ChallengeHands;
};

/** What the result records of the dice, so the rolls can be replayed from the seed. */
export interface ChallengeDice {
  seed: number;
  /** the challenge die as thrown (6s thrown again) */
  challenge: number[];
  /** true when the table threw its own die and typed it in */
  challengeAtTable: boolean;
  /** equal stakes: the roll-off's throws as [a, b] */
  rollOff: Array<[number, number]> | null;
}

type Step = 'roll' | 'hands' | 'stakes' | 'play';
/** a registered list (its index) or cards typed at the table */
type HandSource = number | 'adhoc' | null;

interface AdHocCard {
  id: string;
  name: string;
  cost: number;
}

/**
 * The roll-off uses its own stream of the seed: it is thrown only for equal stakes, and going back
 * to change a stake must throw the same dice again rather than offer a second chance.
 */
const rollOffRng = (seed: number) => createRng((seed + 1) >>> 0);

export function cardLabel(card: Card, t: Translate): string {
  const names = card.models.map((m) => m.name);
  const distinct = [...new Set(names)];
  const what = distinct.length === 1 ? (names.length > 1 ? `${distinct[0]} ×${names.length}` : distinct[0]!) : names.join(' + ');
  return t('challenge.card.line', { card: what, cost: card.cost });
}

/** Two cards of the same model and cost would read the same: number them so each tick is clear. */
export function handLabels(cards: readonly Card[], t: Translate): Map<string, string> {
  const plain = cards.map((c) => cardLabel(c, t));
  const seen = new Map<string, number>();
  return new Map(
    cards.map((c, i) => {
      const label = plain[i]!;
      if (plain.filter((p) => p === label).length === 1) return [c.id, label];
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      return [c.id, `${label} (${n})`];
    }),
  );
}

function recordedDice(initial: GameResult | undefined): Partial<ChallengeDice> {
  const d = initial?.dice;
  return typeof d === 'object' && d !== null ? (d as Partial<ChallengeDice>) : {};
}

function initialRoll(initial: GameResult | undefined): ChallengeRoll | null {
  const dice = recordedDice(initial);
  try {
    if (Array.isArray(dice.challenge) && dice.challenge.length > 0) return challengeFromRolls(dice.challenge);
    if (typeof initial?.objective === 'number') return challengeFromRolls([initial.objective]);
  } catch {
    // a recorded roll that is not a d6 sequence: roll again
  }
  return null;
}

/** A side's hand: the chosen list's cards, or the cards typed at the table. */
function handFrom(src: HandSource, adHoc: readonly AdHocCard[], lists: readonly ArmyList[]): Card[] {
  if (src === 'adhoc') return adHoc.map((c) => ({ id: c.id, cost: c.cost, models: [{ name: c.name, cost: c.cost }] }));
  const list = src === null ? undefined : lists[src];
  return list ? cardsOf(list) : [];
}

const total = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + c.cost, 0);

/** The hand each side starts from: the hands set up at the table's start, the recorded list, the only list, or cards typed in. */
function initialSource(setUp: ChallengeHands | undefined, initial: GameResult | undefined, lists: (s: Side) => readonly ArmyList[]): Record<Side, HandSource> {
  if (setUp) return { ...setUp.source };
  const pick = (s: Side): HandSource => {
    const i = initial?.[s].listIndex;
    if (typeof i === 'number' && lists(s)[i]) return i;
    const n = lists(s).length;
    return n === 0 ? 'adhoc' : n === 1 ? 0 : null;
  };
  return { a: pick('a'), b: pick('b') };
}

/** The stakes revealed at the table's start, revealed again from the same seed: the same challenger. */
function initialHistory(setUp: ChallengeHands | undefined, lists: (s: Side) => readonly ArmyList[]): ChallengeState[] {
  if (!setUp) return [];
  const handOf = (s: Side): Card[] => handFrom(setUp.source[s], setUp.adHoc[s], lists(s));
  const started = startChallenge({ a: handOf('a'), b: handOf('b') }, setUp.stakes, rollOffRng(setUp.seed));
  return started.ok ? [started.state] : [];
}

function buildChallengeResult(
  final: ChallengeState,
  roll: ChallengeRoll,
  c: { seed: number; atTable: boolean; source: Record<Side, HandSource>; initial?: GameResult; pairing: RackhamChallengeWizardProps['pairing'] },
): GameResult {
  const side = (s: Side): SideResult => {
    const base = c.initial?.[s];
    const src = c.source[s];
    return {
      ...base,
      cp: typeof base?.cp === 'number' ? base.cp : 0,
      apd: typeof base?.apd === 'number' ? base.apd : 0,
      listIndex: typeof src === 'number' ? src : null,
      stake: final.totals[s],
    };
  };
  const dice: ChallengeDice = { seed: c.seed, challenge: roll.rolls, challengeAtTable: c.atTable, rollOff: final.rollOff?.rolls ?? null };
  return {
    ...c.initial,
    winner: final.winner === null ? null : c.pairing[final.winner],
    how: null,
    stage: final.decidedIn,
    objective: roll.objective,
    timeLimitRow: roll.timeLimitRow,
    dice,
    a: side('a'),
    b: side('b'),
  };
}

/** The challenge die as thrown and the rows it gives. */
function RollLines({ roll }: { roll: ChallengeRoll }) {
  const { t } = useI18n();
  return (
    <div class="panel tools-result" data-testid="challenge-roll">
      <p class="tools-line">
        {t('challenge.roll.dice', { dice: diceText(roll.rolls) })}
        {roll.rolls.length > 1 && <span class="muted"> ({t('challenge.roll.rerolled')})</span>}
      </p>
      <p class="tools-big">{t('challenge.roll.objective', { row: roll.objective })}</p>
      <p class="tools-big">{t('challenge.roll.time', { row: roll.timeLimitRow, objective: roll.objective })}</p>
    </div>
  );
}

/** The challenge die: rolled by the app from the seed, or thrown at the table and its face picked (6 is thrown again, so 1-5). */
export function ChallengeRollButtons({
  seed,
  roll,
  atTable,
  onRoll,
  primary = false,
}: {
  seed: number;
  roll: ChallengeRoll | null;
  atTable: boolean;
  onRoll: (roll: ChallengeRoll, atTable: boolean) => void;
  /** the roll is the step's main action */
  primary?: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      <div class="row">
        <button type="button" class={primary ? 'btn primary big' : 'btn big'} onClick={() => onRoll(rollChallenge(createRng(seed)), false)}>
          🎲 {t('challenge.roll.do')}
        </button>
      </div>
      <Choices
        compact
        label={t('challenge.roll.manual')}
        value={roll && atTable ? String(roll.objective) : null}
        options={['1', '2', '3', '4', '5'].map((d) => ({ value: d, label: d }))}
        onChange={(d) => onRoll(challengeFromRolls([Number(d)]), true)}
      />
    </>
  );
}

/** The challenge roll: by the app from the seed, or the table's own die typed in. */
function RollStep({ roll, atTable, seed, onRoll }: { roll: ChallengeRoll | null; atTable: boolean; seed: number; onRoll: (roll: ChallengeRoll, atTable: boolean) => void }) {
  const { t } = useI18n();
  const rolledByApp = roll !== null && !atTable;
  return (
    <>
      <h3>{t('challenge.step.roll')}</h3>
      <p class="muted" data-testid="table-size">
        {t('reference.tableSize', challengeTableParams())}
      </p>
      {!rolledByApp && <ChallengeRollButtons seed={seed} roll={roll} atTable={atTable} onRoll={onRoll} primary />}
      {roll && <RollLines roll={roll} />}
      <p class="muted tools-seed">{t('tools.seed', { seed: String(seed) })}</p>
    </>
  );
}

/** Cards typed at the table: the list so far, and a name and cost to add one. */
function AdHocCards({
  who,
  cards,
  onRemove,
  draft,
  onDraft,
  onAdd,
}: {
  who: string;
  cards: readonly AdHocCard[];
  onRemove: (id: string) => void;
  draft: { name: string; cost: string };
  onDraft: (draft: { name: string; cost: string }) => void;
  onAdd: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <ul class="tools-cards">
        {cards.map((c) => (
          <li key={c.id} class="row">
            <span>{t('challenge.card.line', { card: c.name, cost: c.cost })}</span>
            <button type="button" class="btn" aria-label={t('challenge.card.remove', { card: c.name })} onClick={() => onRemove(c.id)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <label>
        {t('challenge.card.name', { name: who })}
        <input type="text" autoComplete="off" value={draft.name} onInput={(e) => onDraft({ ...draft, name: e.currentTarget.value })} />
      </label>
      <NumberStepper label={t('challenge.card.costLabel')} name={t('challenge.card.cost', { name: who })} value={draft.cost} onChange={(v) => onDraft({ ...draft, cost: v })} />
      <button type="button" class="btn big" onClick={onAdd}>
        + {t('challenge.card.add')}
      </button>
    </>
  );
}

/** One side's hand: which list (or typed cards), its cards and their total. */
function HandPanel({
  s,
  who,
  registered,
  source,
  onSource,
  hand,
  labelOf,
  children,
}: {
  s: Side;
  who: string;
  registered: readonly ArmyList[];
  source: HandSource;
  onSource: (src: HandSource) => void;
  hand: readonly Card[];
  labelOf: (c: Card) => string;
  children: ComponentChildren;
}) {
  const { t } = useI18n();
  const value = source === null ? null : source === 'adhoc' ? 'adhoc' : `list-${source}`;
  return (
    <div class="panel result-side" data-testid={`hand-${s}`}>
      <h3>{t('challenge.hand.of', { name: who })}</h3>
      {registered.length === 0 ? (
        <p class="muted">{t('challenge.hand.noList', { name: who })}</p>
      ) : (
        <Choices
          compact
          label={t('challenge.hand.of', { name: who })}
          value={value}
          options={[
            ...registered.map((l, i) => ({ value: `list-${i}`, label: t('challenge.hand.listOption', { n: i + 1, total: l.models.reduce((sum, m) => sum + m.cost, 0) }) })),
            { value: 'adhoc', label: t('challenge.hand.adHoc') },
          ]}
          onChange={(v) => onSource(v === 'adhoc' ? 'adhoc' : Number(v.slice(5)))}
        />
      )}
      {source !== 'adhoc' && hand.length > 0 && (
        <ul class="tools-cards">
          {hand.map((c) => (
            <li key={c.id}>{labelOf(c)}</li>
          ))}
        </ul>
      )}
      {source === 'adhoc' && children}
      <p class="tools-line" data-testid={`hand-total-${s}`}>
        {t('challenge.hand.total', { total: total(hand) })}
      </p>
    </div>
  );
}

/** Each side ticks the cards it stakes; the totals staked and kept. */
function StakesStep({
  hands,
  stakes,
  setStakes,
  name,
  labelOf,
}: {
  hands: Record<Side, Card[]>;
  stakes: Record<Side, string[]>;
  setStakes: (stakes: Record<Side, string[]>) => void;
  name: (s: Side) => string;
  labelOf: (s: Side, c: Card) => string;
}) {
  const { t } = useI18n();
  return (
    <>
      <h3>{t('challenge.step.stakes')}</h3>
      <div class="wizard-sides">
        {SIDES.map((s) => {
          const staked = hands[s].filter((c) => stakes[s].includes(c.id));
          return (
            <fieldset class="panel result-side" key={s}>
              <legend>{t('challenge.stake.of', { name: name(s) })}</legend>
              {hands[s].map((c) => (
                <label key={c.id} class="check">
                  <input
                    type="checkbox"
                    checked={stakes[s].includes(c.id)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setStakes({ ...stakes, [s]: on ? [...stakes[s], c.id] : stakes[s].filter((id) => id !== c.id) });
                    }}
                  />
                  {labelOf(s, c)}
                </label>
              ))}
              <p class="tools-line" data-testid={`stake-total-${s}`}>
                {t('challenge.stake.total', { total: total(staked), kept: total(hands[s]) - total(staked) })}
              </p>
            </fieldset>
          );
        })}
      </div>
    </>
  );
}

/** Why this stage is played: who took the challenge and why, or what the Revenge and the Duel are. */
function stageWhy(stage: ChallengeStage, first: ChallengeState, t: Translate): string {
  if (stage === 'first-blood') {
    if (first.rollOff) return t('challenge.equal', { total: first.totals.a, rolls: first.rollOff.rolls.map(([a, b]) => `${a}–${b}`).join(', ') });
    const low = Math.min(first.totals.a, first.totals.b);
    return t('challenge.lower', { low, high: Math.max(first.totals.a, first.totals.b) });
  }
  return stage === 'revenge' ? t('challenge.revengeWhy') : t('challenge.duel.intro');
}

/** The Duel: each side's most expensive model (picked when several tie), then who won. */
function DuelChoices({
  state,
  name,
  duelPick,
  setDuelPick,
  duelWinner,
  setDuelWinner,
}: {
  state: ChallengeState;
  name: (s: Side) => string;
  duelPick: Record<Side, string | null>;
  setDuelPick: (p: Record<Side, string | null>) => void;
  duelWinner: Side | null;
  setDuelWinner: (s: Side) => void;
}) {
  const { t } = useI18n();
  const duelist = (s: Side): ListModel | null => {
    const options = state.duelists[s];
    if (options.length === 1) return options[0]!;
    const picked = duelPick[s];
    return picked === null ? null : (options[Number(picked)] ?? null);
  };
  return (
    <>
      {SIDES.map((s) => {
        const options = state.duelists[s];
        if (options.length === 0) return <p key={s}>{t('challenge.duel.none', { name: name(s) })}</p>;
        if (options.length === 1)
          return (
            <p key={s} class="tools-line" data-testid={`duelist-${s}`}>
              {t('challenge.duel.model', { name: name(s), model: options[0]!.name, cost: options[0]!.cost })}
            </p>
          );
        return (
          <Choices
            key={s}
            compact
            label={t('challenge.duel.pick', { name: name(s) })}
            value={duelPick[s]}
            options={options.map((m, i) => ({ value: String(i), label: t('challenge.card.line', { card: m.name, cost: m.cost }) }))}
            onChange={(v) => setDuelPick({ ...duelPick, [s]: v })}
          />
        );
      })}
      <Choices
        label={t('challenge.duel.winner')}
        value={duelWinner}
        options={SIDES.map((s) => {
          const m = duelist(s);
          return { value: s, label: m ? `${name(s)} (${m.name})` : name(s) };
        })}
        onChange={setDuelWinner}
      />
    </>
  );
}

/** A stage being played: what it is, who must achieve the objective, and each side's forces. */
function StageShown({
  state,
  first,
  name,
  cardsText,
  duel,
}: {
  state: ChallengeState;
  first: ChallengeState;
  name: (s: Side) => string;
  cardsText: (s: Side, ids: readonly string[]) => string;
  duel: ComponentChildren;
}) {
  const { t } = useI18n();
  const stage = state.stage as ChallengeStage;
  return (
    <>
      <h3 class="tools-stage" data-testid="stage">
        {t(`challenge.stage.${stage}` as MessageKey)}
      </h3>
      <p class="muted">{stageWhy(stage, first, t)}</p>
      {state.challenger && (
        <p class="result-consequence" data-testid="taker">
          {t('challenge.taker', { name: name(state.challenger) })}
        </p>
      )}
      {stage === 'first-blood' && state.challenger && <p class="tools-line">{t('challenge.deploysFirst', { name: name(state.challenger) })}</p>}
      {stage !== 'duel' &&
        SIDES.map((s) => (
          <p key={s} class="tools-line" data-testid={`forces-${s}`}>
            {t('challenge.forces', { name: name(s), cards: cardsText(s, state.forces[s]) })}
          </p>
        ))}
      {stage === 'duel' && duel}
    </>
  );
}

/** A stage's buttons: back, then the challenger's success or failure, or the Duel's winner. At the table's start only "change the stakes". */
function StageNav({
  state,
  name,
  atStart,
  canGoBack,
  cancel,
  duelWinner,
  onBack,
  advance,
}: {
  state: ChallengeState;
  name: (s: Side) => string;
  atStart: boolean;
  canGoBack: boolean;
  cancel: ComponentChildren;
  duelWinner: Side | null;
  onBack: () => void;
  advance: (ev: ChallengeEvent) => void;
}) {
  const { t } = useI18n();
  return (
    <div class="row end">
      {!atStart && cancel}
      {canGoBack && (
        <button type="button" class="btn big" onClick={onBack}>
          {atStart ? t('challenge.changeStakes') : t('tools.prev')}
        </button>
      )}
      {state.challenger && !atStart && (
        <>
          <button type="button" class="btn big" onClick={() => advance({ type: 'objective-impossible' })}>
            {t('challenge.failed', { name: name(state.challenger) })}
          </button>
          <button type="button" class="btn primary big" onClick={() => advance({ type: 'objective-achieved' })}>
            {t('challenge.success', { name: name(state.challenger) })}
          </button>
        </>
      )}
      {state.stage === 'duel' && !atStart && (
        <button type="button" class="btn primary big" disabled={duelWinner === null} onClick={() => duelWinner && advance({ type: 'duel-won', side: duelWinner })}>
          {t('tools.next')}
        </button>
      )}
    </div>
  );
}

/** Cards typed at the table, per side, with the draft of the next one; ids never reused, as the stakes name cards by id. */
function useAdHoc(setUp: ChallengeHands | undefined, name: (s: Side) => string, setErrors: (errors: string[]) => void) {
  const { t } = useI18n();
  const [adHoc, setAdHoc] = useState<Record<Side, AdHocCard[]>>(() => (setUp ? { a: [...setUp.adHoc.a], b: [...setUp.adHoc.b] } : { a: [], b: [] }));
  const [draft, setDraft] = useState<Record<Side, { name: string; cost: string }>>({ a: { name: '', cost: '0' }, b: { name: '', cost: '0' } });
  const cardCount = useRef(setUp ? setUp.adHoc.a.length + setUp.adHoc.b.length : 0);
  const addCard = (s: Side): void => {
    const cardName = draft[s].name.trim();
    const cost = wholeNumber(draft[s].cost);
    const problems: string[] = [];
    if (cardName === '') problems.push(t('challenge.card.needName'));
    if (cost === null) problems.push(t('tools.error.wholeNumber', { label: t('challenge.card.cost', { name: name(s) }) }));
    if (problems.length > 0) return setErrors(problems);
    const id = `${s}-card-${(cardCount.current += 1)}`;
    setAdHoc({ ...adHoc, [s]: [...adHoc[s], { id, name: cardName, cost: cost! }] });
    setDraft({ ...draft, [s]: { name: '', cost: '0' } });
    setErrors([]);
  };
  const removeCard = (s: Side, id: string): void => setAdHoc({ ...adHoc, [s]: adHoc[s].filter((x) => x.id !== id) });
  return { adHoc, draft, setDraft, addCard, removeCard };
}

/** The game once the stakes are revealed: every state so far (the last is the current one, the others allow going back) and the Duel's choices. */
function useChallengeGame(setUp: ChallengeHands | undefined, lists: (s: Side) => readonly ArmyList[]) {
  const [history, setHistory] = useState<ChallengeState[]>(() => initialHistory(setUp, lists));
  const [duelWinner, setDuelWinner] = useState<Side | null>(null);
  const [duelPick, setDuelPick] = useState<Record<Side, string | null>>({ a: null, b: null });
  const start = (state: ChallengeState): void => {
    setHistory([state]);
    setDuelWinner(null);
    setDuelPick({ a: null, b: null });
  };
  return { history, setHistory, state: history[history.length - 1] ?? null, start, duelWinner, setDuelWinner, duelPick, setDuelPick };
}

const stakeProblemText = (code: StakeProblemCode, who: string, t: Translate): string =>
  code === 'stake-empty' || code === 'stake-all' ? t(`challenge.${code}`, { name: who }) : `${who} : ${code}`;

/** What the table's start hands over once the stakes are revealed (copies: the wizard's state moves on). */
function handsForTable(seed: number, source: Record<Side, HandSource>, adHoc: Record<Side, AdHocCard[]>, stakes: Record<Side, string[]>): ChallengeHands {
  const src = (s: Side): number | 'adhoc' => (source[s] === null ? 'adhoc' : source[s]!);
  return { seed, source: { a: src('a'), b: src('b') }, adHoc: { a: [...adHoc.a], b: [...adHoc.b] }, stakes: { a: [...stakes.a], b: [...stakes.b] } };
}

/** The wizard's state and its moves between steps, each with its checks. */
function useChallengeWizard({ event, pairing, initial, rollKnown, onHands, hands: setUp, onSubmit }: RackhamChallengeWizardProps) {
  const { t, lang } = useI18n();
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const lists = (s: Side) => playerOf(event, pairing[s])?.lists ?? [];
  const { saving, error: saveError, save } = useSave(onSubmit);
  const seed = useSeed(setUp?.seed ?? recordedDice(initial).seed);

  const [step, setStep] = useState<Step>(() => (setUp && initialRoll(initial) ? 'play' : rollKnown && initialRoll(initial) ? 'hands' : 'roll'));
  const [roll, setRoll] = useState<ChallengeRoll | null>(() => initialRoll(initial));
  const [atTable, setAtTable] = useState<boolean>(
    () => recordedDice(initial).challengeAtTable === true || (initial !== undefined && !Array.isArray(recordedDice(initial).challenge)),
  );
  const [source, setSource] = useState<Record<Side, HandSource>>(() => initialSource(setUp, initial, lists));
  const [stakes, setStakes] = useState<Record<Side, string[]>>(() => (setUp ? { a: [...setUp.stakes.a], b: [...setUp.stakes.b] } : { a: [], b: [] }));
  const [errors, setErrors] = useState<string[]>([]);
  const cards = useAdHoc(setUp, name, setErrors);
  const game = useChallengeGame(setUp, lists);
  const { history, state } = game;

  const hands = { a: handFrom(source.a, cards.adHoc.a, lists('a')), b: handFrom(source.b, cards.adHoc.b, lists('b')) };
  const labels = { a: handLabels(hands.a, t), b: handLabels(hands.b, t) };
  const labelOf = (s: Side, c: Card): string => labels[s].get(c.id) ?? cardLabel(c, t);
  const cardsText = (s: Side, ids: readonly string[]): string => {
    const chosen = hands[s].filter((c) => ids.includes(c.id));
    return chosen.length === 0 ? t('challenge.noCards') : chosen.map((c) => labelOf(s, c)).join(', ');
  };

  const go = (next: Step): void => {
    setErrors([]);
    setStep(next);
  };
  const nextFromRoll = (): void => (roll ? go('hands') : setErrors([t('challenge.roll.missing')]));
  const nextFromHands = (): void => {
    const problems = SIDES.flatMap((s) =>
      source[s] === null ? [t('challenge.hand.choose', { name: name(s) })] : hands[s].length < 2 ? [t('challenge.hand.tooFew', { name: name(s) })] : [],
    );
    if (problems.length > 0) return setErrors(problems);
    // cards that left the hand (another list chosen, a card removed) leave the stake too
    setStakes({ a: stakes.a.filter((id) => hands.a.some((c) => c.id === id)), b: stakes.b.filter((id) => hands.b.some((c) => c.id === id)) });
    go('stakes');
  };
  const reveal = (): void => {
    const started = startChallenge(hands, stakes, rollOffRng(seed));
    if (!started.ok) {
      return setErrors(started.problems.map((p) => stakeProblemText(p.code, name(p.side), t)));
    }
    game.start(started.state);
    onHands?.(handsForTable(seed, source, cards.adHoc, stakes));
    go('play');
  };
  const advance = (ev: ChallengeEvent): void => {
    if (!state) return;
    setErrors([]);
    game.setHistory([...history, challengeStep(state, ev)]);
  };
  const back = (): void => {
    setErrors([]);
    if (history.length > 1) return game.setHistory(history.slice(0, -1));
    onHands?.(null);
    go('stakes');
  };
  const submit = (final: ChallengeState): void => {
    const result = buildChallengeResult(final, roll!, { seed, atTable, source, initial, pairing });
    const problems = blockingProblems('confrontation-rackham', result, pairing, event.settings, lang);
    if (problems.length > 0) return setErrors(problems);
    setErrors([]);
    void save(result);
  };

  return {
    name,
    lists,
    saving,
    saveError,
    seed,
    step,
    go,
    roll,
    setRoll,
    atTable,
    setAtTable,
    source,
    setSource,
    stakes,
    setStakes,
    errors,
    cards,
    game,
    hands,
    labelOf,
    cardsText,
    nextFromRoll,
    nextFromHands,
    reveal,
    advance,
    back,
    submit,
  };
}

/** The hands step: each side's list or typed cards. */
function HandsStep({ w }: { w: ReturnType<typeof useChallengeWizard> }) {
  const { t } = useI18n();
  const { name, lists, source, setSource, hands, labelOf, cards, stakes, setStakes } = w;
  return (
    <>
      <h3>{t('challenge.step.hands')}</h3>
      <div class="wizard-sides">
        {SIDES.map((s) => (
          <HandPanel
            key={s}
            s={s}
            who={name(s)}
            registered={lists(s)}
            source={source[s]}
            onSource={(src) => setSource({ ...source, [s]: src })}
            hand={hands[s]}
            labelOf={(c) => labelOf(s, c)}
          >
            <AdHocCards
              who={name(s)}
              cards={cards.adHoc[s]}
              onRemove={(id) => {
                cards.removeCard(s, id);
                setStakes({ ...stakes, [s]: stakes[s].filter((x) => x !== id) });
              }}
              draft={cards.draft[s]}
              onDraft={(d) => cards.setDraft({ ...cards.draft, [s]: d })}
              onAdd={() => cards.addCard(s)}
            />
          </HandPanel>
        ))}
      </div>
    </>
  );
}

export function RackhamChallengeWizard(props: RackhamChallengeWizardProps) {
  const { round, pairing, rollKnown, onHands, hands: setUp, onCancel } = props;
  const { t } = useI18n();
  const w = useChallengeWizard(props);
  const { name, saving, saveError, seed, step, go, roll, atTable, stakes, setStakes, errors, game, hands, labelOf, cardsText } = w;
  const { history, state } = game;
  const cancel = onHands ? null : onCancel;
  const cancelButton = cancel && (
    <button type="button" class="btn big" onClick={cancel} disabled={saving}>
      {t('common.cancel')}
    </button>
  );
  const playing = step === 'play' && state !== null && state.stage !== 'over';
  const over = step === 'play' && state !== null && state.stage === 'over';

  return (
    <section class="panel wizard tools-wizard" aria-label={t('challenge.title')}>
      <header>
        <h2>{t('challenge.title')}</h2>
        <p class="muted">
          {t('tools.context', { round: round.number, table: pairing.table })} · {name('a')} – {name('b')}
        </p>
      </header>
      {step === 'roll' && (
        <RollStep
          roll={roll}
          atTable={atTable}
          seed={seed}
          onRoll={(r, at) => {
            w.setRoll(r);
            w.setAtTable(at);
          }}
        />
      )}
      {step === 'hands' && <HandsStep w={w} />}
      {step === 'stakes' && <StakesStep hands={hands} stakes={stakes} setStakes={setStakes} name={name} labelOf={labelOf} />}
      {playing && (
        <StageShown
          state={state}
          first={history[0]!}
          name={name}
          cardsText={cardsText}
          duel={<DuelChoices state={state} name={name} duelPick={game.duelPick} setDuelPick={game.setDuelPick} duelWinner={game.duelWinner} setDuelWinner={game.setDuelWinner} />}
        />
      )}
      {over && (
        <>
          {roll && <RollLines roll={roll} />}
          <p class="wizard-decision" role="status" data-testid="challenge-outcome">
            {t(`challenge.won.${state.decidedIn!}` as MessageKey, { name: name(state.winner!) })}
          </p>
          <p class="tools-line">{t('challenge.wonStakes', { a: state.totals.a, b: state.totals.b })}</p>
          <p class="muted tools-seed">{t('tools.seed', { seed: String(seed) })}</p>
        </>
      )}
      {(step !== 'play' || state) && <ErrorList errors={errors} />}
      {step === 'roll' && <WizardNav onCancel={cancel} saving={saving} onNext={w.nextFromRoll} />}
      {step === 'hands' && <WizardNav onCancel={cancel} saving={saving} onBack={rollKnown ? null : () => go('roll')} onNext={w.nextFromHands} />}
      {step === 'stakes' && <WizardNav onCancel={cancel} saving={saving} onBack={() => go('hands')} onNext={w.reveal} nextLabel={t('challenge.stake.reveal')} />}
      {playing && onHands && (
        <p class="wizard-decision" role="status" data-testid="challenge-ready">
          {t('challenge.readyToPlay')}
        </p>
      )}
      {/* the stakes revealed at the start stand: the end goes back no further than its first stage */}
      {playing && (
        <StageNav
          state={state}
          name={name}
          atStart={!!onHands}
          canGoBack={!(setUp && history.length <= 1)}
          cancel={cancelButton}
          duelWinner={game.duelWinner}
          onBack={w.back}
          advance={w.advance}
        />
      )}
      {over && (
        <SaveRow saving={saving} saveError={saveError} onSave={() => w.submit(state)}>
          {cancelButton}
          <button type="button" class="btn big" disabled={saving} onClick={w.back}>
            {t('tools.edit')}
          </button>
        </SaveRow>
      )}
    </section>
  );
}
