// Time ran out with no winner: the four SR2011 conditions one at a time, stopping at the first
// that decides (decideAtTime) and saying which. Under "no tiebreakers" a time-out is a draw.
import { useState } from 'preact/hooks';
import type { ArmyList, EventFile, Pairing, PlayerId, Round } from '../../../domain/event-file';
import { decideAtTime, timeOutOptions, type TimeOutDecision, type TimeOutSide } from '../../../domain/sr2011';
import { useI18n, type MessageKey, type Translate } from '../../../i18n';
import { ApdHelper } from './ApdHelper';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import { nameOf, other, parseNumber, playerOf, type Side } from '../../screens/event/results/result-draft';
import { SIDES, type Pair } from '../shared/wizard-parts';
import { playedList, type Issue } from './result-draft';
import { ZoneHelper } from './ZoneHelper';

export interface TimeOutOutcome {
  /** player id, or null for a draw */
  winner: PlayerId | null;
  how: 'tiebreak';
  /** the condition that decided (1..4), null for a draw */
  step: TimeOutDecision['step'];
  decidedBy: TimeOutDecision['decidedBy'];
  /** control points as entered at step 2; absent when the game was decided before */
  cp?: { a: number; b: number };
  /** army points each player destroyed, as entered at step 4; absent when decided before */
  apd?: { a: number; b: number };
}

export interface TimeOutSeed {
  cp?: number | null;
  apd?: number | null;
  listIndex?: number | null;
}

export interface TimeOutWizardProps {
  event: EventFile;
  round: Round;
  pairing: Pairing;
  /** the form's values: CP and APD pre-fill steps 2 and 4, listIndex picks the lists for the helpers */
  initial?: { a?: TimeOutSeed; b?: TimeOutSeed };
  onDone: (outcome: TimeOutOutcome) => void;
  onCancel: () => void;
}

type Step = 1 | 2 | 3 | 4;

const REASON_KEYS: Record<string, MessageKey> = {
  casters: 'results.timeout.reason.casters',
  'control-points': 'results.timeout.reason.control-points',
  'army-points-in-zone': 'results.timeout.reason.army-points-in-zone',
  'objectives-in-own-half': 'results.timeout.reason.objectives-in-own-half',
  'army-points-lost': 'results.timeout.reason.army-points-lost',
};

const STEP_KEYS: Record<Step, MessageKey> = {
  1: 'results.timeout.step1',
  2: 'results.timeout.step2',
  3: 'results.timeout.step3',
  4: 'results.timeout.step4',
};

/** What the table typed at each step, one text per side. */
interface Entered {
  casters: Pair;
  cp: Pair;
  zone: Pair;
  objectives: Pair;
  apd: Pair;
}

/** The refusals of one step's values (step 1 offers only choices, so nothing to refuse). */
function checkStep(step: Step, v: Entered, grind: boolean, name: (s: Side) => string, t: Translate): Issue[] {
  const out: Issue[] = [];
  for (const side of SIDES) {
    const who = name(side);
    if (step === 2) {
      const raw = v.cp[side].trim();
      const n = parseNumber(raw);
      if (n === null) out.push({ key: 'results.error.cpMissing', params: { name: who } });
      else if (n < 0) out.push({ key: 'results.error.cpNegative', params: { name: who, value: raw } });
      else if (!Number.isInteger(n)) out.push({ key: 'results.error.cpNotInteger', params: { name: who, value: raw } });
    }
    if (step === 3) {
      const raw = (grind ? v.objectives : v.zone)[side].trim();
      const label = t(grind ? 'results.timeout.objectivesOf' : 'results.timeout.zoneOf', { name: who });
      const n = parseNumber(raw);
      if (n === null) out.push({ key: 'results.error.countMissing', params: { label } });
      else if (n < 0) out.push({ key: 'results.error.countNegative', params: { label, value: raw } });
    }
    if (step === 4) {
      const raw = v.apd[side].trim();
      const n = parseNumber(raw);
      if (n === null) out.push({ key: 'results.error.apdMissing', params: { name: who } });
      else if (n < 0) out.push({ key: 'results.error.apdNegative', params: { name: who, value: raw } });
    }
  }
  return out;
}

const num = (p: Pair, s: Side): number => parseNumber(p[s]) ?? 0;

/** The values of the steps up to `upTo`; later steps count as equal (0), so they cannot decide. */
function sidesUpTo(upTo: Step, v: Entered, grind: boolean): Record<Side, TimeOutSide> {
  const make = (s: Side): TimeOutSide => ({
    castersInPlay: Number(v.casters[s]),
    cp: upTo >= 2 ? num(v.cp, s) : 0,
    zonePoints: upTo >= 3 && !grind ? num(v.zone, s) : 0,
    objectivesInOwnHalf: upTo >= 3 && grind ? num(v.objectives, s) : 0,
    apd: upTo >= 4 ? num(v.apd, s) : 0,
  });
  return { a: make('a'), b: make('b') };
}

