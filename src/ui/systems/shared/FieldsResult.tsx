// The result parts generated from a system's `resultFields` (Confrontation, and any new system
// before it brings its own): small whole-number ranges as big buttons (VP 0-3, turns 1-8), other
// numbers as steppers, yes/no bonuses as check boxes, choices as buttons. Derived values (TP,
// goal-average, totals) and the winner follow the entries live; `validateResult` refuses what
// the rules forbid, in words.
import { useMemo } from 'preact/hooks';
import type { ResultField, SystemProblem } from '../../../domain/systems';
import { systemProblemMessage } from '../../../domain/systems';
import type { Lang, Translate } from '../../../i18n';
import { typeset } from '../../../i18n/typography';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import { nameOf, type ResultContext, type ResultDraft, type ResultPartProps, type ResultParts, type Side } from '../../screens/event/results/result-draft';
import { checkDraft, derivedFields, draftFrom, inputFields, pathOf, setValue } from './field-draft';
import { formatNumber, hasMessage, isKnockout, readableParams, roundStage, stageLabel, systemOf, type Named } from './model';
import { pointsText } from './points';

/** Whole numbers with a short range read faster as one row of buttons than as a stepper. */
const CHOICE_RANGE = 8;

const asButtons = (f: ResultField): boolean => f.kind === 'integer' && f.min !== undefined && f.max !== undefined && f.max - f.min <= CHOICE_RANGE;

const fieldsOf = ({ event }: Pick<ResultContext, 'event'>): readonly ResultField[] => systemOf(event).resultFields(event.settings);

const labelOf = (f: ResultField, lang: Lang): string => typeset(f.label[lang], lang);

/** "PV — Ana Duval : doit être au plus 3": the field the organizer sees, then the rule. */
function problemText(p: SystemProblem, fields: readonly ResultField[], ctx: ResultContext): string {
  const { event, pairing, t, lang } = ctx;
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const named: Named = {
    names: new Map([pairing.a, pairing.b].map((id) => [id, nameOf(event, id)])),
    labels: new Map(fields.map((f) => [f.key, labelOf(f, lang)])),
  };
  const text =
    p.code === 'winner-missing' ? t('systems.form.winnerMissing') : typeset(systemProblemMessage({ ...p, path: '', params: readableParams(p.params, named) }, lang), lang);
  const [head, key] = p.path.split('.') as [string, string | undefined];
  const field = fields.find((f) => f.key === (key ?? head));
  const where =
    p.path === 'winner'
      ? t('results.winner')
      : field && key !== undefined && (head === 'a' || head === 'b')
        ? t('systems.form.fieldOf', { label: labelOf(field, lang), name: name(head) })
        : field
          ? labelOf(field, lang)
          : p.path;
  return `${where}${t('common.colon')}${text}`;
}

function check(draft: ResultDraft, ctx: ResultContext) {
  const { event, pairing, initial, t, lang } = ctx;
  const system = systemOf(event);
  const fields = fieldsOf(ctx);
  const checked = checkDraft(system, event.settings, draft, pairing, initial);
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const consequence = (() => {
    if (checked.winner === null || checked.errors.length > 0) return null;
    if (isKnockout(event)) {
      if (checked.winner === 'draw') return null;
      const w = name(checked.winner);
      return roundStage(ctx.round) === 'final' ? t('systems.form.champion', { name: w }) : t('systems.form.through', { name: w });
    }
    const score = system.scoreGame(checked.result, pairing, event.settings);
    return t('systems.form.consequence', { a: name('a'), pa: pointsText(event, score.a, t, lang), b: name('b'), pb: pointsText(event, score.b, t, lang) });
  })();
  return {
    result: checked.result,
    winner: checked.winner,
    inferred: checked.inferred,
    errors: checked.errors.map((p) => problemText(p, fields, ctx)),
    warnings: checked.warnings.map((p) => problemText(p, fields, ctx)),
    consequence,
  };
}

