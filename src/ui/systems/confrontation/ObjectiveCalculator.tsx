// The objective calculator of the Confrontation scenarios (CDR, ch.20 XX-C) for the table: each
// side's fighters around one or more objectives, their strength and value, who occupies (when
// the scenario gives thresholds) and who controls. The numbers come from domain/confrontation.
import { useRef, useState } from 'preact/hooks';
import {
  exclusion,
  fighterValue,
  objectivesState,
  POWER,
  type Exclusion,
  type Fighter,
  type FighterSize,
  type ObjectiveInput,
  type ObjectiveState,
  type WoundLevel,
} from '../../../domain/confrontation';
import { useI18n, type MessageKey } from '../../../i18n';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import { SIDES, ToolHeader, wholeNumber, type Side } from '../shared/wizard-parts';

export interface ObjectiveCalculatorProps {
  /** the two sides' names; "Camp A" / "Camp B" without */
  names?: { a: string; b: string };
  onClose?: () => void;
}

/** small and medium have the same power: one choice */
type SizeChoice = Exclude<FighterSize, 'small'>;
const SIZES: readonly SizeChoice[] = ['medium', 'large', 'very-large'];
const WOUNDS: readonly WoundLevel[] = ['none', 'light', 'serious', 'critical'];
const EXCLUSIONS: readonly Exclusion[] = ['routed', 'not-level-0', 'hidden', 'neutral', 'summoned-other-people', 'arrived-last-turn'];

interface FighterDraft {
  id: string;
  side: Side;
  /** "A1", "B3": kept for the fighter's life, so names do not move when one is removed */
  label: string;
  size: SizeChoice;
  value: string;
  wound: WoundLevel;
  flags: Exclusion[];
  objective: string;
}

interface ObjectiveDraft {
  id: string;
  n: number;
  strength: string;
  value: string;
}

function toFighter(d: FighterDraft): Fighter {
  const on = (e: Exclusion): boolean => d.flags.includes(e);
  return {
    id: d.id,
    size: d.size,
    strategicValue: wholeNumber(d.value) ?? 0,
    wound: d.wound,
    routed: on('routed'),
    level: on('not-level-0') ? 1 : 0,
    hidden: on('hidden'),
    neutral: on('neutral'),
    summoned: on('summoned-other-people'),
    samePeople: false,
    arrivedLastTurn: on('arrived-last-turn'),
  };
}

/** Empty: the scenario does not ask to occupy; a bad number is reported, not guessed. */
function thresholdOf(o: ObjectiveDraft): { threshold?: { strength: number; value: number }; bad: Array<'strength' | 'value'> } {
  const read = (raw: string): number | null | 'bad' => (raw.trim() === '' ? null : (wholeNumber(raw) ?? 'bad'));
  const [strength, value] = [read(o.strength), read(o.value)];
  const bad = [...(strength === 'bad' ? (['strength'] as const) : []), ...(value === 'bad' ? (['value'] as const) : [])];
  if (bad.length > 0 || (strength === null && value === null)) return { bad };
  return { threshold: { strength: (strength as number | null) ?? 0, value: (value as number | null) ?? 0 }, bad };
}

/** One objective: its occupation thresholds, each side's totals there and who controls it. */
function ObjectiveCard({
  o,
  result: r,
  removable,
  sideName,
  onRemove,
  onPatch,
}: {
  o: ObjectiveDraft;
  result: ObjectiveState | undefined;
  removable: boolean;
  sideName: (s: Side) => string;
  onRemove: () => void;
  onPatch: (change: Partial<ObjectiveDraft>) => void;
}) {
  const { t } = useI18n();
  const { bad } = thresholdOf(o);
  const label = (k: 'thresholdStrength' | 'thresholdValue'): string => t(`objectives.${k}`, { n: o.n });
  return (
    <div class="panel tools-objective" data-testid={`objective-${o.n}`}>
      <div class="toolbar">
        <h3>{t('objectives.objective', { n: o.n })}</h3>
        {removable && (
          <button type="button" class="btn danger" onClick={onRemove}>
            {t('objectives.removeObjective', { n: o.n })}
          </button>
        )}
      </div>
      <div class="tools-thresholds">
        <NumberStepper label={label('thresholdStrength')} name={label('thresholdStrength')} value={o.strength} onChange={(v) => onPatch({ strength: v })} />
        <NumberStepper label={label('thresholdValue')} name={label('thresholdValue')} value={o.value} onChange={(v) => onPatch({ value: v })} />
      </div>
      <p class="muted">{t('objectives.thresholdHint')}</p>
      {bad.length > 0 && (
        <p class="error" role="alert">
          {bad.map((k) => t('tools.error.wholeNumber', { label: label(k === 'strength' ? 'thresholdStrength' : 'thresholdValue') })).join(' ')}
        </p>
      )}
      {r && (
        <div class="tools-result" role="status">
          {SIDES.map((s) => (
            <p key={s} class="tools-line" data-testid={`totals-${o.n}-${s}`}>
              {t('objectives.totals', { side: sideName(s), strength: r[s].strength, value: r[s].value })}
              {r[s].occupies !== null && (
                <strong class={r[s].occupies ? 'tools-yes' : 'tools-no'} data-testid={`occupies-${o.n}-${s}`}>
                  {' · '}
                  {t(r[s].occupies ? 'objectives.occupies' : 'objectives.notOccupies', { side: sideName(s) })}
                </strong>
              )}
            </p>
          ))}
          <p class="tools-big" data-testid={`control-${o.n}`}>
            {r.control === 'tie' ? t('objectives.tie') : t('objectives.control', { side: sideName(r.control) })}
          </p>
        </div>
      )}
    </div>
  );
}

