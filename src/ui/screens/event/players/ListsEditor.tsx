// The army lists of one player, for every system with list rules, checked live against the
// event. The system's ListRules (src/ui/systems) give the list's own fields, the champion column,
// the rule, the total line and the problems in words. A list that breaks a rule is not saved:
// the organizer fixes it at the desk with the player. Blank lists are dropped, so a player may
// stay without a list.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { EventFile, Player } from '../../../../domain/event-file';
import type { Action } from '../../../../domain/log';
import { useI18n } from '../../../../i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import {
  checkDrafts,
  emptyList,
  fromDraft,
  isBlankList,
  isBlankModel,
  stableJson,
  toDraft,
  withPastedList,
  withTrailingRow,
  type ListDraft,
  type ListField,
  type ListRules,
  type ModelDraft,
} from './list-draft';

interface Props {
  player: Player;
  event: EventFile;
  rules: ListRules;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  onDone: () => void;
}

/** The lists being edited, one draft each; any edit withdraws the « refused » message. */
function useDrafts(player: Player, rules: ListRules) {
  const [drafts, setDrafts] = useState<ListDraft[]>(() => (player.lists.length > 0 ? player.lists.map((l) => toDraft(l, rules)) : [emptyList(rules)]));
  const [refused, setRefused] = useState(false);
  const update = (i: number, patch: Partial<ListDraft>): void => {
    setDrafts((ds) => ds.map((d, k) => (k === i ? { ...d, ...patch } : d)));
    setRefused(false);
  };
  const setField = (i: number, key: string, value: string): void => update(i, { fields: { ...drafts[i]!.fields, [key]: value } });
  const updateModel = (i: number, j: number, patch: Partial<ModelDraft>): void =>
    update(i, { models: withTrailingRow(drafts[i]!.models.map((m, k) => (k === j ? { ...m, ...patch } : m))) });
  const removeModel = (i: number, j: number): void => update(i, { models: withTrailingRow(drafts[i]!.models.filter((_, k) => k !== j)) });
  return { drafts, setDrafts, refused, setRefused, setField, updateModel, removeModel };
}

export function ListsEditor({ player, event, rules, dispatch, onDone }: Props) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const maxLists = rules.maxLists(event);
  const { drafts, setDrafts, refused, setRefused, setField, updateModel, removeModel } = useDrafts(player, rules);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const refusedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const { lists, problems } = useMemo(() => checkDrafts(drafts, rules, player, event, t, lang), [drafts, player, event, lang]);
  const unchanged = stableJson(lists) === stableJson(player.lists);

  const save = async (): Promise<void> => {
    if (problems.length > 0) {
      setRefused(true);
      setTimeout(() => refusedRef.current?.focus(), 0);
      return;
    }
    if (unchanged) return onDone();
    setBusy(true);
    try {
      await dispatch({ type: 'player-updated', id: player.id, patch: { lists } });
      notify(t('players.listsSaved', { name: player.name }));
      onDone();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
      setBusy(false);
    }
  };

  const general = problems.filter((p) => p.draft === null);

  return (
    <section class="panel lists-editor" aria-labelledby="lists-editor-title">
      <h2 id="lists-editor-title" ref={heading} tabIndex={-1}>
        {t('players.listsTitle', { name: player.name, number: player.number })}
      </h2>
      <p class="muted" data-testid="list-rule">
        {rules.rule(event, t)}
      </p>
      {drafts.length === 0 && <p class="empty">{t('players.listsNone')}</p>}
      {drafts.map((d, i) => (
        <ListCard
          key={d.key}
          d={d}
          n={i + 1}
          mine={problems.filter((p) => p.draft === i)}
          player={player}
          event={event}
          rules={rules}
          setField={(key, value) => setField(i, key, value)}
          updateModel={(j, patch) => updateModel(i, j, patch)}
          removeModel={(j) => removeModel(i, j)}
          onRemove={() => setDrafts(drafts.filter((_, k) => k !== i))}
        />
      ))}
      <ProblemLines problems={general} />
      {refused && (
        <p class="error" role="alert" ref={refusedRef} tabIndex={-1}>
          {t('players.listsRefused')}
        </p>
      )}
      {rules.paste && (maxLists === null || drafts.filter((d) => !isBlankList(d, rules)).length < maxLists) && (
        <rules.paste.Toggle points={event.settings.points} onUse={(list) => setDrafts(withPastedList(drafts, list, rules))} />
      )}
      <EditorActions
        canAdd={maxLists === null || drafts.length < maxLists}
        busy={busy}
        onAdd={() => setDrafts([...drafts, emptyList(rules)])}
        onCancel={() => (unchanged ? onDone() : setLeaving(true))}
        onSave={save}
      />
      {leaving && <ConfirmDialog message={t('players.discardConfirm')} confirmLabel={t('players.discard')} danger onConfirm={onDone} onCancel={() => setLeaving(false)} />}
    </section>
  );
}

interface ListCardProps {
  d: ListDraft;
  /** the list's number, from 1 */
  n: number;
  /** this list's problems */
  mine: ReturnType<typeof checkDrafts>['problems'];
  player: Player;
  event: EventFile;
  rules: ListRules;
  setField: (key: string, value: string) => void;
  updateModel: (j: number, patch: Partial<ModelDraft>) => void;
  removeModel: (j: number) => void;
  onRemove: () => void;
}