/** One field's input (side null: a field of the whole game). */
function FieldInput({
  f,
  side,
  draft,
  setDraft,
  event,
  pairing,
  initial,
  t,
  lang,
}: Omit<ResultPartProps, 'checked' | 'showInstead' | 'round'> & { f: ResultField; side: Side | null }) {
  const path = pathOf(f, side ?? undefined);
  const value = draft.values[path];
  const label = labelOf(f, lang);
  const shown = side ? t('systems.form.fieldOf', { label, name: nameOf(event, pairing[side]) }) : label;
  const update = (v: string | boolean): void => setDraft((d) => setValue(systemOf(event), event.settings, d, path, v, pairing, initial));
  if (f.kind === 'boolean')
    return (
      <label class="check big-check">
        <input type="checkbox" aria-label={shown} checked={value === true} onChange={(e) => update(e.currentTarget.checked)} />
        <span aria-hidden="true">{label}</span>
      </label>
    );
  const current = typeof value === 'string' && value !== '' ? value : null;
  const unset = f.required ? [] : [{ value: '', label: t('systems.form.unset') }];
  if (f.kind === 'choice') {
    const choiceLabel = (c: string): string => {
      const key = `systems.choice.${f.key}.${c}`;
      return hasMessage(key) ? t(key) : c;
    };
    return (
      <Choices
        label={label}
        value={current ?? (f.required ? null : '')}
        options={[...(f.choices ?? []).map((c) => ({ value: c, label: choiceLabel(c) })), ...unset]}
        onChange={update}
      />
    );
  }
  if (asButtons(f)) {
    const options = Array.from({ length: f.max! - f.min! + 1 }, (_, i) => String(f.min! + i)).map((v) => ({ value: v, label: v }));
    return <Choices label={label} value={current ?? (f.required ? null : '')} options={[...options, ...unset]} onChange={update} />;
  }
  return <NumberStepper label={label} name={shown} value={typeof value === 'string' ? value : ''} min={f.min ?? Number.NEGATIVE_INFINITY} onChange={update} />;
}

function DerivedLine({ f, side, ctx }: { f: ResultField; side: Side | null; ctx: ResultPartProps }) {
  const path = pathOf(f, side ?? undefined);
  // the saved result carries its derived values (withDerived): the same numbers the file will hold
  const r = ctx.checked.result;
  const v = r === null ? undefined : side === null ? r[f.key] : r[side][f.key];
  return (
    <p class="derived" data-testid={`derived-${path}`}>
      <span>{labelOf(f, ctx.lang)}</span> <strong>{typeof v === 'number' ? formatNumber(v, ctx.lang) : '—'}</strong>
    </p>
  );
}

function useFields(props: ResultPartProps) {
  const { event } = props;
  return useMemo(() => fieldsOf({ event }), [event]);
}

function Game(props: ResultPartProps) {
  const fields = useFields(props);
  const gameInputs = inputFields(fields).filter((f) => f.scope === 'game');
  const gameDerived = derivedFields(fields).filter((f) => f.scope === 'game');
  if (gameInputs.length === 0 && gameDerived.length === 0) return null;
  return (
    <div class="result-game">
      {gameInputs.map((f) => (
        <FieldInput key={pathOf(f)} {...props} f={f} side={null} />
      ))}
      {gameDerived.map((f) => (
        <DerivedLine key={pathOf(f)} f={f} side={null} ctx={props} />
      ))}
    </div>
  );
}

function SidePanel(props: ResultPartProps & { side: Side }) {
  const { side: s, draft, event, pairing, t } = props;
  const fields = useFields(props);
  const sideInputs = inputFields(fields).filter((f) => f.scope === 'side');
  // a block of optional numbers (LotR's tie-break tallies) folds away: most games never need them;
  // one or two (the CDR bonus, the challenge stakes) stay in sight
  const optionalNumber = (f: ResultField): boolean => !f.required && (f.kind === 'integer' || f.kind === 'number') && !asButtons(f);
  const foldOptional = sideInputs.filter(optionalNumber).length >= 3;
  const folded = (f: ResultField): boolean => foldOptional && optionalNumber(f);
  const shown = sideInputs.filter((f) => !folded(f));
  const extra = sideInputs.filter(folded);
  return (
    <fieldset class="result-side panel">
      <legend>{nameOf(event, pairing[s])}</legend>
      {/* what the entries give, at the top where it stays in sight while numbers are typed */}
      {derivedFields(fields)
        .filter((f) => f.scope === 'side')
        .map((f) => (
          <DerivedLine key={pathOf(f, s)} f={f} side={s} ctx={props} />
        ))}
      {shown.map((f) => (
        <FieldInput key={pathOf(f, s)} {...props} f={f} side={s} />
      ))}
      {extra.length > 0 && (
        <details class="result-extra" open={extra.some((f) => draft.values[pathOf(f, s)] !== '')}>
          <summary>{t('systems.form.details')}</summary>
          {extra.map((f) => (
            <FieldInput key={pathOf(f, s)} {...props} f={f} side={s} />
          ))}
        </details>
      )}
    </fieldset>
  );
}

/** The round and table, and the knockout's stage when there is one. */
export function fieldsContext({ round, pairing, t }: Pick<ResultContext, 'round' | 'pairing'> & { t: Translate }): string {
  const stage = roundStage(round);
  return stage
    ? t('systems.form.contextStage', { round: round.number, table: pairing.table, stage: stageLabel(stage, t) })
    : t('results.context', { round: round.number, table: pairing.table });
}

export const FIELDS_RESULT: ResultParts = {
  start: (ctx) => draftFrom(fieldsOf(ctx), ctx.pairing, ctx.initial),
  check,
  context: fieldsContext,
  draw: (event) => (isKnockout(event) ? null : 'results.draw'),
  Game,
  Side: SidePanel,
  formClass: 'generic-result',
};
