import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { EventFile, Player } from '../../../../domain/event-file';
import type { Action } from '../../../../domain/log';
import { MAX_LISTS, requiredListCount, requiredTier } from '../../../../domain/sr2011';
import { useI18n } from '../../../../i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { checkDrafts, draftPoints, emptyList, emptyModel, isBlankList, listProblemMessage, stableJson, toDraft, type ListDraft, type ModelDraft } from './list-draft';
import { ListPasteToggle, withPastedList } from './ListPaste';

interface Props {
  player: Player;
  event: EventFile;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  onDone: () => void;
}

/** Keeps one empty row at the end of the models so the organizer can always type the next one. */
function withTrailingRow(models: ModelDraft[]): ModelDraft[] {
  const last = models[models.length - 1];
  return !last || last.name.trim() !== '' || last.cost.trim() !== '' ? [...models, emptyModel()] : models;
}

/**
 * The army lists of one player, checked live against the event's settings. A list that breaks a
 * rule is not saved: the organizer fixes it at the desk with the player. Blank lists are dropped,
 * so a player may stay without a list.
 */
export function ListsEditor({ player, event, dispatch, onDone }: Props) {
  const { t } = useI18n();
  const { notify } = useServices();
  const settings = event.settings;
  const required = requiredListCount(settings.variants);
  const tier = requiredTier(settings.variants);
  const maxLists = required ?? MAX_LISTS;
  const [drafts, setDrafts] = useState<ListDraft[]>(() => {
    const existing = player.lists.map(toDraft).map((d) => ({ ...d, models: withTrailingRow(d.models) }));
    return existing.length > 0 ? existing : [emptyList()];
  });
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const refusedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const { lists, problems } = useMemo(() => checkDrafts(drafts, player, settings), [drafts, player, settings]);
  const unchanged = stableJson(lists) === stableJson(player.lists);

  const update = (i: number, patch: Partial<ListDraft>): void => {
    setDrafts(drafts.map((d, k) => (k === i ? { ...d, ...patch } : d)));
    setRefused(false);
  };
  const updateModel = (i: number, j: number, patch: Partial<ModelDraft>): void => {
    const d = drafts[i]!;
    update(i, { models: withTrailingRow(d.models.map((m, k) => (k === j ? { ...m, ...patch } : m))) });
  };
  const removeModel = (i: number, j: number): void => {
    const d = drafts[i]!;
    update(i, { models: withTrailingRow(d.models.filter((_, k) => k !== j)) });
  };

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
      <p class="muted">
        {required === null ? t('players.listsRuleUpTo', { max: MAX_LISTS }) : t('players.listsRuleExactly', { n: required })}
        {tier !== null && <> {t('players.listsRuleTier', { tier })}</>}
      </p>
      {drafts.length === 0 && <p class="empty">{t('players.listsNone')}</p>}
      {drafts.map((d, i) => {
        const pts = draftPoints(d, settings.points);
        const blank = isBlankList(d);
        const mine = problems.filter((p) => p.draft === i);
        const n = i + 1;
        return (
          <fieldset key={d.key} class="list-card" data-testid={`list-${n}`}>
            <legend>{t('players.listN', { n })}</legend>
            <div class="list-fields">
              <label class="wide">
                {t('players.caster')}
                <input value={d.caster} onInput={(e) => update(i, { caster: e.currentTarget.value })} autoComplete="off" />
              </label>
              <label class="narrow">
                {t('players.bonus')}
                <input type="number" inputMode="numeric" min={0} step={1} value={d.bonus} onInput={(e) => update(i, { bonus: e.currentTarget.value })} />
              </label>
              <label class="wide">
                {t('players.themeForce')}
                <input value={d.themeForce} onInput={(e) => update(i, { themeForce: e.currentTarget.value })} autoComplete="off" />
              </label>
              <label class="narrow">
                {t('players.tier')}
                <select value={d.tier} disabled={d.themeForce.trim() === ''} onChange={(e) => update(i, { tier: e.currentTarget.value })}>
                  <option value="">{t('players.noTier')}</option>
                  {[1, 2, 3, 4].map((k) => (
                    <option key={k} value={String(k)}>
                      {k}
                    </option>
                  ))}
                </select>
              </label>
              <label class="wide">
                {t('players.contract')}
                <input value={d.contract} onInput={(e) => update(i, { contract: e.currentTarget.value })} autoComplete="off" />
              </label>
            </div>
            <table class="models">
              <thead>
                <tr>
                  <th scope="col">{t('players.modelNameHeader')}</th>
                  <th scope="col">{t('players.modelCostHeader')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {d.models.map((m, j) => {
                  const trailing = j === d.models.length - 1 && m.name === '' && m.cost === '';
                  return (
                    <tr key={m.key}>
                      <td>
                        <input aria-label={t('players.modelName', { n: j + 1 })} value={m.name} onInput={(e) => updateModel(i, j, { name: e.currentTarget.value })} autoComplete="off" />
                      </td>
                      <td>
                        <input
                          aria-label={t('players.modelCost', { n: j + 1 })}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step={1}
                          value={m.cost}
                          onInput={(e) => updateModel(i, j, { cost: e.currentTarget.value })}
                        />
                      </td>
                      <td>
                        {!trailing && (
                          <button type="button" class="btn" aria-label={t('players.removeModel', { n: j + 1 })} onClick={() => removeModel(i, j)}>
                            ✕
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {blank ? (
              <p class="muted">{t('players.listBlank')}</p>
            ) : (
              <p class={`points ${pts.state}`} data-testid={`points-${n}`}>
                {t('players.total')} : <strong>{t('players.pointsOf', { total: pts.total, min: pts.min, max: pts.max })}</strong>{' '}
                <span aria-hidden="true">{pts.state === 'ok' ? '✓' : '✗'}</span>
              </p>
            )}
            {mine.length > 0 && (
              <ul class="list-problems">
                {mine.map((p, k) => (
                  <li key={k}>{listProblemMessage(p, t)}</li>
                ))}
              </ul>
            )}
            <div class="row end">
              <button type="button" class="btn danger" onClick={() => setDrafts(drafts.filter((_, k) => k !== i))}>
                {t('players.removeList', { n })}
              </button>
            </div>
          </fieldset>
        );
      })}
      {general.length > 0 && (
        <ul class="list-problems">
          {general.map((p, k) => (
            <li key={k}>{listProblemMessage(p, t)}</li>
          ))}
        </ul>
      )}
      {refused && (
        <p class="error" role="alert" ref={refusedRef} tabIndex={-1}>
          {t('players.listsRefused')}
        </p>
      )}
      {drafts.filter((d) => !isBlankList(d)).length < maxLists && <ListPasteToggle points={settings.points} onUse={(list) => setDrafts(withPastedList(drafts, list))} />}
      <div class="row end editor-actions">
        {drafts.length < maxLists && (
          <button type="button" class="btn big" onClick={() => setDrafts([...drafts, emptyList()])}>
            {t('players.addList')}
          </button>
        )}
        <button type="button" class="btn big" disabled={busy} onClick={() => (unchanged ? onDone() : setLeaving(true))}>
          {t('common.cancel')}
        </button>
        <button type="button" class="btn primary big" disabled={busy} onClick={save}>
          {t('players.save')}
        </button>
      </div>
      {leaving && <ConfirmDialog message={t('players.discardConfirm')} confirmLabel={t('players.discard')} danger onConfirm={onDone} onCancel={() => setLeaving(false)} />}
    </section>
  );
}
