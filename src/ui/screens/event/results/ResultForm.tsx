// The result of one table, for every system: the frame is the same (heading, winner, what the
// result gives, what to double-check, what refuses it, Cancel and Save); the event's system plugs
// in its fields and helpers (uiFor(system).result). Refuses what the rules or the event make
// impossible, warns about what is merely unusual, and hands the GameResult to the caller, which
// saves it and closes the form.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useI18n } from '../../../../i18n';
import { uiFor } from '../../../systems';
import { useSessionDraft } from '../../../use-session-draft';
import { Choices, ResultHead, ResultTail, useResultSave } from './parts';
import { isResultDraft, nameOf, SIDES, type ResultContext, type ResultDraft, type ResultFormProps, type WinnerPick } from './result-draft';

export type { ResultFormProps } from './result-draft';

export function ResultForm({ event, round, pairing, initial, atTable, onSubmit, onCancel, draftKey, parts: plugged }: ResultFormProps) {
  const { t, lang } = useI18n();
  const parts = plugged ?? uiFor(event.system).result;
  const ctx: ResultContext = { event, round, pairing, initial, t, lang };
  const [draft, setDraft] = useSessionDraft<ResultDraft>(draftKey, () => parts.start(ctx), isResultDraft);
  // a helper that takes the form's place until it hands back (SR2011's time-out wizard)
  const [instead, showInstead] = useState<ComponentChildren | null>(null);
  const [openHelper, setOpenHelper] = useState<string | null>(null);
  const saver = useResultSave(onSubmit);
  const checked = parts.check(draft, ctx);

  if (instead) return <>{instead}</>;

  const name = (id: string): string => nameOf(event, id);
  const draw = parts.draw(event);
  const winnerOptions: Array<{ value: WinnerPick; label: string }> = [
    { value: 'a', label: name(pairing.a) },
    ...(draw ? [{ value: 'draw' as const, label: t(draw) }] : []),
    { value: 'b', label: name(pairing.b) },
  ];
  const partProps = { ...ctx, draft, setDraft, checked, showInstead, openHelper, setOpenHelper };
  const submit = (e: Event): Promise<void> => saver.submit(e, checked.errors.length > 0 || checked.result === null, () => checked.result!);

  return (
    <form class={`form result-form${parts.formClass ? ` ${parts.formClass}` : ''}`} onSubmit={submit} noValidate data-system={event.system}>
      <ResultHead correcting={Boolean(initial)} atTable={atTable} context={parts.context(ctx)} />

      <div class="winner-line">
        <Choices label={t('results.winner')} value={checked.winner} options={winnerOptions} onChange={(picked) => setDraft((d) => ({ ...d, picked }))} />
        {checked.inferred !== null && draft.picked === null && (
          <p class="muted" data-testid="winner-inferred">
            {t('systems.form.winnerInferred')}
          </p>
        )}
      </div>

      {parts.Game && <parts.Game {...partProps} />}

      <div class="result-sides">
        {SIDES.map((s) => (
          <parts.Side key={s} side={s} {...partProps} />
        ))}
      </div>

      <ResultTail consequence={checked.consequence} warnings={checked.warnings} errors={checked.errors} state={saver} onCancel={onCancel} />
    </form>
  );
}
