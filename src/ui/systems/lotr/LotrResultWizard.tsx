// The result of a Lord of the Rings tournament game, asked the way the table lived it: who was
// Good, how the game ended, the models left and lost, then (for a points victory) the tie chain one
// criterion at a time until one decides. The GameResult carries every LotR field the system checks.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { GameResult, SideResult } from '../../../domain/event-file';
import {
  bodyCount,
  isBroken,
  judgeLotrGame,
  LOTR_ENDINGS,
  type Camp,
  type LotrEnding,
  type LotrJudgement,
  type PointsStep,
  type PointsTally,
} from '../../../domain/lotr';
import { useI18n, type MessageKey } from '../../../i18n';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import { nameOf } from '../../screens/event/results/result-draft';
import { ErrorList, SaveRow, useSave } from '../../screens/event/results/parts';
import type { ResultFormProps } from '../../screens/event/results/ResultForm';
import { blockingProblems, numberText, other, type Pair, positiveNumber, type Side, SIDES, wholeNumber } from '../shared/wizard-parts';

/** The desk's result form props: the wizard stays open (and says why) if the save is refused. */
export type LotrResultWizardProps = ResultFormProps;

type Step = 'camps' | 'ending' | 'counts' | 'tie' | 'summary';
type PointsEnding = 'both-broken' | 'time';

const POINTS_ENDINGS: ReadonlySet<LotrEnding> = new Set<LotrEnding>(['both-broken', 'time']);
const isPointsEnding = (e: LotrEnding | null): e is PointsEnding => e !== null && POINTS_ENDINGS.has(e);

/** The criteria the table types in; body count and kills come from the models already counted. */
const TYPED_STEPS = ['remaining-value', 'hero-points'] as const;
const CHAIN: readonly Exclude<PointsStep, 'perfect-draw'>[] = ['remaining-value', 'hero-points', 'body-count', 'kills'];

/** Fields this wizard owns: a correction drops the old ones it no longer asks (a total victory has no tie chain). */
const LOTR_KEYS = ['camp', 'points', 'bodyCount', 'kills', 'remainingValue', 'heroPoints', 'survivors', 'losses'] as const;

function withoutLotrKeys(side: SideResult | undefined): Partial<SideResult> {
  if (!side) return {};
  const out: Record<string, unknown> = { ...side };
  for (const k of LOTR_KEYS) delete out[k];
  return out as Partial<SideResult>;
}

const pairOf = (initial: GameResult | undefined, key: string, fallback = '0'): Pair => ({
  a: numberText(initial?.a[key], fallback),
  b: numberText(initial?.b[key], fallback),
});