/** One list: its fields, its models, its total line and its problems. */
function ListCard({ d, n, mine, player, event, rules, setField, updateModel, removeModel, onRemove }: ListCardProps) {
  const { t, lang } = useI18n();
  const line = isBlankList(d, rules) ? null : rules.totalLine(fromDraft(d, rules, ''), event, t, lang, mine.length > 0);
  return (
    <fieldset class="list-card" data-testid={`list-${n}`}>
      <legend>{t('players.listN', { n })}</legend>
      <div class="list-fields">
        {rules.fields.map((f) => (
          <ListFieldInput key={f.key} d={d} f={f} placeholder={player.faction ?? ''} onInput={(value) => setField(f.key, value)} />
        ))}
      </div>
      <ModelsTable d={d} rules={rules} updateModel={updateModel} removeModel={removeModel} />
      {line === null ? (
        <p class="muted">{t('players.listBlank')}</p>
      ) : (
        <p class={`points ${line.state}`} data-testid={`points-${n}`}>
          {line.content}
        </p>
      )}
      <ProblemLines problems={mine} />
      <div class="row end">
        <button type="button" class="btn danger" onClick={onRemove}>
          {t('players.removeList', { n })}
        </button>
      </div>
    </fieldset>
  );
}

/** One of the system's list fields: a tier (after a theme force), a number or a text. */
function ListFieldInput({ d, f, placeholder, onInput }: { d: ListDraft; f: ListField; placeholder: string; onInput: (value: string) => void }) {
  const { t } = useI18n();
  const value = d.fields[f.key] ?? '';
  const input =
    f.kind === 'tier' ? (
      <select value={value} disabled={(d.fields.themeForce ?? '').trim() === ''} onChange={(e) => onInput(e.currentTarget.value)}>
        <option value="">{t('players.noTier')}</option>
        {[1, 2, 3, 4].map((k) => (
          <option key={k} value={String(k)}>
            {k}
          </option>
        ))}
      </select>
    ) : f.kind === 'number' ? (
      <input type="number" inputMode="numeric" min={0} step={1} value={value} onInput={(e) => onInput(e.currentTarget.value)} />
    ) : (
      <input value={value} placeholder={f.key === 'name' ? placeholder : undefined} onInput={(e) => onInput(e.currentTarget.value)} autoComplete="off" />
    );
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `input` above, one of three kinds
    <label class={f.wide ? 'wide' : 'narrow'}>
      {t(f.label)}
      {input}
    </label>
  );
}

/** The list's models, a blank row always last to type the next one. */
function ModelsTable({
  d,
  rules,
  updateModel,
  removeModel,
}: {
  d: ListDraft;
  rules: Props['rules'];
  updateModel: (j: number, patch: Partial<ModelDraft>) => void;
  removeModel: (j: number) => void;
}) {
  const { t } = useI18n();
  return (
    <table class="models">
      <thead>
        <tr>
          <th scope="col">{t('players.modelNameHeader')}</th>
          <th scope="col">{t(rules.costHeader)}</th>
          {rules.champion && <th scope="col">{t('systems.lists.champion')}</th>}
          <th />
        </tr>
      </thead>
      <tbody>
        {d.models.map((m, j) => {
          const trailing = j === d.models.length - 1 && isBlankModel(m);
          return (
            <tr key={m.key}>
              <td>
                <input aria-label={t('players.modelName', { n: j + 1 })} value={m.name} onInput={(e) => updateModel(j, { name: e.currentTarget.value })} autoComplete="off" />
              </td>
              <td>
                <input
                  aria-label={t(rules.costLabel, { n: j + 1 })}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={m.cost}
                  onInput={(e) => updateModel(j, { cost: e.currentTarget.value })}
                />
              </td>
              {rules.champion && (
                <td class="toggle">
                  <label class="check">
                    <input
                      type="checkbox"
                      aria-label={t('systems.lists.championOf', { n: j + 1 })}
                      checked={m.champion}
                      disabled={trailing}
                      onChange={(e) => updateModel(j, { champion: e.currentTarget.checked })}
                    />
                  </label>
                </td>
              )}
              <td>
                {!trailing && (
                  <button type="button" class="btn" aria-label={t('players.removeModel', { n: j + 1 })} onClick={() => removeModel(j)}>
                    ✕
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ProblemLines({ problems }: { problems: { text: string }[] }) {
  if (problems.length === 0) return null;
  return (
    <ul class="list-problems">
      {problems.map((p, k) => (
        <li key={k}>{p.text}</li>
      ))}
    </ul>
  );
}

/** Another list (while the system allows one more), cancel (asking before dropping changes), save. */
function EditorActions({ canAdd, busy, onAdd, onCancel, onSave }: { canAdd: boolean; busy: boolean; onAdd: () => void; onCancel: () => void; onSave: () => void }) {
  const { t } = useI18n();
  return (
    <div class="row end editor-actions">
      {canAdd && (
        <button type="button" class="btn big" onClick={onAdd}>
          {t('players.addList')}
        </button>
      )}
      <button type="button" class="btn big" disabled={busy} onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="button" class="btn primary big" disabled={busy} onClick={onSave}>
        {t('players.save')}
      </button>
    </div>
  );
}
