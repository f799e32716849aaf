// Initiative and movement: tap one of the mover's detachments, the map outlines where it can go
// with the cost of each hex; tap a destination for the path and its cost step by step, then
// confirm. A tap out of reach asks the rules why, so the refusal names the real reason.
import { useState } from 'preact/hooks';
import {
  canMoveInStage,
  cheapestPath,
  detachmentsAt,
  enemyDetachmentsAt,
  fleeDestinations,
  hasEnemyArmyAt,
  hexKey,
  meetsMp,
  minimumPoints,
  moveContext,
  movementOptions,
  previewPath,
  sameHex,
  validateCampaignAction,
  type CampaignState,
  type Detachment,
  type Hex,
} from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import { randomSeed } from '../../../platform/seed';
import { Frame, Who, type Ctx } from './Frame';
import { hexLabel } from './hex-layout';
import { detLabel, formatNumber, playerName } from './labels';

export function InitiativeLine({ state }: { state: CampaignState }) {
  const { t } = useI18n();
  if (state.initiative.length === 0) return null;
  return (
    <p class="initiative" data-testid="initiative">
      {t('campaign.initiative.rolled')}{' '}
      {state.initiative.map((i, n) => (
        <span key={i.player}>
          {n > 0 && ' · '}
          <Who state={state} player={i.player} /> {i.rolls.join(' → ')}
        </span>
      ))}
      <br />
      {t('campaign.initiative.order', { order: state.order.map((p) => playerName(state, p)).join(', ') })}
    </p>
  );
}

export function InitiativeStep({ ctx }: { ctx: Ctx }) {
  const { t } = useI18n();
  const { act, busy } = ctx;
  return (
    <Frame ctx={ctx}>
      <h2>{t('campaign.phase.initiative')}</h2>
      <p>{t('campaign.initiative.intro')}</p>
      <button type="button" class="btn primary big" disabled={busy} onClick={() => void act({ type: 'roll-initiative', seed: randomSeed() })}>
        🎲 {t('campaign.initiative.roll')}
      </button>
    </Frame>
  );
}

function BattlesStarted({ state }: { state: CampaignState }) {
  const { t } = useI18n();
  const open = state.battles.filter((b) => b.status === 'pending');
  if (open.length === 0) return null;
  return (
    <ul class="battles-started">
      {open.map((b) => (
        <li key={b.id}>⚔ {t('campaign.move.battleAt', { hex: hexLabel(b.hex), players: b.players.map((p) => playerName(state, p)).join(' / ') })}</li>
      ))}
    </ul>
  );
}

/** What the move to `dest` sets off: a battle, enemies fleeing, or a merge with a friend. */
function moveConsequence(state: CampaignState, det: Detachment, dest: Hex, path: Hex[] | undefined, player: string, t: ReturnType<typeof useI18n>['t']): string | null {
  if (meetsMp(state, det) && hasEnemyArmyAt(state, dest, player)) return t('campaign.move.contact');
  const runners = path?.flatMap((h: Hex) => enemyDetachmentsAt(state, h, player).filter((e) => !meetsMp(state, e))) ?? [];
  if (meetsMp(state, det) && runners.length > 0) return t('campaign.move.runners', { ids: runners.map((r: Detachment) => detLabel(r.id)).join(', ') });
  const friend = detachmentsAt(state, dest).find((x) => x.owner === player && x.id !== det.id);
  if (friend) return t('campaign.move.merge', { id: detLabel(friend.id) });
  return null;
}

/** The picked detachment stays where it is, or leaves some of its points behind as a new one. */
function HoldOrSplit({
  ctx,
  det,
  player,
  splitPoints,
  setSplitPoints,
}: {
  ctx: Ctx;
  det: Detachment;
  player: string;
  splitPoints: string;
  setSplitPoints: (value: string) => void;
}) {
  const { t } = useI18n();
  const { state, act, busy } = ctx;
  return (
    <div class="row">
      <button type="button" class="btn" disabled={busy} onClick={() => void act({ type: 'hold', detachmentId: det.id })}>
        {t('campaign.move.hold', { id: detLabel(det.id) })}
      </button>
      <label class="inline-number">
        {t('campaign.move.splitPoints')}
        <input
          type="number"
          inputMode="numeric"
          min={1}
          value={splitPoints}
          placeholder={String(minimumPoints(state, player))}
          onInput={(e) => setSplitPoints(e.currentTarget.value)}
        />
      </label>
      <button
        type="button"
        class="btn"
        disabled={busy}
        onClick={() => void act({ type: 'split', detachmentId: det.id, points: Number(splitPoints || minimumPoints(state, player)) })}
      >
        {t('campaign.move.split')}
      </button>
    </div>
  );
}

