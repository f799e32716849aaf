// The result of one table for any system but SR2011, generated from the system's `resultFields`:
// small whole-number ranges as big buttons (VP 0-3, turns 1-8), other numbers as steppers,
// yes/no bonuses as check boxes, choices as buttons. Derived values (TP, goal-average, totals)
// and the winner follow the entries live; `validateResult` refuses what the rules forbid, in
// words. Same props as the SR2011 ResultForm, so Rounds picks either through uiFor(system).ResultForm.
import { useMemo } from 'preact/hooks';
import { useSessionDraft } from '../../../use-session-draft';
import type { ResultField, SystemProblem } from '../../../../domain/systems';
import { systemProblemMessage } from '../../../../domain/systems';
import { useI18n } from '../../../../i18n';
import { Choices, NumberStepper, ResultHead, ResultTail, useResultSave } from './parts';
import type { ResultFormProps } from './ResultForm';
import { pointsText } from '../../../systems/shared/points';
import { formatNumber, hasMessage, isKnockout, readableParams, roundStage, stageLabel, systemOf, type Named } from '../../../systems/shared/model';
import { checkDraft, derivedFields, draftFrom, inputFields, pathOf, SIDES, setValue, type GenericDraft, type Side, type WinnerPick } from './field-draft';
import { typeset } from '../../../../i18n/typography';

/** Whole numbers with a short range read faster as one row of buttons than as a stepper. */
const CHOICE_RANGE = 8;

const asButtons = (f: ResultField): boolean => f.kind === 'integer' && f.min !== undefined && f.max !== undefined && f.max - f.min <= CHOICE_RANGE;

/** A stored draft of this form: its values and the organizer's pick. */
const isDraft = (v: unknown): v is GenericDraft => typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).values === 'object' && 'picked' in v;