/** One fighter: size, value, wound, what excludes it, where it stands, and what it counts. */
function FighterCard({
  f,
  fighter,
  objectives,
  onCopy,
  onRemove,
  onPatch,
}: {
  f: FighterDraft;
  fighter: Fighter;
  objectives: readonly ObjectiveDraft[];
  onCopy: () => void;
  onRemove: () => void;
  onPatch: (change: Partial<FighterDraft>) => void;
}) {
  const { t } = useI18n();
  const why = exclusion(fighter);
  const who = t('objectives.fighter', { n: f.label });
  const badValue = wholeNumber(f.value) === null;
  return (
    <div class={why ? 'panel tools-fighter out' : 'panel tools-fighter'} data-testid={`fighter-${f.label}`}>
      <div class="toolbar">
        <strong>{who}</strong>
        <div class="row">
          <button type="button" class="btn" aria-label={t('objectives.duplicate', { fighter: who })} onClick={onCopy}>
            {t('objectives.copy')}
          </button>
          <button type="button" class="btn danger" aria-label={t('objectives.remove', { fighter: who })} onClick={onRemove}>
            ✕
          </button>
        </div>
      </div>
      <Choices
        compact
        label={t('objectives.size', { fighter: who })}
        value={f.size}
        options={SIZES.map((z) => ({ value: z, label: t(`objectives.size.${z}` as MessageKey) }))}
        onChange={(size) => onPatch({ size })}
      />
      <NumberStepper label={t('objectives.value')} name={t('objectives.valueOf', { fighter: who })} value={f.value} onChange={(value) => onPatch({ value })} />
      {badValue && (
        <p class="error" role="alert">
          {t('tools.error.wholeNumber', { label: t('objectives.valueOf', { fighter: who }) })}
        </p>
      )}
      <Choices
        compact
        label={t('objectives.wound', { fighter: who })}
        value={f.wound}
        options={WOUNDS.map((w) => ({ value: w, label: t(`objectives.wound.${w}` as MessageKey) }))}
        onChange={(wound) => onPatch({ wound })}
      />
      <details class="tools-exclusions" open={f.flags.length > 0}>
        <summary>{t('objectives.exclusions', { n: f.flags.length })}</summary>
        {EXCLUSIONS.map((e) => (
          <label key={e} class="check">
            <input
              type="checkbox"
              checked={f.flags.includes(e)}
              onChange={(ev) => {
                const on = ev.currentTarget.checked;
                onPatch({ flags: on ? [...f.flags, e] : f.flags.filter((x) => x !== e) });
              }}
            />
            {t(`objectives.ex.${e}` as MessageKey)}
          </label>
        ))}
      </details>
      {objectives.length > 1 && (
        <Choices
          compact
          label={t('objectives.where', { fighter: who })}
          value={f.objective}
          options={objectives.map((o) => ({ value: o.id, label: t('objectives.objective', { n: o.n }) }))}
          onChange={(objective) => onPatch({ objective })}
        />
      )}
      <p class="tools-line" data-testid={`fighter-line-${f.label}`}>
        {why
          ? t('objectives.excluded', { reason: t(`objectives.ex.${why}` as MessageKey) })
          : t('objectives.counts', { strength: POWER[fighter.size], value: fighterValue(fighter) })}
      </p>
    </div>
  );
}

