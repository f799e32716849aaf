// Combat: the players pick the battles in turn order; each chosen battle gets its sheet (armies,
// generated battlefield, who places first, sides, first player), printable for the table where
// it is fought, and the victory points entered back here.
import { useState } from 'preact/hooks';
import { detachmentsAt, getCell, hexKey, type Battle, type CampaignState, type Hex } from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import { randomSeed } from '../../../platform/seed';
import { Frame, Who, type Ctx } from './Frame';
import { hexLabel } from './hex-layout';
import { detLabel, ofName, playerName, tr, whoParams } from './labels';
import { Form } from '../../components/Form';

function sides(state: CampaignState, b: Battle): Array<{ player: string; points: number; ids: string[] }> {
  const here = detachmentsAt(state, b.hex);
  return b.players.map((p) => {
    const own = here.filter((d) => d.owner === p);
    return { player: p, points: own.reduce((s, d) => s + d.points, 0), ids: own.map((d) => d.id) };
  });
}

function ResolvedBattles({ state }: { state: CampaignState }) {
  const { t, lang } = useI18n();
  const done = state.battles.filter((b) => b.result);
  if (done.length === 0) return null;
  return (
    <div>
      <h3>{t('campaign.combat.fought')}</h3>
      <ul>
        {done.map((b) => (
          <li key={b.id}>
            {t('campaign.combat.result', {
              hex: hexLabel(b.hex),
              ofWinner: ofName(playerName(state, b.result!.winner), lang),
              losses: Object.entries(b.result!.losses)
                .map(([p, l]) => t('campaign.combat.loss', { player: playerName(state, p), points: l }))
                .join(', '),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ChooseBattleStep({ ctx, player }: { ctx: Ctx; player: string }) {
  const { t } = useI18n();
  const { state, act, busy } = ctx;
  const pending = state.battles.filter((b) => b.status === 'pending');
  const [focus, setFocus] = useState<string | null>(null);
  const targets = new Map<string, string | null>(pending.map((b) => [hexKey(b.hex), null]));
  const onHex = (h: Hex): void => setFocus(pending.find((b) => hexKey(b.hex) === hexKey(h))?.id ?? null);
  return (
    <Frame ctx={ctx} marks={{ targets }} onHex={onHex} player={player}>
      <h2>{t('campaign.phase.combat')}</h2>
      <p class="step-who">
        {t('campaign.combat.chooser')} <Who state={state} player={player} />
      </p>
      <ul class="battle-list">
        {pending.map((b) => (
          <li key={b.id} class={focus === b.id ? 'panel battle-card on' : 'panel battle-card'} data-battle={b.id}>
            <strong>⚔ {t('campaign.combat.at', { hex: hexLabel(b.hex), terrain: tr(t, `campaign.terrain.${getCell(state.map, b.hex)?.terrain ?? 'plain'}`) })}</strong>
            <ul>
              {sides(state, b).map((s) => (
                <li key={s.player}>
                  <Who state={state} player={s.player} /> {t('campaign.combat.side', { points: s.points, ids: s.ids.map(detLabel).join(' + ') })}
                </li>
              ))}
            </ul>
            <button type="button" class="btn primary" disabled={busy} onClick={() => void act({ type: 'choose-battle', player, battleId: b.id, seed: randomSeed() })}>
              {t('campaign.combat.choose', { hex: hexLabel(b.hex) })}
            </button>
          </li>
        ))}
      </ul>
      <ResolvedBattles state={state} />
    </Frame>
  );
}

export function BattleSheet({ state, battle }: { state: CampaignState; battle: Battle }) {
  const { t } = useI18n();
  const sheet = battle.sheet!;
  const bf = sheet.battlefield;
  const piece = (p: string | null, count: number): string => (p ? t('campaign.sheet.piece', { piece: tr(t, `campaign.piece.${p}`), n: count }) : t('campaign.sheet.noPiece'));
  return (
    <article class="battle-sheet" data-testid="battle-sheet">
      <header>
        <p class="muted small">
          {state.name} · {t('campaign.turn.n', { n: state.turn })}
        </p>
        <h2>{t('campaign.combat.at', { hex: hexLabel(battle.hex), terrain: tr(t, `campaign.terrain.${getCell(state.map, battle.hex)?.terrain ?? 'plain'}`) })}</h2>
      </header>
      <table class="table compact">
        <thead>
          <tr>
            <th>{t('campaign.sheet.player')}</th>
            <th class="num">{t('campaign.sheet.points')}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.armies.map((a) => (
            <tr key={a.player}>
              <td>
                <Who state={state} player={a.player} /> <span class="muted">{detLabel(a.detachmentId)}</span>
              </td>
              <td class="num sheet-points">{a.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('campaign.sheet.battlefield')}</h3>
      <p>
        {bf.columnRoll
          ? t('campaign.sheet.columnRolled', { column: tr(t, `campaign.column.${bf.column}`), a: bf.columnRoll[0], b: bf.columnRoll[1] })
          : t('campaign.sheet.column', { column: tr(t, `campaign.column.${bf.column}`) })}
      </p>
      <table class="table compact">
        <thead>
          <tr>
            <th>{t('campaign.sheet.zone')}</th>
            <th class="num">d6</th>
            <th>{t('campaign.sheet.terrain')}</th>
          </tr>
        </thead>
        <tbody>
          {bf.zones.map((z) => (
            <tr key={z.zone}>
              <td>{z.zone + 1}</td>
              <td class="num">{z.roll}</td>
              <td>
                {piece(z.piece, z.count)}
                {z.countRoll !== null && <span class="muted"> {t('campaign.sheet.d3', { n: z.countRoll })}</span>}
                {z.row !== z.roll && <span class="muted"> {t('campaign.sheet.rowBelow', { row: z.row })}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul class="sheet-facts">
        <li>{t('campaign.sheet.firstPlacer', { player: playerName(state, sheet.firstPlacer) })}</li>
        {sheet.deployment.kind === 'scouts' ? (
          <li>{t('campaign.sheet.scouts', { player: playerName(state, sheet.deployment.chooser) })}</li>
        ) : (
          Object.entries(sheet.deployment.sides).map(([p, edge]) => (
            <li key={p}>{t('campaign.sheet.side', { player: playerName(state, p), edge: tr(t, `campaign.edge.${edge}`) })}</li>
          ))
        )}
        <li>
          <strong>{t('campaign.sheet.firstPlayer', { player: playerName(state, sheet.firstPlayer) })}</strong>
        </li>
      </ul>
    </article>
  );
}

export function RecordBattleStep({ ctx, battleId }: { ctx: Ctx; battleId: string }) {
  const { t, lang } = useI18n();
  const { state, act, busy } = ctx;
  const battle = state.battles.find((b) => b.id === battleId)!;
  const armies = battle.sheet!.armies;
  const [winner, setWinner] = useState<string | null>(null);
  const [vp, setVp] = useState<Record<string, string>>(Object.fromEntries(armies.map((a) => [a.player, ''])));
  const num = (p: string): number => (vp[p] === '' || vp[p] === undefined ? NaN : Number(vp[p]));
  const submit = (): void => {
    if (!winner) return ctx.setRefusal({ code: 'ui-pick-winner', params: {} });
    void act({ type: 'record-battle', battleId, winner, vp: Object.fromEntries(armies.map((a) => [a.player, num(a.player)])) });
  };
  return (
    <Frame ctx={ctx} marks={{ targets: new Map([[hexKey(battle.hex), null]]) }}>
      <BattleSheet state={state} battle={battle} />
      <div class="row no-print">
        <button type="button" class="btn" onClick={() => window.print()}>
          🖨 {t('campaign.sheet.print')}
        </button>
      </div>
      <Form class="battle-result no-print" onSubmit={() => submit()}>
        <h3>{t('campaign.sheet.result')}</h3>
        <div class="choices" role="radiogroup" aria-label={t('campaign.sheet.winner')}>
          <span class="choices-label">{t('campaign.sheet.winner')}</span>
          <div class="choices-row">
            {armies.map((a) => (
              <label key={a.player} class={winner === a.player ? 'choice on' : 'choice'}>
                <input type="radio" name="cw-winner" checked={winner === a.player} onChange={() => setWinner(a.player)} />
                {playerName(state, a.player)}
              </label>
            ))}
          </div>
        </div>
        {armies.map((a) => {
          const lost = armies.filter((o) => o.player !== a.player).reduce((s, o) => s + (Number.isNaN(num(o.player)) ? 0 : num(o.player)), 0);
          return (
            <div key={a.player} class="vp-row">
              <label class="inline-number">
                {t('campaign.sheet.vpOf', whoParams(state, a.player, lang))}
                <input type="number" inputMode="numeric" min={0} value={vp[a.player]} onInput={(e) => setVp({ ...vp, [a.player]: e.currentTarget.value })} />
              </label>
              <span class="muted small">{t('campaign.sheet.willLose', { player: playerName(state, a.player), lost, left: Math.max(0, a.points - lost) })}</span>
            </div>
          );
        })}
        <button type="submit" class="btn primary big" disabled={busy}>
          {t('campaign.sheet.record')}
        </button>
      </Form>
    </Frame>
  );
}
