// Set-up and muster: cities, villages and mines placed on the map by tapping, detachments raised
// and reinforced in cities. The map outlines the hexes where the chosen building is allowed; a
// tap elsewhere still asks the rules, so the organizer reads why it is refused.
import { useState } from 'preact/hooks';
import {
  canCreateResources,
  FACTION_MINIMUM_POINTS,
  friendlyCityAt,
  hexKey,
  homeCityKind,
  isCityKind,
  placementRefusal,
  RESOURCE_COST,
  type CampaignState,
  type Hex,
} from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import { Frame, Who, type Ctx } from './Frame';
import { hexLabel } from './hex-layout';
import { detLabel, tr, whoParams } from './labels';

export type BuildTool = 'city' | 'village' | 'mine';

export function PlayerPicker({ state, value, onChange, label }: { state: CampaignState; value: string; onChange: (p: string) => void; label: string }) {
  return (
    <div class="choices" role="radiogroup" aria-label={label}>
      <span class="choices-label">{label}</span>
      <div class="choices-row">
        {state.players.map((p) => (
          <label key={p.id} class={value === p.id ? 'choice on' : 'choice'}>
            <input type="radio" name="cw-player" checked={value === p.id} onChange={() => onChange(p.id)} />
            <Who state={state} player={p.id} />
          </label>
        ))}
      </div>
    </div>
  );
}

/** The hexes where the building is refused: the map dims them, so the spacing rules show as zones. */
export function blockedHexes(state: CampaignState, player: string, tool: BuildTool | null, setup: boolean): Set<string> {
  const out = new Set<string>();
  const faction = state.players.find((p) => p.id === player)?.faction;
  if (!tool || !faction) return out;
  const kind = tool === 'city' ? homeCityKind(faction) : tool;
  for (const c of state.map.cells) if (placementRefusal(state, player, kind, c, setup) !== null) out.add(hexKey(c));
  return out;
}

/** Recruiting in a city and reinforcing there: the set-up and the end of every turn. */
export function ArmyTools({ ctx, player }: { ctx: Ctx; player: string }) {
  const { t, lang } = useI18n();
  const { state, act, busy } = ctx;
  const faction = state.players.find((p) => p.id === player)!.faction;
  const mp = FACTION_MINIMUM_POINTS[faction];
  const [points, setPoints] = useState(String(mp));
  const cities = state.resources.filter((r) => r.owner === player && isCityKind(r.kind));
  const inCity = state.detachments.filter((d) => d.owner === player && friendlyCityAt(state, d.hex, player));
  const n = Number(points);
  return (
    <div class="army-tools">
      <h3>{t('campaign.army.title', whoParams(state, player, lang))}</h3>
      <p class="muted small">{t('campaign.army.rules', { mp, rp: state.bank[player] ?? 0 })}</p>
      <label class="inline-number">
        {t('campaign.army.points')}
        <input type="number" inputMode="numeric" min={1} step={5} value={points} onInput={(e) => setPoints(e.currentTarget.value)} />
      </label>
      <div class="row">
        {cities.length === 0 && <p class="muted">{t('campaign.army.noCity')}</p>}
        {cities.map((c) => (
          <button key={c.id} type="button" class="btn" disabled={busy} onClick={() => void act({ type: 'recruit', player, hex: c.hex, points: n })}>
            {t('campaign.army.recruit', { kind: tr(t, `campaign.kind.${c.kind}`), hex: hexLabel(c.hex), points: points || '0' })}
          </button>
        ))}
        {inCity.map((d) => (
          <button key={d.id} type="button" class="btn" disabled={busy} onClick={() => void act({ type: 'reinforce', detachmentId: d.id, points: n })}>
            {t('campaign.army.reinforce', { id: detLabel(d.id), points: points || '0' })}
          </button>
        ))}
      </div>
    </div>
  );
}

export function BuildChoices({
  state,
  player,
  tool,
  onTool,
  setup,
}: {
  state: CampaignState;
  player: string;
  tool: BuildTool | null;
  onTool: (t: BuildTool | null) => void;
  setup: boolean;
}) {
  const { t } = useI18n();
  const faction = state.players.find((p) => p.id === player)!.faction;
  const hasCity = state.resources.some((r) => r.owner === player && isCityKind(r.kind));
  const creates = canCreateResources(faction);
  const options: Array<{ tool: BuildTool; label: string; disabled: boolean }> = [];
  if (setup) options.push({ tool: 'city', label: t('campaign.build.city', { kind: tr(t, `campaign.kind.${homeCityKind(faction)}`) }), disabled: hasCity });
  options.push({ tool: 'village', label: t('campaign.build.village', { cost: RESOURCE_COST.village }), disabled: !creates });
  options.push({ tool: 'mine', label: t('campaign.build.mine', { cost: RESOURCE_COST.mine }), disabled: !creates });
  return (
    <div class="choices" role="radiogroup" aria-label={t('campaign.build.label')}>
      <span class="choices-label">{t('campaign.build.label')}</span>
      <div class="choices-row">
        {options.map((o) => (
          <label key={o.tool} class={tool === o.tool ? 'choice on' : o.disabled ? 'choice off' : 'choice'}>
            <input type="radio" name="cw-build" checked={tool === o.tool} disabled={o.disabled} onChange={() => onTool(o.tool)} />
            {o.label}
          </label>
        ))}
      </div>
      {!creates && <p class="muted small">{t('campaign.build.cannotCreate', { faction: tr(t, `campaign.faction.${faction}`) })}</p>}
      {tool && <p class="hint">{t('campaign.build.tap')}</p>}
    </div>
  );
}

export function SetupStep({ ctx }: { ctx: Ctx }) {
  const { t } = useI18n();
  const { state, act, busy } = ctx;
  const withoutCity = state.players.find((p) => !state.resources.some((r) => r.owner === p.id && isCityKind(r.kind)));
  const [player, setPlayer] = useState(withoutCity?.id ?? state.players[0]!.id);
  const hasCity = state.resources.some((r) => r.owner === player && isCityKind(r.kind));
  const [tool, setTool] = useState<BuildTool | null>(hasCity ? null : 'city');
  const pick = (p: string): void => {
    setPlayer(p);
    const placed = state.resources.some((r) => r.owner === p && isCityKind(r.kind));
    setTool(placed ? null : 'city');
    ctx.setRefusal(null);
  };
  const onHex = (h: Hex): void => {
    if (!tool) return ctx.setRefusal({ code: 'ui-pick-building', params: {} });
    if (tool === 'city') void act({ type: 'place-city', player, hex: h }).then((ok) => ok && setTool(null));
    else void act({ type: tool === 'village' ? 'build-village' : 'build-mine', player, hex: h });
  };
  return (
    <Frame ctx={ctx} marks={{ blocked: blockedHexes(state, player, tool, true) }} onHex={onHex} player={player}>
      <h2>{t('campaign.setup.title')}</h2>
      <p class="small muted">{t('campaign.setup.intro', { rp: state.options.startingRp })}</p>
      <PlayerPicker state={state} value={player} onChange={pick} label={t('campaign.setup.player')} />
      <BuildChoices state={state} player={player} tool={tool} onTool={setTool} setup />
      <ArmyTools key={player} ctx={ctx} player={player} />
      <div class="row end">
        <button type="button" class="btn primary big" disabled={busy} onClick={() => void act({ type: 'start-campaign' })}>
          {t('campaign.setup.start')}
        </button>
      </div>
    </Frame>
  );
}