export function MoveStep({ ctx, player, stage }: { ctx: Ctx; player: string; stage: 'mp' | 'under' }) {
  const { t, lang } = useI18n();
  const { state, act, busy, setRefusal } = ctx;
  const movable = state.detachments.filter((d) => d.owner === player && canMoveInStage(state, d, stage));
  const [selected, setSelected] = useState<string | null>(movable.length === 1 ? movable[0]!.id : null);
  const [dest, setDest] = useState<Hex | null>(null);
  const [splitPoints, setSplitPoints] = useState('');
  const det = movable.find((d) => d.id === selected) ?? null;
  const options = det ? movementOptions(state, det.id) : new Map();
  const targets = new Map<string, string | null>();
  for (const [k, reach] of options) targets.set(k, formatNumber(reach.cost, lang));
  const reach = det && dest ? options.get(hexKey(dest)) : undefined;
  const preview = det && reach ? previewPath(state, det.id, reach.path) : null;

  const select = (d: Detachment): void => {
    setSelected(d.id);
    setDest(null);
    setRefusal(null);
  };

  const explain = (d: Detachment, h: Hex): void => {
    if (sameHex(d.hex, h)) return setRefusal({ code: 'ui-same-hex', params: {} });
    // the cheapest walk with no budget: the rules then say what is wrong with it
    const walk = cheapestPath(state.map, d.hex, h, { ...moveContext(state), budget: Infinity });
    if (!walk) return setRefusal({ code: 'ui-no-path', params: { q: h.q, r: h.r } });
    setRefusal(validateCampaignAction(state, { type: 'move', detachmentId: d.id, path: walk.path }) ?? { code: 'ui-no-path', params: { q: h.q, r: h.r } });
  };

  const onHex = (h: Hex): void => {
    const mine = movable.find((d) => sameHex(d.hex, h) && d.id !== selected);
    if (det && options.has(hexKey(h))) {
      setDest(h);
      setRefusal(null);
      return;
    }
    if (mine) return select(mine);
    if (!det) {
      const other = detachmentsAt(state, h)[0];
      return setRefusal(
        other && other.owner === player ? { code: 'detachment-already-moved', params: { detachmentId: other.id } } : { code: 'ui-pick-detachment', params: { player } },
      );
    }
    setDest(null);
    explain(det, h);
  };

  const consequence = (): string | null => (det && dest ? moveConsequence(state, det, dest, reach?.path, player, t) : null);

  const path = det && reach ? [det.hex, ...reach.path] : undefined;
  return (
    <Frame ctx={ctx} marks={{ targets, path, picked: dest ? new Set([hexKey(dest)]) : undefined, selectedDetachment: selected }} onHex={onHex} player={player}>
      <h2>{t('campaign.phase.movement')}</h2>
      <InitiativeLine state={state} />
      <p class="step-who">
        {t(stage === 'mp' ? 'campaign.move.whoMp' : 'campaign.move.whoUnder')} <Who state={state} player={player} />
      </p>
      <div class="choices" role="radiogroup" aria-label={t('campaign.move.detachments')}>
        <span class="choices-label">{t('campaign.move.detachments')}</span>
        <div class="choices-row">
          {movable.map((d) => (
            <label key={d.id} class={selected === d.id ? 'choice on' : 'choice'}>
              <input type="radio" name="cw-det" checked={selected === d.id} onChange={() => select(d)} />
              {t('campaign.move.detachment', { id: detLabel(d.id), points: d.points, hex: hexLabel(d.hex) })}
            </label>
          ))}
        </div>
      </div>
      {det && !dest && <p class="hint">{t('campaign.move.tapDestination', { mp: state.options.movementPoints })}</p>}
      {det && dest && preview?.ok && (
        <div class="path-preview" data-testid="path-preview">
          <p>
            <strong>{t('campaign.move.path')}</strong> {hexLabel(det.hex)}
            {preview.steps.map((s) => ` → ${hexLabel(s.hex)} (${formatNumber(s.cost, lang)})`).join('')}
          </p>
          <p class="path-cost">{t('campaign.move.cost', { cost: formatNumber(preview.cost, lang), budget: state.options.movementPoints })}</p>
          {consequence() && <p class="warning-text">{consequence()}</p>}
          <div class="row">
            <button type="button" class="btn primary big" disabled={busy} onClick={() => void act({ type: 'move', detachmentId: det.id, path: reach!.path })}>
              {t('campaign.move.go', { hex: hexLabel(dest) })}
            </button>
            <button type="button" class="btn" onClick={() => setDest(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
      {det && <HoldOrSplit ctx={ctx} det={det} player={player} splitPoints={splitPoints} setSplitPoints={setSplitPoints} />}
      <BattlesStarted state={state} />
      <div class="row end">
        <button type="button" class="btn" disabled={busy} onClick={() => void act({ type: 'pass', player })}>
          {t('campaign.move.pass', { player: playerName(state, player) })}
        </button>
      </div>
    </Frame>
  );
}

export function FleeStep({ ctx, player, detachmentId }: { ctx: Ctx; player: string; detachmentId: string }) {
  const { t } = useI18n();
  const { state, act, busy, setRefusal } = ctx;
  const d = state.detachments.find((x) => x.id === detachmentId)!;
  const reason = state.pendingFlees.find((f) => f.detachmentId === detachmentId)?.reason ?? 'enemy-entered';
  const options = fleeDestinations(state, detachmentId);
  const targets = new Map<string, string | null>(options.map((h) => [hexKey(h), null]));
  const flee = (h: Hex): void => void act({ type: 'flee', detachmentId, to: h });
  const onHex = (h: Hex): void => {
    if (targets.has(hexKey(h))) return flee(h);
    setRefusal(validateCampaignAction(state, { type: 'flee', detachmentId, to: h }));
  };
  return (
    <Frame ctx={ctx} marks={{ targets, selectedDetachment: detachmentId }} onHex={onHex} player={player}>
      <h2>{t('campaign.flee.title')}</h2>
      <p>
        <Who state={state} player={player} />{' '}
        {t(reason === 'lost-battle' ? 'campaign.flee.lost' : 'campaign.flee.entered', { id: detLabel(d.id), hex: hexLabel(d.hex), points: d.points })}
      </p>
      <p class="hint">{t('campaign.flee.pick')}</p>
      <div class="row">
        {options.map((h) => (
          <button key={hexKey(h)} type="button" class="btn" disabled={busy} onClick={() => flee(h)}>
            {t('campaign.flee.to', { hex: hexLabel(h) })}
          </button>
        ))}
      </div>
    </Frame>
  );
}
