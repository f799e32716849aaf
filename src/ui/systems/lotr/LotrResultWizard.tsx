// The result of a Lord of the Rings tournament game, asked the way the table lived it: who was
// Good, how the game ended, the models left and lost, then (for a points victory) the tie chain one
// criterion at a time until one decides. The GameResult carries every LotR field the system checks.
import { useState } from 'preact/hooks';
import type { GameResult, Pairing, SideResult } from '../../../domain/event-file';
import { bodyCount, isBroken, judgeLotrGame, LOTR_ENDINGS, type Camp, type LotrEnding, type LotrJudgement, type PointsStep, type PointsTally } from '../../../domain/lotr';
import { useI18n, type MessageKey, type Translate } from '../../../i18n';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import { nameOf } from '../../screens/event/results/result-draft';
import { ErrorList, SaveRow, useSave } from '../../screens/event/results/parts';
import type { ResultFormProps } from '../../screens/event/results/ResultForm';
import { blockingProblems, numberText, other, type Pair, positiveNumber, type Side, SIDES, wholeNumber, WizardNav } from '../shared/wizard-parts';

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

/** What the table has told the wizard so far; kills already resolved (typed, or the opponent's losses). */
interface LotrDraft {
  good: Side | null;
  ending: LotrEnding | null;
  broken: Side | null;
  survivors: Pair;
  losses: Pair;
  kills: Pair;
  remaining: Pair;
  heroes: Pair;
  /** how far the tie chain went: 0 remaining value, 1 hero points */
  tieStep: 0 | 1;
}

const campOf = (d: LotrDraft, s: Side): Camp => (d.good === s ? 'good' : 'evil');

const counted = (d: LotrDraft, s: Side) => ({ survivors: wholeNumber(d.survivors[s]) ?? 0, losses: wholeNumber(d.losses[s]) ?? 0, kills: wholeNumber(d.kills[s]) ?? 0 });

function tallies(d: LotrDraft): Record<Side, PointsTally> {
  const make = (s: Side): PointsTally => ({
    ...counted(d, s),
    remainingValue: positiveNumber(d.remaining[s]) ?? 0,
    // not reached: equal for both, so it cannot decide
    heroPoints: d.tieStep >= 1 ? (positiveNumber(d.heroes[s]) ?? 0) : 0,
  });
  return { a: make('a'), b: make('b') };
}

function judgement(d: LotrDraft): LotrJudgement | null {
  const { good, ending, broken } = d;
  if (good === null || ending === null) return null;
  if (isPointsEnding(ending)) return judgeLotrGame({ ending, tallies: tallies(d) });
  const winner: Camp = ending === 'frodo-killed' ? 'evil' : ending === 'frodo-escaped' ? 'good' : broken === null ? 'good' : campOf(d, other(broken));
  return judgeLotrGame({ ending, winner, camps: { a: campOf(d, 'a'), b: campOf(d, 'b') } });
}

/** The tie chain as the table walked it: each criterion that was equal, up to the one that decided. */
function chainLines(d: LotrDraft, j: LotrJudgement, t: Translate): string[] {
  if (!isPointsEnding(d.ending)) return [];
  const tl = tallies(d);
  const value = (k: (typeof CHAIN)[number], s: Side): number =>
    k === 'remaining-value' ? tl[s].remainingValue : k === 'hero-points' ? tl[s].heroPoints : k === 'body-count' ? bodyCount(tl[s]) : tl[s].kills;
  const upTo = j.decidedBy === 'perfect-draw' ? CHAIN.length : CHAIN.indexOf(j.decidedBy as (typeof CHAIN)[number]);
  return CHAIN.slice(0, upTo).map((k) => t('lotr.tie.equal', { label: t(`lotr.tie.${k}` as MessageKey), a: value(k, 'a'), b: value(k, 'b') }));
}