/** One side's fighters, each its card. */
function SideFighters({
  mine,
  byId,
  objectives,
  onAdd,
  onRemove,
  onPatch,
}: {
  mine: readonly FighterDraft[];
  byId: ReadonlyMap<string, Fighter>;
  objectives: readonly ObjectiveDraft[];
  onAdd: (from: FighterDraft) => void;
  onRemove: (id: string) => void;
  onPatch: (id: string, change: Partial<FighterDraft>) => void;
}) {
  const { t } = useI18n();
  if (mine.length === 0) return <p class="muted">{t('objectives.none')}</p>;
  return (
    <>
      {mine.map((f) => (
        <FighterCard
          key={f.id}
          f={f}
          fighter={byId.get(f.id)!}
          objectives={objectives}
          onCopy={() => onAdd(f)}
          onRemove={() => onRemove(f.id)}
          onPatch={(change) => onPatch(f.id, change)}
        />
      ))}
    </>
  );
}

export function ObjectiveCalculator({ names, onClose }: ObjectiveCalculatorProps) {
  const { t } = useI18n();
  const sideName = (s: Side): string => names?.[s] ?? t(s === 'a' ? 'objectives.sideA' : 'objectives.sideB');
  const counters = useRef({ a: 0, b: 0, objective: 1 });
  const [objectives, setObjectives] = useState<ObjectiveDraft[]>([{ id: 'o1', n: 1, strength: '', value: '' }]);
  const [fighters, setFighters] = useState<FighterDraft[]>([]);

  const patch = (id: string, change: Partial<FighterDraft>): void => setFighters((all) => all.map((f) => (f.id === id ? { ...f, ...change } : f)));

  const newFighter = (side: Side, from?: FighterDraft): FighterDraft => {
    counters.current[side] += 1;
    const n = counters.current[side];
    const base = from ?? { size: 'medium' as const, value: '0', wound: 'none' as const, flags: [], objective: objectives[0]!.id };
    return { ...base, flags: [...base.flags], id: `${side}${n}`, side, label: `${side.toUpperCase()}${n}` };
  };

  const add = (side: Side, from?: FighterDraft): void => {
    const made = newFighter(side, from);
    setFighters((all) => [...all, made]);
  };

  const addObjective = (): void => {
    counters.current.objective += 1;
    const n = counters.current.objective;
    setObjectives([...objectives, { id: `o${n}`, n, strength: '', value: '' }]);
  };

  const removeObjective = (id: string): void => {
    const left = objectives.filter((o) => o.id !== id);
    setObjectives(left);
    // its fighters now count for the first objective left
    setFighters((all) => all.map((f) => (f.objective === id ? { ...f, objective: left[0]!.id } : f)));
  };

  const byId = new Map(fighters.map((f) => [f.id, toFighter(f)]));
  const inputs: ObjectiveInput[] = objectives.map((o) => ({
    id: o.id,
    threshold: thresholdOf(o).threshold,
    a: fighters.filter((f) => f.side === 'a' && f.objective === o.id).map((f) => f.id),
    b: fighters.filter((f) => f.side === 'b' && f.objective === o.id).map((f) => f.id),
  }));
  // one objective per fighter by construction, so the domain never refuses here
  const state = objectivesState(byId, inputs);
  const results = state.ok ? state.objectives : [];

  return (
    <section class="tools-screen objective-calculator" aria-label={t('objectives.title')}>
      <ToolHeader title={t('objectives.title')} onClose={onClose} />
      <p class="muted">{t('objectives.intro')}</p>

      <div class="tools-objectives">
        {objectives.map((o) => (
          <ObjectiveCard
            key={o.id}
            o={o}
            result={results.find((x) => x.id === o.id)}
            removable={objectives.length > 1}
            sideName={sideName}
            onRemove={() => removeObjective(o.id)}
            onPatch={(change) => setObjectives((all) => all.map((x) => (x.id === o.id ? { ...x, ...change } : x)))}
          />
        ))}
        <div class="row">
          <button type="button" class="btn" onClick={addObjective}>
            + {t('objectives.addObjective')}
          </button>
        </div>
      </div>

      {objectives.length > 1 && <p class="muted">{t('objectives.oneObjective')}</p>}
      <div class="wizard-sides">
        {SIDES.map((s) => (
          <div class="tools-side" key={s} data-testid={`side-${s}`}>
            <h3>{sideName(s)}</h3>
            <SideFighters
              mine={fighters.filter((f) => f.side === s)}
              byId={byId}
              objectives={objectives}
              onAdd={(from) => add(s, from)}
              onRemove={(id) => setFighters((all) => all.filter((x) => x.id !== id))}
              onPatch={patch}
            />
            <button type="button" class="btn big" onClick={() => add(s)}>
              + {t('objectives.addFighter', { side: sideName(s) })}
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
