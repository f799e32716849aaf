// Small touch-first inputs shared by the result forms, their helpers and the time-out wizard, and
// the frame every result form shares: saving, heading and the tail (consequence, problems, buttons).
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { GameResult } from '../../../../domain/event-file';
import { useI18n, type MessageKey } from '../../../../i18n';
import { saveErrorMessage } from '../../../errors';
import { parseNumber } from './result-draft';

interface StepperProps {
  /** shown above the number */
  label: string;
  /** the input's accessible name, which also names the player ("Points de contrôle de Ana Duval") */
  name: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  /** small counts set in one tap on the value (CP: 0 1 2 3 4 5), not one « + » per point */
  quick?: readonly number[];
}

/** A big number with big - and + buttons; typing stays possible (and is checked by the caller). */
export function NumberStepper({ label, name, value, onChange, min = 0, quick }: StepperProps) {
  const { t } = useI18n();
  const step = (delta: number): void => {
    const n = parseNumber(value) ?? 0;
    onChange(String(Math.max(min, Math.floor(n) + delta)));
  };
  return (
    <div class="stepper">
      <span class="stepper-label">{label}</span>
      <div class="stepper-row">
        <button type="button" class="btn" aria-label={t('results.decrease', { label: name })} onClick={() => step(-1)}>
          −
        </button>
        <input type="text" inputMode="numeric" autoComplete="off" aria-label={name} value={value} onInput={(e) => onChange(e.currentTarget.value)} />
        <button type="button" class="btn" aria-label={t('results.increase', { label: name })} onClick={() => step(1)}>
          +
        </button>
      </div>
      {quick && (
        <div class="stepper-quick" role="group" aria-label={name}>
          {quick.map((n) => (
            <button key={n} type="button" class={value.trim() === String(n) ? 'btn primary' : 'btn'} aria-pressed={value.trim() === String(n)} onClick={() => onChange(String(n))}>
              {n}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoicesProps<T extends string> {
  label: string;
  value: T | null;
  options: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
  /** a smaller row, for the helpers' lines */
  compact?: boolean;
}

/** Native radio buttons drawn as big buttons: one tap, keyboard and screen readers for free. */
export function Choices<T extends string>({ label, value, options, onChange, compact }: ChoicesProps<T>) {
  const id = useId();
  return (
    <div class={compact ? 'choices compact' : 'choices'} role="radiogroup" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} class="choices-label">
        {label}
      </span>
      <div class="choices-row">
        {options.map((o) => (
          <label key={o.value} class={o.value === value ? 'choice on' : 'choice'}>
            <input type="radio" name={id} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </div>
  );
}

export interface MarkRow<M extends string> {
  label: string;
  marks: readonly M[];
  mark: M;
  points: number;
}

interface MarkRowsProps<M extends string> {
  rows: ReadonlyArray<MarkRow<M>>;
  markLabel: (mark: M) => string;
  onMark: (index: number, mark: M) => void;
}

/** One line per list entry: what happened to it, and the points the rules give for it. */
export function MarkRows<M extends string>({ rows, markLabel, onMark }: MarkRowsProps<M>) {
  const { t } = useI18n();
  return (
    <ul class="mark-rows">
      {rows.map((r, i) => (
        <li key={i} class="mark-row">
          <Choices compact label={r.label} value={r.mark} options={r.marks.map((m) => ({ value: m, label: markLabel(m) }))} onChange={(m) => onMark(i, m)} />
          <strong class="mark-points" data-testid={`points-${i}`}>
            {t('results.apdHelper.points', { n: r.points })}
          </strong>
        </li>
      ))}
    </ul>
  );
}

/** onSubmit with one write at a time, and the reason shown when the write fails. */
export function useSave(onSubmit: (result: GameResult) => Promise<void>) {
  const { t } = useI18n();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const save = async (result: GameResult): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setError(null);
    try {
      await onSubmit(result);
    } catch (err) {
      if (mounted.current) setError(saveErrorMessage(err, t));
    } finally {
      busy.current = false;
      if (mounted.current) setSaving(false);
    }
  };
  return { saving, error, save };
}

/** A result form's submit: marks the form as tried (its errors show), then saves when nothing refuses it. */
export function useResultSave(onSubmit: (result: GameResult) => Promise<void>) {
  const [tried, setTried] = useState(false);
  const { saving, error, save } = useSave(onSubmit);
  const submit = async (e: Event, hasErrors: boolean, build: () => GameResult): Promise<void> => {
    e.preventDefault();
    setTried(true);
    if (!hasErrors) await save(build());
  };
  return { tried, saving, saveError: error, submit };
}

export function ResultHead({ correcting, atTable, context }: { correcting: boolean; atTable?: boolean; context: string }) {
  const { t } = useI18n();
  return (
    <header>
      <h2>{atTable ? t('results.title.table') : correcting ? t('results.title.correct') : t('results.title.new')}</h2>
      <p class="muted">{context}</p>
    </header>
  );
}

export function ErrorList({ errors, title = 'tools.errorsTitle' }: { errors: readonly string[]; title?: MessageKey }) {
  const { t } = useI18n();
  if (errors.length === 0) return null;
  return (
    <div class="panel result-errors" role="alert">
      <strong>{t(title)}</strong>
      <ul class="error">
        {errors.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/** Why the last save failed, then the buttons: `children` (Cancel, Edit...) and Save (a submit button without `onSave`). */
export function SaveRow({ saving, saveError, onSave, children }: { saving: boolean; saveError: string | null; onSave?: () => void; children: ComponentChildren }) {
  const { t } = useI18n();
  return (
    <>
      {saveError && (
        <p class="error" role="alert">
          {saveError}
        </p>
      )}
      <div class="row end">
        {children}
        <button type={onSave ? 'button' : 'submit'} class="btn primary big" disabled={saving} onClick={onSave}>
          {saving ? t('results.saving') : t('results.submit')}
        </button>
      </div>
    </>
  );
}

/**
 * The end of a result form: what the result gives, what to double-check, what refuses it (once
 * the organizer tried to save), why the last save failed, then Cancel and Save.
 */
export function ResultTail({
  consequence,
  warnings,
  errors,
  state,
  onCancel,
}: {
  consequence: string | null;
  warnings: readonly string[];
  errors: readonly string[];
  state: { tried: boolean; saving: boolean; saveError: string | null };
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {consequence && (
        <p class="result-consequence" data-testid="result-consequence">
          {consequence}
        </p>
      )}
      {warnings.length > 0 && (
        <div class="panel result-warnings" role="status">
          <strong>{t('results.warningsTitle')}</strong>
          <ul>
            {warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <ErrorList errors={state.tried ? errors : []} title="results.errorsTitle" />
      <SaveRow saving={state.saving} saveError={state.saveError}>
        <button type="button" class="btn big" onClick={onCancel} disabled={state.saving}>
          {t('common.cancel')}
        </button>
      </SaveRow>
    </>
  );
}