/** The decision worded, with the way back to the steps (unless a time-out is simply a draw). */
function DecisionShown({
  decision,
  noTiebreakers,
  name,
  onCancel,
  onEdit,
  onUse,
}: {
  decision: TimeOutDecision;
  noTiebreakers: boolean;
  name: (s: Side) => string;
  onCancel: () => void;
  onEdit: () => void;
  onUse: () => void;
}) {
  const { t } = useI18n();
  const said =
    decision.decidedBy === 'no-tiebreakers'
      ? t('results.timeout.noTiebreakers')
      : decision.decidedBy === 'all-equal'
        ? t('results.timeout.allEqual')
        : t('results.timeout.decided', { step: decision.step ?? 0, reason: t(REASON_KEYS[decision.decidedBy]!) });
  return (
    <section class="panel wizard" aria-label={t('results.timeout.title')}>
      <h2>{t('results.timeout.title')}</h2>
      <p class="wizard-decision" role="status">
        {said}
      </p>
      <p class="result-consequence">{decision.winner === null ? t('results.timeout.draw') : t('results.timeout.winner', { name: name(decision.winner) })}</p>
      <div class="row end">
        <button type="button" class="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {!noTiebreakers && (
          <button type="button" class="btn" onClick={onEdit}>
            {t('results.timeout.edit')}
          </button>
        )}
        <button type="button" class="btn primary big" onClick={onUse}>
          {t('results.timeout.use')}
        </button>
      </div>
    </section>
  );
}

/** One step's fields, one per side. */
function StepFields({ step, grind, values, setValues, name }: { step: Step; grind: boolean; values: Entered; setValues: (v: Entered) => void; name: (s: Side) => string }) {
  const { t } = useI18n();
  const pairFields = (key: Exclude<keyof Entered, 'casters'>, label: (s: Side) => string) =>
    SIDES.map((s) => (
      <NumberStepper key={s} label={name(s)} name={label(s)} value={values[key][s]} onChange={(v) => setValues({ ...values, [key]: { ...values[key], [s]: v } })} />
    ));
  return (
    <div class="wizard-sides">
      {step === 1 &&
        SIDES.map((s) => (
          <Choices
            key={s}
            label={t('results.timeout.castersOf', { name: name(s) })}
            value={values.casters[s]}
            options={[
              { value: '0', label: '0' },
              { value: '1', label: '1' },
            ]}
            onChange={(v) => setValues({ ...values, casters: { ...values.casters, [s]: v } })}
          />
        ))}
      {step === 2 && pairFields('cp', (s) => t('results.cpOf', { name: name(s) }))}
      {step === 3 && grind && pairFields('objectives', (s) => t('results.timeout.objectivesOf', { name: name(s) }))}
      {step === 3 && !grind && pairFields('zone', (s) => t('results.timeout.zoneOf', { name: name(s) }))}
      {step === 4 && pairFields('apd', (s) => t('results.apdOf', { name: name(s) }))}
    </div>
  );
}

/** The zone (step 3) and APD (step 4) helpers: a button per side, the open helper below. */
function StepHelpers({
  step,
  helper,
  setHelper,
  list,
  name,
  onUse,
}: {
  step: 3 | 4;
  helper: Side | null;
  setHelper: (s: Side | null) => void;
  list: (s: Side) => ArmyList | null;
  name: (s: Side) => string;
  onUse: (s: Side, n: number) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <div class="row">
        {SIDES.map((s) => (
          <button key={s} type="button" class="btn" aria-expanded={helper === s} onClick={() => setHelper(helper === s ? null : s)}>
            {step === 3 ? t('results.timeout.zoneHelperOpen', { name: name(s) }) : t('results.apdHelperOpen', { name: name(other(s)) })}
          </button>
        ))}
      </div>
      {helper && step === 3 && <ZoneHelper key={`zone-${helper}`} list={list(helper)} owner={name(helper)} onUse={(n) => onUse(helper, n)} onClose={() => setHelper(null)} />}
      {helper && step === 4 && (
        <ApdHelper key={`apd-${helper}`} list={list(other(helper))} owner={name(other(helper))} onUse={(n) => onUse(helper, n)} onClose={() => setHelper(null)} />
      )}
    </>
  );
}

