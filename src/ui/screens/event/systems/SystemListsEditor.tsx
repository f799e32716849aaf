// Army lists for the systems whose lists are a set of models with their PA (Confrontation):
// each model's name, PA and champion flag, the live total against the event's rule (the 200-PA
// challenge's overage allowance, the 500 cap, the CDR size and commander), and the system's own
// `validateLists` problems in words. A list that breaks a rule is not saved.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ArmyList, EventFile, ListModel, Player } from '../../../../domain/event-file';
import { challengeArmy, commanderCandidates, rackhamFormat } from '../../../../domain/confrontation';
import type { Action } from '../../../../domain/log';
import { listProblemMessage, type ListProblem } from '../../../../domain/systems';
import { useI18n, type Translate } from '../../../../i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { newKey, stableJson } from '../players/list-draft';
import { formatNumber, systemOf } from './model';

interface ModelDraft {
  key: number;
  name: string;
  cost: string;
  champion: boolean;
  extra: Record<string, unknown>;
}

interface ListDraft {
  key: number;
  name: string;
  models: ModelDraft[];
  extra: Record<string, unknown>;
}

interface Props {
  player: Player;
  event: EventFile;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  onDone: () => void;
}

const emptyModel = (): ModelDraft => ({ key: newKey(), name: '', cost: '', champion: false, extra: {} });
const isBlankModel = (m: ModelDraft): boolean => m.name.trim() === '' && m.cost.trim() === '';
const isBlankList = (d: ListDraft): boolean => d.name.trim() === '' && d.models.every(isBlankModel);

/** Keeps one empty row at the end so the next model can always be typed. */
function withTrailingRow(models: ModelDraft[]): ModelDraft[] {
  const last = models[models.length - 1];
  return !last || !isBlankModel(last) ? [...models, emptyModel()] : models;
}

function toDraft(list: ArmyList): ListDraft {
  const { caster, models, ...extra } = list;
  return {
    key: newKey(),
    name: caster,
    models: withTrailingRow(models.map(({ name, cost, champion, ...rest }) => ({ key: newKey(), name, cost: String(cost), champion: champion === true, extra: rest }))),
    extra,
  };
}

const parseCost = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.')));

/**
 * The saved list. The format wants a non-empty `caster`: a Confrontation list has none, so the
 * list's name (the people, by default the player's faction) takes its place.
 */
function fromDraft(d: ListDraft, fallbackName: string): ArmyList {
  const models: ListModel[] = d.models.filter((m) => !isBlankModel(m)).map((m) => {
    const model: ListModel = { ...m.extra, name: m.name.trim(), cost: parseCost(m.cost) };
    if (m.champion) model.champion = true;
    else delete model.champion;
    return model;
  });
  return { themeForce: null, tier: null, bonus: 0, ...d.extra, caster: d.name.trim() || fallbackName, models };
}

interface Problem {
  /** index in the drafts, null for the player as a whole */
  draft: number | null;
  text: string;
}