function buildLotrResult(d: LotrDraft, j: LotrJudgement, initial: GameResult | undefined, pairing: Pairing): GameResult {
  const points = isPointsEnding(d.ending);
  const side = (s: Side): SideResult => {
    const c = counted(d, s);
    const base = withoutLotrKeys(initial?.[s]);
    return {
      ...base,
      cp: typeof base.cp === 'number' ? base.cp : 0,
      apd: typeof base.apd === 'number' ? base.apd : 0,
      camp: campOf(d, s),
      points: j.points[s],
      bodyCount: bodyCount(c),
      kills: c.kills,
      survivors: c.survivors,
      losses: c.losses,
      // the tie chain's numbers only where the table gave them: nothing is invented
      ...(points && { remainingValue: positiveNumber(d.remaining[s]) ?? 0 }),
      ...(points && d.tieStep >= 1 && { heroPoints: positiveNumber(d.heroes[s]) ?? 0 }),
    };
  };
  return {
    ...initial,
    winner: j.winner === null ? null : pairing[j.winner],
    // the hand-over code carries only winner and how: 'scenario' (a victory condition) is
    // the 3-0, 'tiebreak' (the tie chain) the 2-1 and the 1.5-1.5
    how: j.victory === 'total' ? 'scenario' : 'tiebreak',
    ending: d.ending,
    a: side('a'),
    b: side('b'),
  };
}

/** What the numbers say against the chosen ending; the table may still know better. */
function countWarnings(d: LotrDraft, name: (s: Side) => string, t: Translate): string[] {
  const { ending, broken } = d;
  if (ending === null || ending === 'frodo-killed' || ending === 'frodo-escaped') return [];
  const out: string[] = [];
  for (const s of SIDES) {
    const c = counted(d, s);
    const models = c.survivors + c.losses;
    if (models === 0) continue;
    const isOut = isBroken({ models, lost: c.losses });
    const shouldBe = ending === 'both-broken' || (ending === 'army-broken' && broken === s);
    if (shouldBe && !isOut) out.push(t('lotr.result.warnNotBroken', { name: name(s) }));
    if (!shouldBe && isOut) out.push(t('lotr.result.warnBroken', { name: name(s) }));
  }
  return out;
}

/** The names the steps show: a player, and a player's camp. */
interface Names {
  name: (s: Side) => string;
  campName: (s: Side) => string;
}

function EndingStep({
  ending,
  setEnding,
  broken,
  setBroken,
  names,
}: {
  ending: LotrEnding | null;
  setEnding: (e: LotrEnding) => void;
  broken: Side | null;
  setBroken: (s: Side) => void;
  names: Names;
}) {
  const { t } = useI18n();
  return (
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
          options={SIDES.map((s) => ({ value: s, label: `${t('lotr.result.brokenOf', { name: names.name(s) })} (${names.campName(s)})` }))}
          onChange={setBroken}
        />
      )}
    </>
  );
}

/** The models left, lost and killed on each side, with what they say about the ending. */
function CountsStep({
  d,
  names,
  onSurvivors,
  onLosses,
  onKills,
}: {
  d: LotrDraft;
  names: Names;
  onSurvivors: (s: Side, v: string) => void;
  onLosses: (s: Side, v: string) => void;
  onKills: (s: Side, v: string) => void;
}) {
  const { t } = useI18n();
  const { name, campName } = names;
  const warned = countWarnings(d, name, t);
  return (
    <>
      <h3>{t('lotr.result.counts')}</h3>
      <div class="wizard-sides">
        {SIDES.map((s) => (
          <div class="panel result-side" key={s}>
            <h3>
              {name(s)} · {campName(s)}
            </h3>
            <NumberStepper label={t('lotr.result.survivors')} name={t('lotr.result.survivorsOf', { name: name(s) })} value={d.survivors[s]} onChange={(v) => onSurvivors(s, v)} />
            <NumberStepper label={t('lotr.result.losses')} name={t('lotr.result.lossesOf', { name: name(s) })} value={d.losses[s]} onChange={(v) => onLosses(s, v)} />
            <NumberStepper label={t('lotr.result.kills')} name={t('lotr.result.killsOf', { name: name(s) })} value={d.kills[s]} onChange={(v) => onKills(s, v)} />
            <p class="tools-line" data-testid={`body-count-${s}`}>
              {t('lotr.result.bodyCount', { n: (wholeNumber(d.survivors[s]) ?? 0) - (wholeNumber(d.losses[s]) ?? 0) })}
            </p>
          </div>
        ))}
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
    </>
  );
}