/** The step's refusals, then cancel, back and next. */
function StepNav({ step, errors, onCancel, onBack, onNext }: { step: Step; errors: readonly Issue[]; onCancel: () => void; onBack: () => void; onNext: () => void }) {
  const { t } = useI18n();
  return (
    <>
      {errors.length > 0 && (
        <ul class="error result-errors" role="alert">
          {errors.map((e, i) => (
            <li key={i}>{t(e.key, e.params)}</li>
          ))}
        </ul>
      )}
      <div class="row end">
        <button type="button" class="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {step > 1 && (
          <button type="button" class="btn" onClick={onBack}>
            {t('results.timeout.back')}
          </button>
        )}
        <button type="button" class="btn primary big" onClick={onNext}>
          {step === 4 ? t('results.timeout.finish') : t('results.timeout.next')}
        </button>
      </div>
    </>
  );
}

export function TimeOutWizard({ event, round, pairing, initial, onDone, onCancel }: TimeOutWizardProps) {
  const { t } = useI18n();
  const options = timeOutOptions(event.settings.variants, round.scenario);
  const grind = options.tiebreak3 === 'objectives-in-own-half';
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const seed = (s: Side, k: 'cp' | 'apd'): string => {
    const v = initial?.[s]?.[k];
    return typeof v === 'number' && Number.isFinite(v) ? String(v) : '0';
  };
  const list = (s: Side) => playedList(playerOf(event, pairing[s]), initial?.[s]?.listIndex);

  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<Entered>(() => ({
    casters: { a: '1', b: '1' },
    cp: { a: seed('a', 'cp'), b: seed('b', 'cp') },
    zone: { a: '0', b: '0' },
    objectives: { a: '0', b: '0' },
    apd: { a: seed('a', 'apd'), b: seed('b', 'apd') },
  }));
  const [helper, setHelper] = useState<Side | null>(null);
  const [errors, setErrors] = useState<Issue[]>([]);
  const [decision, setDecision] = useState<TimeOutDecision | null>(() => (options.noTiebreakers ? decideAtTime(side0(), side0(), options) : null));

  const next = (): void => {
    const problems = checkStep(step, values, grind, name, t);
    setErrors(problems);
    if (problems.length > 0) return;
    const { a, b } = sidesUpTo(step, values, grind);
    const d = decideAtTime(a, b, options);
    setHelper(null);
    if (d.step !== null || step === 4) setDecision(d);
    else setStep((step + 1) as Step);
  };

  const use = (): void => {
    if (!decision) return;
    const out: TimeOutOutcome = {
      winner: decision.winner === null ? null : pairing[decision.winner],
      how: 'tiebreak',
      step: decision.step,
      decidedBy: decision.decidedBy,
    };
    // what the table entered on the way feeds the form; nothing is invented for steps not reached
    if (!options.noTiebreakers && step >= 2) out.cp = { a: num(values.cp, 'a'), b: num(values.cp, 'b') };
    if (!options.noTiebreakers && step >= 4) out.apd = { a: num(values.apd, 'a'), b: num(values.apd, 'b') };
    onDone(out);
  };

  if (decision)
    return <DecisionShown decision={decision} noTiebreakers={options.noTiebreakers === true} name={name} onCancel={onCancel} onEdit={() => setDecision(null)} onUse={use} />;

  const stepTitle = step === 3 && grind ? t('results.timeout.step3Grind') : t(STEP_KEYS[step]);
  return (
    <section class="panel wizard" aria-label={t('results.timeout.title')}>
      <h2>{t('results.timeout.title')}</h2>
      <p class="muted">{t('results.timeout.stepOf', { step })}</p>
      <h3>{stepTitle}</h3>
      <StepFields step={step} grind={grind} values={values} setValues={setValues} name={name} />
      {step === 3 && options.tiebreak3 === 'not-provided' && <p class="muted">{t('results.timeout.noScenarioText')}</p>}
      {(step === 4 || (step === 3 && !grind)) && (
        <StepHelpers
          step={step}
          helper={helper}
          setHelper={setHelper}
          list={list}
          name={name}
          onUse={(s, n) => {
            const key = step === 3 ? 'zone' : 'apd';
            setValues({ ...values, [key]: { ...values[key], [s]: String(n) } });
            setHelper(null);
          }}
        />
      )}
      <StepNav
        step={step}
        errors={errors}
        onCancel={onCancel}
        onBack={() => {
          setErrors([]);
          setHelper(null);
          setStep((step - 1) as Step);
        }}
        onNext={next}
      />
    </section>
  );
}

function side0(): TimeOutSide {
  return { castersInPlay: 0, cp: 0, zonePoints: 0, apd: 0 };
}
