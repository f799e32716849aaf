// The turn screen's frame: the map on one side, the step panel on the other, and around the
// panel what every step needs in view (the refusal just met, the dice just rolled, the treasuries,
// the journal).
import type { ComponentChildren } from 'preact';
import { activeActions, meetsMp, type CampaignAction, type CampaignState, type Hex, type NextStep, type Refusal } from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import type { StoredCampaign } from '../../../store/campaigns';
import type { Box } from './hex-layout';
import { detLabel, journalText, playerColour, playerName, refusalText, rollText, tr } from './labels';
import type { MapMarks } from './MapSvg';
import { MapView } from './MapView';

export type SideTab = 'turn' | 'journal';

/** What the screen hands every step panel. */
export interface Ctx {
  record: StoredCampaign;
  state: CampaignState;
  step: NextStep;
  act: (a: CampaignAction) => Promise<boolean>;
  busy: boolean;
  refusal: Refusal | null;
  setRefusal: (r: Refusal | null) => void;
  view: Box | null;
  setView: (v: Box | null) => void;
  tab: SideTab;
  setTab: (t: SideTab) => void;
}

export function Swatch({ state, player }: { state: CampaignState; player: string }) {
  return <span class="swatch" style={{ background: playerColour(state, player) }} aria-hidden="true" />;
}

export function Who({ state, player }: { state: CampaignState; player: string }) {
  return (
    <strong class="who">
      <Swatch state={state} player={player} />
      {playerName(state, player)}
    </strong>
  );
}

function PlayersSummary({ state }: { state: CampaignState }) {
  const { t } = useI18n();
  return (
    <section class="panel players-summary-cw" aria-label={t('campaign.players.title')}>
      <table class="table compact">
        <thead>
          <tr>
            <th>{t('campaign.players.player')}</th>
            <th class="num">{t('campaign.players.rp')}</th>
            <th>{t('campaign.players.armies')}</th>
          </tr>
        </thead>
        <tbody>
          {state.players.map((p) => {
            const dets = state.detachments.filter((d) => d.owner === p.id);
            return (
              <tr key={p.id} data-player={p.id}>
                <td>
                  <Who state={state} player={p.id} />
                  <span class="muted small faction">{tr(t, `campaign.faction.${p.faction}`)}</span>
                </td>
                <td class="num" data-testid={`bank-${p.id}`}>
                  {state.bank[p.id] ?? 0}
                </td>
                <td class="small">
                  {dets.length === 0
                    ? '—'
                    : dets.map((d) => (
                        <span key={d.id} class={meetsMp(state, d) ? 'det-chip' : 'det-chip under'}>
                          {detLabel(d.id)} {d.points}
                        </span>
                      ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {state.scouts && state.scouts.turn >= state.turn && (
        <p class="small">{t('campaign.players.scouts', { player: playerName(state, state.scouts.player), turn: state.scouts.turn })}</p>
      )}
    </section>
  );
}

function LastRolls({ record, state }: { record: StoredCampaign; state: CampaignState }) {
  const { t } = useI18n();
  const last = activeActions(record.actions).at(-1)?.index ?? -1;
  const rolls = state.rolls.filter((r) => r.action === last);
  if (rolls.length === 0) return null;
  return (
    <section class="panel last-rolls" aria-label={t('campaign.rolls.last')} data-testid="last-rolls">
      <h3>🎲 {t('campaign.rolls.last')}</h3>
      <ul>
        {rolls.map((r, i) => (
          <li key={i}>{rollText(state, t, r)}</li>
        ))}
      </ul>
    </section>
  );
}

export function Journal({ record, state }: { record: StoredCampaign; state: CampaignState }) {
  const { t, lang } = useI18n();
  const turns = [...new Set(state.journal.map((e) => e.turn))].sort((a, b) => b - a);
  const active = activeActions(record.actions);
  const turnOfAction = new Map<number, number>();
  // an action's turn: count the turn changes before it in the standing log
  let turn = 0;
  for (const { action, index } of active) {
    if (action.type === 'start-campaign') turn = 1;
    turnOfAction.set(index, turn);
    if (action.type === 'end-turn') turn += 1;
  }
  return (
    <section class="journal" aria-label={t('campaign.journal.title')} data-testid="journal">
      {turns.length === 0 && <p class="muted">{t('campaign.journal.empty')}</p>}
      {turns.map((n) => {
        const rolls = state.rolls.filter((r) => (turnOfAction.get(r.action) ?? 0) === n);
        return (
          <div key={n} class="journal-turn">
            <h3>{n === 0 ? t('campaign.turn.setup') : t('campaign.turn.n', { n })}</h3>
            <ol reversed>
              {state.journal
                .filter((e) => e.turn === n)
                .map((e, i) => <li key={i}>{journalText(state, t, lang, e)}</li>)
                .reverse()}
            </ol>
            {rolls.length > 0 && (
              <details>
                <summary>{t('campaign.journal.rolls', { n: rolls.length })}</summary>
                <ul class="small">
                  {rolls.map((r, i) => (
                    <li key={i}>{rollText(state, t, r)}</li>
                  ))}
                </ul>
              </details>
            )}
          </div>
        );
      })}
    </section>
  );
}

function Legend() {
  const { t } = useI18n();
  return (
    <details class="map-legend">
      <summary>{t('campaign.legend.title')}</summary>
      <ul class="small">
        <li>{t('campaign.legend.terrain')}</li>
        <li>{t('campaign.legend.resources')}</li>
        <li>{t('campaign.legend.counters')}</li>
        <li>{t('campaign.legend.lines')}</li>
      </ul>
    </details>
  );
}

interface FrameProps {
  ctx: Ctx;
  marks?: MapMarks;
  onHex?: (h: Hex) => void;
  children: ComponentChildren;
  /** the player the panel waits for, for tests and for the panel's colour */
  player?: string;
}

export function Frame({ ctx, marks, onHex, children, player }: FrameProps) {
  const { t, lang } = useI18n();
  const { state, record, refusal, tab, setTab } = ctx;
  return (
    <div class="campaign-body">
      <section class="campaign-map" aria-label={t('campaign.map.section')}>
        <MapView map={state.map} state={state} players={state.players} marks={marks ?? {}} onHex={onHex} name={state.name} view={ctx.view} onView={ctx.setView} />
      </section>
      <aside class="campaign-side">
        <div class="side-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'turn'} class={tab === 'turn' ? 'tab active' : 'tab'} onClick={() => setTab('turn')}>
            {t('campaign.tab.turn')}
          </button>
          <button type="button" role="tab" aria-selected={tab === 'journal'} class={tab === 'journal' ? 'tab active' : 'tab'} onClick={() => setTab('journal')}>
            {t('campaign.tab.journal')}
          </button>
        </div>
        {tab === 'journal' ? (
          <Journal record={record} state={state} />
        ) : (
          <>
            {refusal && (
              <p class="error refusal" role="alert">
                {refusalText(state, t, lang, refusal)}
              </p>
            )}
            <section class="panel step" data-step={ctx.step.awaiting} data-player={player ?? ''} style={player ? { borderLeftColor: playerColour(state, player) } : undefined}>
              {children}
            </section>
            <LastRolls record={record} state={state} />
            <PlayersSummary state={state} />
            <Legend />
          </>
        )}
      </aside>
    </div>
  );
}