export function GenericResultForm({ event, round, pairing, initial, atTable, onSubmit, onCancel, draftKey }: ResultFormProps) {
  const { t, lang } = useI18n();
  const system = systemOf(event);
  const settings = event.settings;
  const fields = useMemo(() => system.resultFields(settings), [system, settings]);
  const [draft, setDraft] = useSessionDraft<GenericDraft>(draftKey, () => draftFrom(fields, pairing, initial), isDraft);
  const saver = useResultSave(onSubmit);

  const nameOf = (id: string): string => event.players.find((p) => p.id === id)?.name ?? id;
  const name = (s: Side): string => nameOf(pairing[s]);
  const knockout = isKnockout(event);
  const checked = checkDraft(system, settings, draft, pairing, initial);

  const label = (f: ResultField): string => typeset(f.label[lang], lang);
  const choiceLabel = (f: ResultField, value: string): string => {
    const key = `systems.choice.${f.key}.${value}`;
    return hasMessage(key) ? t(key) : value;
  };
  const named: Named = useMemo(() => {
    const labels = new Map<string, string>();
    for (const f of fields) labels.set(f.key, label(f));
    return { names: new Map([pairing.a, pairing.b].map((id) => [id, nameOf(id)])), labels };
  }, [fields, lang, pairing.a, pairing.b]);

  /** "PV — Ana Duval : doit être au plus 3": the field the organizer sees, then the rule. */
  const problemText = (p: SystemProblem): string => {
    const text = p.code === 'winner-missing' ? t('systems.form.winnerMissing') : typeset(systemProblemMessage({ ...p, path: '', params: readableParams(p.params, named) }, lang), lang);
    const [head, key] = p.path.split('.') as [string, string | undefined];
    const field = fields.find((f) => f.key === (key ?? head));
    const where =
      p.path === 'winner'
        ? t('results.winner')
        : field && key !== undefined && (head === 'a' || head === 'b')
          ? t('systems.form.fieldOf', { label: label(field), name: name(head) })
          : field
            ? label(field)
            : p.path;
    return `${where}${t('common.colon')}${text}`;
  };

  const update = (path: string, value: string | boolean): void => setDraft((d) => setValue(system, settings, d, path, value, pairing, initial));

  const submit = (e: Event): Promise<void> => saver.submit(e, checked.errors.length > 0, () => checked.result);

  const input = (f: ResultField, side: Side | null) => {
    const path = pathOf(f, side ?? undefined);
    const value = draft.values[path];
    const shown = side ? t('systems.form.fieldOf', { label: label(f), name: name(side) }) : label(f);
    if (f.kind === 'boolean')
      return (
        <label class="check big-check" key={path}>
          <input type="checkbox" aria-label={shown} checked={value === true} onChange={(e) => update(path, e.currentTarget.checked)} />
          <span aria-hidden="true">{label(f)}</span>
        </label>
      );
    const current = typeof value === 'string' && value !== '' ? value : null;
    const unset = f.required ? [] : [{ value: '', label: t('systems.form.unset') }];
    if (f.kind === 'choice')
      return (
        <Choices
          key={path}
          label={label(f)}
          value={current ?? (f.required ? null : '')}
          options={[...(f.choices ?? []).map((c) => ({ value: c, label: choiceLabel(f, c) })), ...unset]}
          onChange={(v) => update(path, v)}
        />
      );
    if (asButtons(f)) {
      const options = Array.from({ length: f.max! - f.min! + 1 }, (_, i) => String(f.min! + i)).map((v) => ({ value: v, label: v }));
      return <Choices key={path} label={label(f)} value={current ?? (f.required ? null : '')} options={[...options, ...unset]} onChange={(v) => update(path, v)} />;
    }
    return <NumberStepper key={path} label={label(f)} name={shown} value={typeof value === 'string' ? value : ''} min={f.min ?? Number.NEGATIVE_INFINITY} onChange={(v) => update(path, v)} />;
  };

  const derivedLine = (f: ResultField, side: Side | null) => {
    const path = pathOf(f, side ?? undefined);
    const v = checked.derived.get(path);
    return (
      <p class="derived" key={path} data-testid={`derived-${path}`}>
        <span>{label(f)}</span> <strong>{v === undefined ? '—' : formatNumber(v, lang)}</strong>
      </p>
    );
  };

  const inputs = inputFields(fields);
  const derived = derivedFields(fields);
  const gameInputs = inputs.filter((f) => f.scope === 'game');
  const sideInputs = inputs.filter((f) => f.scope === 'side');
  // a block of optional numbers (LotR's tie-break tallies) folds away: most games never need them;
  // one or two (the CDR bonus, the challenge stakes) stay in sight
  const optionalNumber = (f: ResultField): boolean => !f.required && (f.kind === 'integer' || f.kind === 'number') && !asButtons(f);
  const foldOptional = sideInputs.filter(optionalNumber).length >= 3;
  const folded = (f: ResultField): boolean => foldOptional && optionalNumber(f);

  const winnerOptions: Array<{ value: WinnerPick; label: string }> = [
    { value: 'a', label: name('a') },
    ...(knockout ? [] : [{ value: 'draw' as const, label: t('results.draw') }]),
    { value: 'b', label: name('b') },
  ];

  const stage = roundStage(round);
  const context = stage
    ? t('systems.form.contextStage', { round: round.number, table: pairing.table, stage: stageLabel(stage, t) })
    : t('results.context', { round: round.number, table: pairing.table });

  const consequence = (() => {
    if (checked.winner === null || checked.errors.length > 0) return null;
    if (knockout) {
      const w = checked.winner === 'draw' ? null : name(checked.winner);
      if (w === null) return null;
      return stage === 'final' ? t('systems.form.champion', { name: w }) : t('systems.form.through', { name: w });
    }
    const score = system.scoreGame(checked.result, pairing, settings);
    return t('systems.form.consequence', { a: name('a'), pa: pointsText(event, score.a, t, lang), b: name('b'), pb: pointsText(event, score.b, t, lang) });
  })();

  const sidePanel = (s: Side) => {
    const shown = sideInputs.filter((f) => !folded(f));
    const extra = sideInputs.filter(folded);
    return (
      <fieldset class="result-side panel" key={s}>
        <legend>{name(s)}</legend>
        {/* what the entries give, at the top where it stays in sight while numbers are typed */}
        {derived.filter((f) => f.scope === 'side').map((f) => derivedLine(f, s))}
        {shown.map((f) => input(f, s))}
        {extra.length > 0 && (
          <details class="result-extra" open={extra.some((f) => draft.values[pathOf(f, s)] !== '')}>
            <summary>{t('systems.form.details')}</summary>
            {extra.map((f) => input(f, s))}
          </details>
        )}
      </fieldset>
    );
  };

  return (
    <form class="form result-form generic-result" onSubmit={submit} noValidate data-system={event.system}>
      <ResultHead correcting={Boolean(initial)} atTable={atTable} context={context} />

      <div class="winner-line">
        <Choices
          label={t('results.winner')}
          value={checked.winner}
          options={winnerOptions}
          onChange={(picked) => setDraft((d) => ({ ...d, picked }))}
        />
        {checked.inferred !== null && draft.picked === null && (
          <p class="muted" data-testid="winner-inferred">
            {t('systems.form.winnerInferred')}
          </p>
        )}
      </div>

      {(gameInputs.length > 0 || derived.some((f) => f.scope === 'game')) && (
        <div class="result-game">
          {gameInputs.map((f) => input(f, null))}
          {derived.filter((f) => f.scope === 'game').map((f) => derivedLine(f, null))}
        </div>
      )}

      <div class="result-sides">{SIDES.map(sidePanel)}</div>

      <ResultTail consequence={consequence} warnings={checked.warnings.map(problemText)} errors={checked.errors.map(problemText)} state={saver} onCancel={onCancel} />
    </form>
  );
}