/** One typed criterion of the tie chain (remaining value, then hero points). */
function TieStep({ d, name, onChange }: { d: LotrDraft; name: (s: Side) => string; onChange: (values: Pair) => void }) {
  const { t } = useI18n();
  const key = TYPED_STEPS[d.tieStep];
  const values = d.tieStep === 0 ? d.remaining : d.heroes;
  const label = t(`lotr.tie.${key}` as MessageKey);
  return (
    <>
      {d.tieStep === 1 && (
        <p class="muted" data-testid="tie-passed">
          {t('lotr.tie.equal', { label: t('lotr.tie.remaining-value'), a: d.remaining.a, b: d.remaining.b })}
        </p>
      )}
      <h3>{t('lotr.tie.title', { n: d.tieStep + 1 })}</h3>
      <p class="tools-line">{label}</p>
      <div class="wizard-sides">
        {SIDES.map((s) => (
          <NumberStepper
            key={`${key}-${s}`}
            label={name(s)}
            name={t('lotr.tie.valueOf', { label, name: name(s) })}
            value={values[s]}
            onChange={(v) => onChange({ ...values, [s]: v })}
          />
        ))}
      </div>
    </>
  );
}

/** The judgement worded: the tie chain walked, what decided, the winner and each side's counts. */
function SummaryLines({ d, j, names }: { d: LotrDraft; j: LotrJudgement; names: Names }) {
  const { t } = useI18n();
  const { name, campName } = names;
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
  return (
    <>
      {chainLines(d, j, t).map((line, i) => (
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
          {t('lotr.result.summaryCounts', { name: name(s), bc: bodyCount(counted(d, s)), kills: counted(d, s).kills })}
        </p>
      ))}
    </>
  );
}

/** The wizard's state: one value per question, and the moves between steps with their checks. */
function useLotrDraft({ event, pairing, initial }: Pick<LotrResultWizardProps, 'event' | 'pairing' | 'initial'>) {
  const { t } = useI18n();
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const [step, setStep] = useState<Step>('camps');
  const [good, setGood] = useState<Side | null>(() => (initial?.a.camp === 'good' ? 'a' : initial?.b.camp === 'good' ? 'b' : null));
  const [ending, setEnding] = useState<LotrEnding | null>(() =>
    typeof initial?.ending === 'string' && (LOTR_ENDINGS as readonly string[]).includes(initial.ending) ? (initial.ending as LotrEnding) : null,
  );
  const [broken, setBroken] = useState<Side | null>(() => (initial?.ending === 'army-broken' && initial.winner !== null ? (initial.winner === pairing.a ? 'b' : 'a') : null));
  const [survivors, setSurvivors] = useState<Pair>(() => pairOf(initial, 'survivors'));
  const [losses, setLosses] = useState<Pair>(() => pairOf(initial, 'losses'));
  // kills follow the opponent's losses until the table types another number
  const [kills, setKills] = useState<Pair>(() => pairOf(initial, 'kills'));
  const [killsTyped, setKillsTyped] = useState<Record<Side, boolean>>(() => ({ a: typeof initial?.a.kills === 'number', b: typeof initial?.b.kills === 'number' }));
  const [remaining, setRemaining] = useState<Pair>(() => pairOf(initial, 'remainingValue', ''));
  const [heroes, setHeroes] = useState<Pair>(() => pairOf(initial, 'heroPoints', ''));
  const [tieStep, setTieStep] = useState<0 | 1>(0);
  const [errors, setErrors] = useState<string[]>([]);

  const killsOf = (s: Side): string => (killsTyped[s] ? kills[s] : losses[other(s)]);
  const d: LotrDraft = { good, ending, broken, survivors, losses, kills: { a: killsOf('a'), b: killsOf('b') }, remaining, heroes, tieStep };

  const go = (next: Step): void => {
    setErrors([]);
    setStep(next);
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
    const problems = [
      ...checkPair(survivors, (s) => t('lotr.result.survivorsOf', { name: name(s) }), wholeNumber, 'tools.error.wholeNumber'),
      ...checkPair(losses, (s) => t('lotr.result.lossesOf', { name: name(s) }), wholeNumber, 'tools.error.wholeNumber'),
      ...checkPair(d.kills, (s) => t('lotr.result.killsOf', { name: name(s) }), wholeNumber, 'tools.error.wholeNumber'),
    ];
    if (problems.length > 0) return setErrors(problems);
    if (isPointsEnding(ending)) {
      setTieStep(0);
      go('tie');
    } else go('summary');
  };
  const compare = (): void => {
    const label = t(`lotr.tie.${TYPED_STEPS[tieStep]}` as MessageKey);
    const values = tieStep === 0 ? remaining : heroes;
    const problems = checkPair(values, (s) => t('lotr.tie.valueOf', { label, name: name(s) }), positiveNumber, 'tools.error.number');
    if (problems.length > 0) return setErrors(problems);
    const [a, b] = [positiveNumber(values.a)!, positiveNumber(values.b)!];
    if (a === b && tieStep === 0) {
      setErrors([]);
      return setTieStep(1);
    }
    go('summary');
  };
  const backFromTie = (): void => {
    setErrors([]);
    if (tieStep === 1) setTieStep(0);
    else go('counts');
  };
  const setters = {
    setGood,
    setEnding,
    setBroken,
    onSurvivors: (s: Side, v: string) => setSurvivors({ ...survivors, [s]: v }),
    onLosses: (s: Side, v: string) => setLosses({ ...losses, [s]: v }),
    onKills: (s: Side, v: string) => {
      setKills({ ...kills, [s]: v });
      setKillsTyped({ ...killsTyped, [s]: true });
    },
    onTie: (values: Pair) => (tieStep === 0 ? setRemaining : setHeroes)(values),
  };
  return { d, step, go, errors, setErrors, setters, nextFromCamps, nextFromEnding, nextFromCounts, compare, backFromTie };
}

