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
import type { GameResult, ListModel, SideResult } from '../../../domain/event-file';
import { createRng } from '../../../domain/random';
import { useI18n, type MessageKey, type Translate } from '../../../i18n';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import { nameOf, playerOf } from '../../screens/event/results/result-draft';
import { ErrorList, SaveRow, useSave } from '../../screens/event/results/parts';
import type { ResultFormProps } from '../../screens/event/results/ResultForm';
import type { ChallengeHands } from '../../../store/table-games';
import { blockingProblems, diceText, type Side, SIDES, useSeed, wholeNumber } from '../shared/wizard-parts';

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

export function RackhamChallengeWizard({ event, round, pairing, initial, rollKnown, onHands, hands: setUp, onSubmit, onCancel }: RackhamChallengeWizardProps) {
  const { t, lang } = useI18n();
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const lists = (s: Side) => playerOf(event, pairing[s])?.lists ?? [];
  const { saving, error: saveError, save } = useSave(onSubmit);
  const seed = useSeed(setUp?.seed ?? recordedDice(initial).seed);

  const [step, setStep] = useState<Step>(() => (setUp && initialRoll(initial) ? 'play' : rollKnown && initialRoll(initial) ? 'hands' : 'roll'));
  const [roll, setRoll] = useState<ChallengeRoll | null>(() => initialRoll(initial));
  const [atTable, setAtTable] = useState<boolean>(() => recordedDice(initial).challengeAtTable === true || (initial !== undefined && !Array.isArray(recordedDice(initial).challenge)));
  const [source, setSource] = useState<Record<Side, HandSource>>(() => {
    if (setUp) return { ...setUp.source };
    const pick = (s: Side): HandSource => {
      const i = initial?.[s].listIndex;
      if (typeof i === 'number' && lists(s)[i]) return i;
      const n = lists(s).length;
      return n === 0 ? 'adhoc' : n === 1 ? 0 : null;
    };
    return { a: pick('a'), b: pick('b') };
  });
  const [adHoc, setAdHoc] = useState<Record<Side, AdHocCard[]>>(() => (setUp ? { a: [...setUp.adHoc.a], b: [...setUp.adHoc.b] } : { a: [], b: [] }));
  const [draftName, setDraftName] = useState<Record<Side, string>>({ a: '', b: '' });
  const [draftCost, setDraftCost] = useState<Record<Side, string>>({ a: '0', b: '0' });
  const [stakes, setStakes] = useState<Record<Side, string[]>>(() => (setUp ? { a: [...setUp.stakes.a], b: [...setUp.stakes.b] } : { a: [], b: [] }));
  /** every state of the game so far: the last is the current one, the others allow going back */
  const [history, setHistory] = useState<ChallengeState[]>(() => {
    if (!setUp) return [];
    // the stakes revealed at the start, revealed again from the same seed: the same challenger
    const handOf = (s: Side): Card[] => {
      const src = setUp.source[s];
      if (src === 'adhoc') return setUp.adHoc[s].map((c) => ({ id: c.id, cost: c.cost, models: [{ name: c.name, cost: c.cost }] }));
      const list = lists(s)[src];
      return list ? cardsOf(list) : [];
    };
    const started = startChallenge({ a: handOf('a'), b: handOf('b') }, setUp.stakes, rollOffRng(setUp.seed));
    return started.ok ? [started.state] : [];
  });
  const [duelWinner, setDuelWinner] = useState<Side | null>(null);
  const [duelPick, setDuelPick] = useState<Record<Side, string | null>>({ a: null, b: null });
  const [errors, setErrors] = useState<string[]>([]);
  const cardCount = useRef(setUp ? setUp.adHoc.a.length + setUp.adHoc.b.length : 0);

  const hand = (s: Side): Card[] => {
    const src = source[s];
    if (src === 'adhoc') return adHoc[s].map((c) => ({ id: c.id, cost: c.cost, models: [{ name: c.name, cost: c.cost }] }));
    const list = src === null ? undefined : lists(s)[src];
    return list ? cardsOf(list) : [];
  };
  const hands = { a: hand('a'), b: hand('b') };
  const labels = { a: handLabels(hands.a, t), b: handLabels(hands.b, t) };
  const labelOf = (s: Side, c: Card): string => labels[s].get(c.id) ?? cardLabel(c, t);
  const total = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + c.cost, 0);
  const cardsText = (s: Side, ids: readonly string[]): string => {
    const chosen = hands[s].filter((c) => ids.includes(c.id));
    return chosen.length === 0 ? t('challenge.noCards') : chosen.map((c) => labelOf(s, c)).join(', ');
  };
  const stageName = (stage: ChallengeStage): string => t(`challenge.stage.${stage}` as MessageKey);
  const state = history[history.length - 1] ?? null;

  const go = (next: Step): void => {
    setErrors([]);
    setStep(next);
  };

  const doRoll = (): void => {
    setRoll(rollChallenge(createRng(seed)));
    setAtTable(false);
  };

  const nextFromRoll = (): void => {
    if (!roll) return setErrors([t('challenge.roll.missing')]);
    go('hands');
  };

  const nextFromHands = (): void => {
    const problems: string[] = [];
    for (const s of SIDES) {
      if (source[s] === null) problems.push(t('challenge.hand.choose', { name: name(s) }));
      else if (hands[s].length < 2) problems.push(t('challenge.hand.tooFew', { name: name(s) }));
    }
    if (problems.length > 0) return setErrors(problems);
    // cards that left the hand (another list chosen, a card removed) leave the stake too
    setStakes({ a: stakes.a.filter((id) => hands.a.some((c) => c.id === id)), b: stakes.b.filter((id) => hands.b.some((c) => c.id === id)) });
    go('stakes');
  };

  const reveal = (): void => {
    const started = startChallenge(hands, stakes, rollOffRng(seed));
    if (!started.ok) {
      const text = (code: StakeProblemCode, s: Side): string =>
        code === 'stake-empty' || code === 'stake-all' ? t(`challenge.${code}`, { name: name(s) }) : `${name(s)} : ${code}`;
      return setErrors(started.problems.map((p) => text(p.code, p.side)));
    }
    setHistory([started.state]);
    setDuelWinner(null);
    setDuelPick({ a: null, b: null });
    if (onHands) {
      const src = (s: Side): number | 'adhoc' => (source[s] === null ? 'adhoc' : source[s]!);
      onHands({ seed, source: { a: src('a'), b: src('b') }, adHoc: { a: [...adHoc.a], b: [...adHoc.b] }, stakes: { a: [...stakes.a], b: [...stakes.b] } });
    }
    go('play');
  };

  const advance = (ev: ChallengeEvent): void => {
    if (!state) return;
    setErrors([]);
    setHistory([...history, challengeStep(state, ev)]);
  };

  const back = (): void => {
    setErrors([]);
    if (history.length <= 1) {
      onHands?.(null);
      return go('stakes');
    }
    setHistory(history.slice(0, -1));
  };

  const addCard = (s: Side): void => {
    const cardName = draftName[s].trim();
    const cost = wholeNumber(draftCost[s]);
    const problems: string[] = [];
    if (cardName === '') problems.push(t('challenge.card.needName'));
    if (cost === null) problems.push(t('tools.error.wholeNumber', { label: t('challenge.card.cost', { name: name(s) }) }));
    if (problems.length > 0) return setErrors(problems);
    // never reused after a removal: the stake refers to cards by id
    const id = `${s}-card-${(cardCount.current += 1)}`;
    setAdHoc({ ...adHoc, [s]: [...adHoc[s], { id, name: cardName, cost: cost! }] });
    setDraftName({ ...draftName, [s]: '' });
    setDraftCost({ ...draftCost, [s]: '0' });
    setErrors([]);
  };

  const buildResult = (final: ChallengeState): GameResult => {
    const side = (s: Side): SideResult => {
      const base = initial?.[s];
      const src = source[s];
      return {
        ...base,
        cp: typeof base?.cp === 'number' ? base.cp : 0,
        apd: typeof base?.apd === 'number' ? base.apd : 0,
        listIndex: typeof src === 'number' ? src : null,
        stake: final.totals[s],
      };
    };
    const dice: ChallengeDice = { seed, challenge: roll!.rolls, challengeAtTable: atTable, rollOff: final.rollOff?.rolls ?? null };
    return {
      ...initial,
      winner: final.winner === null ? null : pairing[final.winner],
      how: null,
      stage: final.decidedIn,
      objective: roll!.objective,
      timeLimitRow: roll!.timeLimitRow,
      dice,
      a: side('a'),
      b: side('b'),
    };
  };

  const submit = (final: ChallengeState): void => {
    const result = buildResult(final);
    const problems = blockingProblems('confrontation-rackham', result, pairing, event.settings, lang);
    if (problems.length > 0) return setErrors(problems);
    setErrors([]);
    void save(result);
  };

  const cancelButton = onHands ? null : (
    <button type="button" class="btn big" onClick={onCancel} disabled={saving}>
      {t('common.cancel')}
    </button>
  );

  const rollLines = roll && (
    <div class="panel tools-result" data-testid="challenge-roll">
      <p class="tools-line">
        {t('challenge.roll.dice', { dice: diceText(roll.rolls) })}
        {roll.rolls.length > 1 && <span class="muted"> ({t('challenge.roll.rerolled')})</span>}
      </p>
      <p class="tools-big">{t('challenge.roll.objective', { row: roll.objective })}</p>
      <p class="tools-big">{t('challenge.roll.time', { row: roll.timeLimitRow, objective: roll.objective })}</p>
    </div>
  );

  let body: ComponentChildren;
  if (step === 'roll') {
    const rolledByApp = roll !== null && !atTable;
    body = (
      <>
        <h3>{t('challenge.step.roll')}</h3>
        <p class="muted" data-testid="table-size">
          {t('reference.tableSize', challengeTableParams())}
        </p>
        {!rolledByApp && (
          <div class="row">
            <button type="button" class="btn primary big" onClick={doRoll}>
              🎲 {t('challenge.roll.do')}
            </button>
          </div>
        )}
        {!rolledByApp && (
          <Choices
            compact
            label={t('challenge.roll.manual')}
            value={roll && atTable ? String(roll.objective) : null}
            options={['1', '2', '3', '4', '5'].map((d) => ({ value: d, label: d }))}
            onChange={(d) => {
              setRoll(challengeFromRolls([Number(d)]));
              setAtTable(true);
            }}
          />
        )}
        {rollLines}
        <p class="muted tools-seed">{t('tools.seed', { seed })}</p>
        <ErrorList errors={errors} />
        <div class="row end">
          {cancelButton}
          <button type="button" class="btn primary big" onClick={nextFromRoll}>
            {t('tools.next')}
          </button>
        </div>
      </>
    );
  } else if (step === 'hands') {
    body = (
      <>
        <h3>{t('challenge.step.hands')}</h3>
        <div class="wizard-sides">
          {SIDES.map((s) => {
            const registered = lists(s);
            const value = source[s] === null ? null : source[s] === 'adhoc' ? 'adhoc' : `list-${source[s]}`;
            return (
              <div class="panel result-side" key={s} data-testid={`hand-${s}`}>
                <h3>{t('challenge.hand.of', { name: name(s) })}</h3>
                {registered.length === 0 ? (
                  <p class="muted">{t('challenge.hand.noList', { name: name(s) })}</p>
                ) : (
                  <Choices
                    compact
                    label={t('challenge.hand.of', { name: name(s) })}
                    value={value}
                    options={[
                      ...registered.map((l, i) => ({ value: `list-${i}`, label: t('challenge.hand.listOption', { n: i + 1, total: l.models.reduce((sum, m) => sum + m.cost, 0) }) })),
                      { value: 'adhoc', label: t('challenge.hand.adHoc') },
                    ]}
                    onChange={(v) => setSource({ ...source, [s]: v === 'adhoc' ? 'adhoc' : Number(v.slice(5)) })}
                  />
                )}
                {source[s] !== 'adhoc' && hands[s].length > 0 && (
                  <ul class="tools-cards">
                    {hands[s].map((c) => (
                      <li key={c.id}>{labelOf(s, c)}</li>
                    ))}
                  </ul>
                )}
                {source[s] === 'adhoc' && (
                  <>
                    <ul class="tools-cards">
                      {adHoc[s].map((c) => (
                        <li key={c.id} class="row">
                          <span>{t('challenge.card.line', { card: c.name, cost: c.cost })}</span>
                          <button
                            type="button"
                            class="btn"
                            aria-label={t('challenge.card.remove', { card: c.name })}
                            onClick={() => {
                              setAdHoc({ ...adHoc, [s]: adHoc[s].filter((x) => x.id !== c.id) });
                              setStakes({ ...stakes, [s]: stakes[s].filter((id) => id !== c.id) });
                            }}
                          >
                            ✕
                          </button>
                        </li>
                      ))}
                    </ul>
                    <label>
                      {t('challenge.card.name', { name: name(s) })}
                      <input type="text" autoComplete="off" value={draftName[s]} onInput={(e) => setDraftName({ ...draftName, [s]: e.currentTarget.value })} />
                    </label>
                    <NumberStepper label={t('challenge.card.costLabel')} name={t('challenge.card.cost', { name: name(s) })} value={draftCost[s]} onChange={(v) => setDraftCost({ ...draftCost, [s]: v })} />
                    <button type="button" class="btn big" onClick={() => addCard(s)}>
                      + {t('challenge.card.add')}
                    </button>
                  </>
                )}
                <p class="tools-line" data-testid={`hand-total-${s}`}>
                  {t('challenge.hand.total', { total: total(hands[s]) })}
                </p>
              </div>
            );
          })}
        </div>
        <ErrorList errors={errors} />
        <div class="row end">
          {cancelButton}
          {!rollKnown && (
            <button type="button" class="btn big" onClick={() => go('roll')}>
              {t('tools.prev')}
            </button>
          )}
          <button type="button" class="btn primary big" onClick={nextFromHands}>
            {t('tools.next')}
          </button>
        </div>
      </>
    );
  } else if (step === 'stakes') {
    body = (
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
        <ErrorList errors={errors} />
        <div class="row end">
          {cancelButton}
          <button type="button" class="btn big" onClick={() => go('hands')}>
            {t('tools.prev')}
          </button>
          <button type="button" class="btn primary big" onClick={reveal}>
            {t('challenge.stake.reveal')}
          </button>
        </div>
      </>
    );
  } else if (state && state.stage !== 'over') {
    const stage = state.stage;
    const first = history[0]!;
    let why: string;
    if (stage === 'first-blood') {
      if (first.rollOff) why = t('challenge.equal', { total: first.totals.a, rolls: first.rollOff.rolls.map(([a, b]) => `${a}–${b}`).join(', ') });
      else {
        const low = Math.min(first.totals.a, first.totals.b);
        why = t('challenge.lower', { low, high: Math.max(first.totals.a, first.totals.b) });
      }
    } else why = stage === 'revenge' ? t('challenge.revengeWhy') : t('challenge.duel.intro');
    const duelist = (s: Side): ListModel | null => {
      const options = state.duelists[s];
      if (options.length === 1) return options[0]!;
      const picked = duelPick[s];
      return picked === null ? null : (options[Number(picked)] ?? null);
    };
    body = (
      <>
        <h3 class="tools-stage" data-testid="stage">
          {stageName(stage)}
        </h3>
        <p class="muted">{why}</p>
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
        {stage === 'duel' &&
          SIDES.map((s) => {
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
        {stage === 'duel' && (
          <Choices
            label={t('challenge.duel.winner')}
            value={duelWinner}
            options={SIDES.map((s) => {
              const m = duelist(s);
              return { value: s, label: m ? `${name(s)} (${m.name})` : name(s) };
            })}
            onChange={setDuelWinner}
          />
        )}
        <ErrorList errors={errors} />
        {onHands && (
          <p class="wizard-decision" role="status" data-testid="challenge-ready">
            {t('challenge.readyToPlay')}
          </p>
        )}
        <div class="row end">
          {!onHands && cancelButton}
          {/* the stakes revealed at the start stand: the end goes back no further than its first stage */}
          {!(setUp && history.length <= 1) && (
            <button type="button" class="btn big" onClick={back}>
              {onHands ? t('challenge.changeStakes') : t('tools.prev')}
            </button>
          )}
          {state.challenger && !onHands && (
            <>
              <button type="button" class="btn big" onClick={() => advance({ type: 'objective-impossible' })}>
                {t('challenge.failed', { name: name(state.challenger) })}
              </button>
              <button type="button" class="btn primary big" onClick={() => advance({ type: 'objective-achieved' })}>
                {t('challenge.success', { name: name(state.challenger) })}
              </button>
            </>
          )}
          {stage === 'duel' && !onHands && (
            <button type="button" class="btn primary big" disabled={duelWinner === null} onClick={() => duelWinner && advance({ type: 'duel-won', side: duelWinner })}>
              {t('tools.next')}
            </button>
          )}
        </div>
      </>
    );
  } else if (state) {
    const winner = state.winner!;
    body = (
      <>
        {rollLines}
        <p class="wizard-decision" role="status" data-testid="challenge-outcome">
          {t(`challenge.won.${state.decidedIn!}` as MessageKey, { name: name(winner) })}
        </p>
        <p class="tools-line">{t('challenge.wonStakes', { a: state.totals.a, b: state.totals.b })}</p>
        <p class="muted tools-seed">{t('tools.seed', { seed })}</p>
        <ErrorList errors={errors} />
        <SaveRow saving={saving} saveError={saveError} onSave={() => submit(state)}>
          {cancelButton}
          <button type="button" class="btn big" disabled={saving} onClick={back}>
            {t('tools.edit')}
          </button>
        </SaveRow>
      </>
    );
  }

  return (
    <section class="panel wizard tools-wizard" aria-label={t('challenge.title')}>
      <header>
        <h2>{t('challenge.title')}</h2>
        <p class="muted">
          {t('tools.context', { round: round.number, table: pairing.table })} · {name('a')} – {name('b')}
        </p>
      </header>
      {body}
    </section>
  );
}