export function LotrResultWizard({ event, round, pairing, initial, onSubmit, onCancel }: LotrResultWizardProps) {
  const { t, lang } = useI18n();
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const { saving, error: saveError, save } = useSave(onSubmit);

  const [step, setStep] = useState<Step>('camps');
  const [good, setGood] = useState<Side | null>(() => (initial?.a.camp === 'good' ? 'a' : initial?.b.camp === 'good' ? 'b' : null));
  const [ending, setEnding] = useState<LotrEnding | null>(() =>
    typeof initial?.ending === 'string' && (LOTR_ENDINGS as readonly string[]).includes(initial.ending) ? (initial.ending as LotrEnding) : null,
  );
  const [broken, setBroken] = useState<Side | null>(() =>
    initial?.ending === 'army-broken' && initial.winner !== null ? (initial.winner === pairing.a ? 'b' : 'a') : null,
  );
  const [survivors, setSurvivors] = useState<Pair>(() => pairOf(initial, 'survivors'));
  const [losses, setLosses] = useState<Pair>(() => pairOf(initial, 'losses'));
  // kills follow the opponent's losses until the table types another number
  const [kills, setKills] = useState<Pair>(() => pairOf(initial, 'kills'));
  const [killsTyped, setKillsTyped] = useState<Record<Side, boolean>>(() => ({ a: typeof initial?.a.kills === 'number', b: typeof initial?.b.kills === 'number' }));
  const [remaining, setRemaining] = useState<Pair>(() => pairOf(initial, 'remainingValue', ''));
  const [heroes, setHeroes] = useState<Pair>(() => pairOf(initial, 'heroPoints', ''));
  /** how far the tie chain went: 0 remaining value, 1 hero points */
  const [tieStep, setTieStep] = useState<0 | 1>(0);
  const [errors, setErrors] = useState<string[]>([]);

  const camp = (s: Side): Camp => (good === s ? 'good' : 'evil');
  const campName = (s: Side): string => t(camp(s) === 'good' ? 'lotr.camp.good' : 'lotr.camp.evil');
  const killsOf = (s: Side): string => (killsTyped[s] ? kills[s] : losses[other(s)]);
  const tieLabel = (k: Exclude<PointsStep, 'perfect-draw'>): string => t(`lotr.tie.${k}` as MessageKey);

  const go = (next: Step): void => {
    setErrors([]);
    setStep(next);
  };

  const counted = (s: Side) => ({ survivors: wholeNumber(survivors[s]) ?? 0, losses: wholeNumber(losses[s]) ?? 0, kills: wholeNumber(killsOf(s)) ?? 0 });

  const tallies = (): Record<Side, PointsTally> => {
    const make = (s: Side): PointsTally => ({
      ...counted(s),
      remainingValue: positiveNumber(remaining[s]) ?? 0,
      // not reached: equal for both, so it cannot decide
      heroPoints: tieStep >= 1 ? (positiveNumber(heroes[s]) ?? 0) : 0,
    });
    return { a: make('a'), b: make('b') };
  };

  const judgement = (): LotrJudgement | null => {
    if (good === null || ending === null) return null;
    if (isPointsEnding(ending)) return judgeLotrGame({ ending, tallies: tallies() });
    const winner: Camp = ending === 'frodo-killed' ? 'evil' : ending === 'frodo-escaped' ? 'good' : broken === null ? 'good' : camp(other(broken));
    return judgeLotrGame({ ending, winner, camps: { a: camp('a'), b: camp('b') } });
  };

  const checkPair = (values: Pair, label: (s: Side) => string, read: (raw: string) => number | null, key: MessageKey): string[] =>
    SIDES.flatMap((s) => (read(values[s]) === null ? [t(key, { label: label(s) })] : []));

  const nextFromCamps = (): void => {
    if (good === null) return setErrors([t('lotr.result.camps')]);
    go('ending');
  };

  const nextFromEnding = (): void => {
    if (ending === null) return setErrors([t('lotr.result.ending')]);
    if (ending === 'army-broken' && broken === null) return setErrors([t('lotr.result.broken')]);
    go('counts');
  };

  const nextFromCounts = (): void => {
    const killsPair: Pair = { a: killsOf('a'), b: killsOf('b') };
    const problems = [
      ...checkPair(survivors, (s) => t('lotr.result.survivorsOf', { name: name(s) }), wholeNumber, 'tools.error.wholeNumber'),
      ...checkPair(losses, (s) => t('lotr.result.lossesOf', { name: name(s) }), wholeNumber, 'tools.error.wholeNumber'),
      ...checkPair(killsPair, (s) => t('lotr.result.killsOf', { name: name(s) }), wholeNumber, 'tools.error.wholeNumber'),
    ];
    if (problems.length > 0) return setErrors(problems);
    if (isPointsEnding(ending)) {
      setTieStep(0);
      go('tie');
    } else go('summary');
  };

  const compare = (): void => {
    const key = TYPED_STEPS[tieStep];
    const values = tieStep === 0 ? remaining : heroes;
    const problems = checkPair(values, (s) => t('lotr.tie.valueOf', { label: tieLabel(key), name: name(s) }), positiveNumber, 'tools.error.number');
    if (problems.length > 0) return setErrors(problems);
    const [a, b] = [positiveNumber(values.a)!, positiveNumber(values.b)!];
    if (a === b && tieStep === 0) {
      setErrors([]);
      return setTieStep(1);
    }
    go('summary');
  };

  /** The tie chain as the table walked it: each criterion that was equal, up to the one that decided. */
  const chainLines = (j: LotrJudgement): string[] => {
    if (!isPointsEnding(ending)) return [];
    const tl = tallies();
    const value = (k: (typeof CHAIN)[number], s: Side): number =>
      k === 'remaining-value' ? tl[s].remainingValue : k === 'hero-points' ? tl[s].heroPoints : k === 'body-count' ? bodyCount(tl[s]) : tl[s].kills;
    const upTo = j.decidedBy === 'perfect-draw' ? CHAIN.length : CHAIN.indexOf(j.decidedBy as (typeof CHAIN)[number]);
    return CHAIN.slice(0, upTo).map((k) => t('lotr.tie.equal', { label: tieLabel(k), a: value(k, 'a'), b: value(k, 'b') }));
  };

  const buildResult = (j: LotrJudgement): GameResult => {
    const side = (s: Side): SideResult => {
      const c = counted(s);
      const base = withoutLotrKeys(initial?.[s]);
      return {
        ...base,
        cp: typeof base.cp === 'number' ? base.cp : 0,
        apd: typeof base.apd === 'number' ? base.apd : 0,
        camp: camp(s),
        points: j.points[s],
        bodyCount: bodyCount(c),
        kills: c.kills,
        survivors: c.survivors,
        losses: c.losses,
        // the tie chain's numbers only where the table gave them: nothing is invented
        ...(isPointsEnding(ending) && { remainingValue: positiveNumber(remaining[s]) ?? 0 }),
        ...(isPointsEnding(ending) && tieStep >= 1 && { heroPoints: positiveNumber(heroes[s]) ?? 0 }),
      };
    };
    return {
      ...initial,
      winner: j.winner === null ? null : pairing[j.winner],
      // the hand-over code carries only winner and how: 'scenario' (a victory condition) is
      // the 3-0, 'tiebreak' (the tie chain) the 2-1 and the 1.5-1.5
      how: j.victory === 'total' ? 'scenario' : 'tiebreak',
      ending,
      a: side('a'),
      b: side('b'),
    };
  };

  const submit = (j: LotrJudgement): void => {
    const result = buildResult(j);
    const problems = blockingProblems('lotr-sbg', result, pairing, event.settings, lang);
    if (problems.length > 0) return setErrors(problems);
    setErrors([]);
    void save(result);
  };

  /** What the numbers say against the chosen ending; the table may still know better. */
  const warnings = (): string[] => {
    if (ending === null || ending === 'frodo-killed' || ending === 'frodo-escaped') return [];
    const out: string[] = [];
    for (const s of SIDES) {
      const c = counted(s);
      const models = c.survivors + c.losses;
      if (models === 0) continue;
      const isOut = isBroken({ models, lost: c.losses });
      const shouldBe = ending === 'both-broken' || (ending === 'army-broken' && broken === s);
      if (shouldBe && !isOut) out.push(t('lotr.result.warnNotBroken', { name: name(s) }));
      if (!shouldBe && isOut) out.push(t('lotr.result.warnBroken', { name: name(s) }));
    }
    return out;
  };

  const header = (
    <header>
      <h2>{t('lotr.result.title')}</h2>
      <p class="muted">{t('tools.context', { round: round.number, table: pairing.table })}</p>
    </header>
  );

  const nav = (back: (() => void) | null, next: () => void, nextLabel = t('tools.next')) => (
    <div class="row end">
      <button type="button" class="btn big" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </button>
      {back && (
        <button type="button" class="btn big" onClick={back}>
          {t('tools.prev')}
        </button>
      )}
      <button type="button" class="btn primary big" onClick={next}>
        {nextLabel}
      </button>
    </div>
  );

  let body: ComponentChildren;
  if (step === 'camps') {
    body = (
      <>
        <Choices label={t('lotr.result.camps')} value={good} options={SIDES.map((s) => ({ value: s, label: name(s) }))} onChange={setGood} />
        {good && <p class="tools-line">{t('lotr.result.campLine', { good: name(good), evil: name(other(good)) })}</p>}
        <ErrorList errors={errors} />
        {nav(null, nextFromCamps)}
      </>
    );
  } else if (step === 'ending') {
    body = (
      <>
        <div class="tools-stack">
          <Choices
            label={t('lotr.result.ending')}
            value={ending}
            options={LOTR_ENDINGS.map((e) => ({ value: e, label: t(`lotr.ending.${e}` as MessageKey) }))}
            onChange={setEnding}
          />
        </div>
        {(ending === 'frodo-killed' || ending === 'frodo-escaped') && <p class="muted">{t('lotr.result.frodoFirst')}</p>}
        {ending === 'army-broken' && (
          <Choices
            label={t('lotr.result.broken')}
            value={broken}
            options={SIDES.map((s) => ({ value: s, label: `${t('lotr.result.brokenOf', { name: name(s) })} (${campName(s)})` }))}
            onChange={setBroken}
          />
        )}
        <ErrorList errors={errors} />
        {nav(() => go('camps'), nextFromEnding)}
      </>
    );
  } else if (step === 'counts') {
    const warned = warnings();
    body = (
      <>
        <h3>{t('lotr.result.counts')}</h3>
        <div class="wizard-sides">
          {SIDES.map((s) => {
            const bc = (wholeNumber(survivors[s]) ?? 0) - (wholeNumber(losses[s]) ?? 0);
            return (
              <div class="panel result-side" key={s}>
                <h3>
                  {name(s)} · {campName(s)}
                </h3>
                <NumberStepper label={t('lotr.result.survivors')} name={t('lotr.result.survivorsOf', { name: name(s) })} value={survivors[s]} onChange={(v) => setSurvivors({ ...survivors, [s]: v })} />
                <NumberStepper label={t('lotr.result.losses')} name={t('lotr.result.lossesOf', { name: name(s) })} value={losses[s]} onChange={(v) => setLosses({ ...losses, [s]: v })} />
                <NumberStepper
                  label={t('lotr.result.kills')}
                  name={t('lotr.result.killsOf', { name: name(s) })}
                  value={killsOf(s)}
                  onChange={(v) => {
                    setKills({ ...kills, [s]: v });
                    setKillsTyped({ ...killsTyped, [s]: true });
                  }}
                />
                <p class="tools-line" data-testid={`body-count-${s}`}>
                  {t('lotr.result.bodyCount', { n: bc })}
                </p>
              </div>
            );
          })}
        </div>
        {warned.length > 0 && (
          <div class="panel result-warnings" role="status">
            <ul>
              {warned.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </div>
        )}
        <ErrorList errors={errors} />
        {nav(() => go('ending'), nextFromCounts)}
      </>
    );
  } else if (step === 'tie') {
    const key = TYPED_STEPS[tieStep];
    const values = tieStep === 0 ? remaining : heroes;
    const set = tieStep === 0 ? setRemaining : setHeroes;
    body = (
      <>
        {tieStep === 1 && (
          <p class="muted" data-testid="tie-passed">
            {t('lotr.tie.equal', { label: tieLabel('remaining-value'), a: remaining.a, b: remaining.b })}
          </p>
        )}
        <h3>{t('lotr.tie.title', { n: tieStep + 1 })}</h3>
        <p class="tools-line">{tieLabel(key)}</p>
        <div class="wizard-sides">
          {SIDES.map((s) => (
            <NumberStepper key={`${key}-${s}`} label={name(s)} name={t('lotr.tie.valueOf', { label: tieLabel(key), name: name(s) })} value={values[s]} onChange={(v) => set({ ...values, [s]: v })} />
          ))}
        </div>
        <ErrorList errors={errors} />
        {nav(
          () => {
            setErrors([]);
            if (tieStep === 1) setTieStep(0);
            else go('counts');
          },
          compare,
          t('lotr.tie.check'),
        )}
      </>
    );
  } else {
    const j = judgement()!;
    const winnerLine =
      j.winner === null
        ? t('lotr.result.draw')
        : t('lotr.result.win', {
            name: name(j.winner),
            camp: campName(j.winner),
            victory: t(j.victory === 'total' ? 'lotr.victory.total' : 'lotr.victory.points'),
            pw: j.points[j.winner],
            pl: j.points[other(j.winner)],
          });
    body = (
      <>
        {chainLines(j).map((line, i) => (
          <p key={i} class="muted" data-testid="tie-equal">
            {line}
          </p>
        ))}
        <p class="wizard-decision" role="status" data-testid="decided-by">
          {t('lotr.decided', { what: t(`lotr.decided.${j.decidedBy}` as MessageKey) })}
        </p>
        <p class="result-consequence" data-testid="lotr-outcome">
          {winnerLine}
        </p>
        {SIDES.map((s) => (
          <p key={s} class="tools-line">
            {t('lotr.result.summaryCounts', { name: name(s), bc: bodyCount(counted(s)), kills: counted(s).kills })}
          </p>
        ))}
        <ErrorList errors={errors} />
        <SaveRow saving={saving} saveError={saveError} onSave={() => submit(j)}>
          <button type="button" class="btn big" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </button>
          <button type="button" class="btn big" disabled={saving} onClick={() => go(isPointsEnding(ending) ? 'tie' : 'counts')}>
            {t('tools.edit')}
          </button>
        </SaveRow>
      </>
    );
  }

  return (
    <section class="panel wizard tools-wizard" aria-label={t('lotr.result.title')}>
      {header}
      {body}
    </section>
  );
}