export function LotrResultWizard({ event, round, pairing, initial, onSubmit, onCancel }: LotrResultWizardProps) {
  const { t, lang } = useI18n();
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const { saving, error: saveError, save } = useSave(onSubmit);
  const { d, step, go, errors, setErrors, setters, nextFromCamps, nextFromEnding, nextFromCounts, compare, backFromTie } = useLotrDraft({ event, pairing, initial });
  const names: Names = { name, campName: (s) => t(campOf(d, s) === 'good' ? 'lotr.camp.good' : 'lotr.camp.evil') };

  const submit = (j: LotrJudgement): void => {
    const result = buildLotrResult(d, j, initial, pairing);
    const problems = blockingProblems('lotr-sbg', result, pairing, event.settings, lang);
    if (problems.length > 0) return setErrors(problems);
    setErrors([]);
    void save(result);
  };

  const j = step === 'summary' ? judgement(d)! : null;
  return (
    <section class="panel wizard tools-wizard" aria-label={t('lotr.result.title')}>
      <header>
        <h2>{t('lotr.result.title')}</h2>
        <p class="muted">{t('tools.context', { round: round.number, table: pairing.table })}</p>
      </header>
      {step === 'camps' && (
        <>
          <Choices label={t('lotr.result.camps')} value={d.good} options={SIDES.map((s) => ({ value: s, label: name(s) }))} onChange={setters.setGood} />
          {d.good && <p class="tools-line">{t('lotr.result.campLine', { good: name(d.good), evil: name(other(d.good)) })}</p>}
        </>
      )}
      {step === 'ending' && <EndingStep ending={d.ending} setEnding={setters.setEnding} broken={d.broken} setBroken={setters.setBroken} names={names} />}
      {step === 'counts' && <CountsStep d={d} names={names} onSurvivors={setters.onSurvivors} onLosses={setters.onLosses} onKills={setters.onKills} />}
      {step === 'tie' && <TieStep d={d} name={name} onChange={setters.onTie} />}
      {j && <SummaryLines d={d} j={j} names={names} />}
      <ErrorList errors={errors} />
      {step === 'camps' && <WizardNav onCancel={onCancel} saving={saving} onNext={nextFromCamps} />}
      {step === 'ending' && <WizardNav onCancel={onCancel} saving={saving} onBack={() => go('camps')} onNext={nextFromEnding} />}
      {step === 'counts' && <WizardNav onCancel={onCancel} saving={saving} onBack={() => go('ending')} onNext={nextFromCounts} />}
      {step === 'tie' && <WizardNav onCancel={onCancel} saving={saving} onBack={backFromTie} onNext={compare} nextLabel={t('lotr.tie.check')} />}
      {j && (
        <SaveRow saving={saving} saveError={saveError} onSave={() => submit(j)}>
          <button type="button" class="btn big" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </button>
          <button type="button" class="btn big" disabled={saving} onClick={() => go(isPointsEnding(d.ending) ? 'tie' : 'counts')}>
            {t('tools.edit')}
          </button>
        </SaveRow>
      )}
    </section>
  );
}