export function SystemListsEditor({ player, event, dispatch, onDone }: Props) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const settings = event.settings;
  const system = systemOf(event);
  const [drafts, setDrafts] = useState<ListDraft[]>(() => (player.lists.length > 0 ? player.lists.map(toDraft) : [{ key: newKey(), name: '', models: [emptyModel()], extra: {} }]));
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const { lists, problems } = useMemo(() => {
    const kept = drafts.map((d, i) => ({ d, i })).filter(({ d }) => !isBlankList(d));
    const lists = kept.map(({ d }, k) => fromDraft(d, player.faction?.trim() || t('players.listN', { n: k + 1 })));
    const problems: Problem[] = [];
    kept.forEach(({ d, i }) =>
      d.models.forEach((m, j) => {
        if (!isBlankModel(m) && m.name.trim() === '') problems.push({ draft: i, text: t('players.problem.model-name', { model: j + 1 }) });
      }),
    );
    for (const p of system.validateLists({ lists, faction: player.faction }, settings)) {
      // a player may register first and bring the list later
      if (p.code === 'no-list') continue;
      const index = typeof p.params?.list === 'number' ? p.params.list : null;
      problems.push({ draft: index === null ? null : (kept[index]?.i ?? null), text: listProblemMessage(p as ListProblem, lang) });
    }
    return { lists, problems };
  }, [drafts, player, settings, lang]);
  const unchanged = stableJson(lists) === stableJson(player.lists);

  const update = (i: number, patch: Partial<ListDraft>): void => {
    setDrafts((ds) => ds.map((d, k) => (k === i ? { ...d, ...patch } : d)));
    setRefused(false);
  };
  const updateModel = (i: number, j: number, patch: Partial<ModelDraft>): void =>
    update(i, { models: withTrailingRow(drafts[i]!.models.map((m, k) => (k === j ? { ...m, ...patch } : m))) });
  const removeModel = (i: number, j: number): void => update(i, { models: withTrailingRow(drafts[i]!.models.filter((_, k) => k !== j)) });

  const save = async (): Promise<void> => {
    if (problems.length > 0) return setRefused(true);
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
    <section class="panel lists-editor system-lists" aria-labelledby="lists-editor-title">
      <h2 id="lists-editor-title" ref={heading} tabIndex={-1}>
        {t('players.listsTitle', { name: player.name, number: player.number })}
      </h2>
      <p class="muted" data-testid="list-rule">
        {listRule(event, t)}
      </p>
      {drafts.map((d, i) => {
        const n = i + 1;
        const mine = problems.filter((p) => p.draft === i);
        const models = d.models.filter((m) => !isBlankModel(m)).map((m) => ({ name: m.name.trim(), cost: parseCost(m.cost), champion: m.champion }));
        return (
          <fieldset key={d.key} class="list-card" data-testid={`list-${n}`}>
            <legend>{t('players.listN', { n })}</legend>
            <div class="list-fields">
              <label class="wide">
                {t('systems.lists.name')}
                <input value={d.name} placeholder={player.faction ?? ''} onInput={(e) => update(i, { name: e.currentTarget.value })} autoComplete="off" />
              </label>
            </div>
            <table class="models">
              <thead>
                <tr>
                  <th scope="col">{t('players.modelNameHeader')}</th>
                  <th scope="col">{t('systems.lists.costHeader')}</th>
                  <th scope="col">{t('systems.lists.champion')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {d.models.map((m, j) => {
                  const trailing = j === d.models.length - 1 && isBlankModel(m);
                  return (
                    <tr key={m.key}>
                      <td>
                        <input aria-label={t('players.modelName', { n: j + 1 })} value={m.name} onInput={(e) => updateModel(i, j, { name: e.currentTarget.value })} autoComplete="off" />
                      </td>
                      <td>
                        <input
                          aria-label={t('systems.lists.modelCost', { n: j + 1 })}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step={1}
                          value={m.cost}
                          onInput={(e) => updateModel(i, j, { cost: e.currentTarget.value })}
                        />
                      </td>
                      <td class="toggle">
                        <label class="check">
                          <input type="checkbox" aria-label={t('systems.lists.championOf', { n: j + 1 })} checked={m.champion} disabled={trailing} onChange={(e) => updateModel(i, j, { champion: e.currentTarget.checked })} />
                        </label>
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
            {isBlankList(d) ? (
              <p class="muted">{t('players.listBlank')}</p>
            ) : (
              <p class={`points ${mine.length > 0 ? 'over' : 'ok'}`} data-testid={`points-${n}`}>
                {listTotalLine(event, models, t, lang)}
              </p>
            )}
            {mine.length > 0 && (
              <ul class="list-problems">
                {mine.map((p, k) => (
                  <li key={k}>{p.text}</li>
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
            <li key={k}>{p.text}</li>
          ))}
        </ul>
      )}
      {refused && (
        <p class="error" role="alert">
          {t('players.listsRefused')}
        </p>
      )}
      <div class="row end editor-actions">
        <button type="button" class="btn big" onClick={() => setDrafts([...drafts, { key: newKey(), name: '', models: [emptyModel()], extra: {} }])}>
          {t('players.addList')}
        </button>
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

/** The event's list rule in one sentence, above the lists. */
function listRule(event: EventFile, t: Translate): string {
  if (event.system === 'confrontation-rackham')
    return rackhamFormat(event.settings) === 'points-500' ? t('systems.lists.rule500') : t('systems.lists.ruleChallenge');
  return t('systems.lists.ruleCdr', { points: event.settings.points });
}

/** The live line under a list: its total against the rule, and the commander where it matters. */
function listTotalLine(event: EventFile, models: Array<Pick<ListModel, 'name' | 'cost'> & { champion: boolean }>, t: Translate, lang: 'fr' | 'en'): string {
  const priced = models.filter((m) => Number.isFinite(m.cost));
  const total = priced.reduce((s, m) => s + m.cost, 0);
  if (event.system === 'confrontation-rackham') {
    if (rackhamFormat(event.settings) === 'points-500') return t('systems.lists.totalOf', { total, max: 500 });
    const army = challengeArmy(priced);
    return army.cheapest === null
      ? t('systems.lists.total', { total })
      : t('systems.lists.totalChallenge', { total, max: formatNumber(200 + army.allowance, lang), cheapest: army.cheapest });
  }
  const commanders = commanderCandidates(priced);
  const line = t('systems.lists.totalOf', { total, max: event.settings.points });
  return commanders.length > 0 ? `${line} · ${t('systems.lists.commander', { name: commanders.map((m) => m.name).join(' / ') })}` : line;
}
