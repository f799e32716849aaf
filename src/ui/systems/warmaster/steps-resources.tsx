// Resources phase: fate rolls with their effect (and the choice some of them ask for), each
// player's one action, the income with what is linked and what is not, then the muster (new
// detachments, reinforcements, destroy attempts) and the end of the turn.
import { useMemo, useState } from 'preact/hooks';
import {
  activeActions,
  destroyTarget,
  destroyTargetAt,
  FATE_TABLE,
  foldCampaign,
  hexKey,
  incomeForecast,
  isCityKind,
  isDeceivedNow,
  meetsMp,
  resourceAt,
  roadCost,
  sameHex,
  shortestRoad,
  type CampaignState,
  type FateChoice,
  type FateRecord,
  type Hex,
  type PlayerIncome,
  type Resource,
} from '../../../domain/warmaster';
import { useI18n } from '../../../i18n';
import { randomSeed } from '../../../platform/seed';
import { Frame, Who, type Ctx } from './Frame';
import { hexLabel } from './hex-layout';
import { detLabel, playerName, tr, whoParams } from './labels';
import { ArmyTools, blockedHexes, BuildChoices, PlayerPicker, type BuildTool } from './steps-setup';

function FateList({ state }: { state: CampaignState }) {
  const { t } = useI18n();
  if (state.fate.length === 0) return null;
  const choiceText = (f: FateRecord): string | null => {
    const c = f.choice;
    if (!f.resolved) return null;
    if (!c) return f.result === 'reinforcements' || f.result === 'scouts' ? null : t('campaign.fate.declined');
    switch (c.kind) {
      case 'bad-weather':
        return t('campaign.fate.chose.weather', { hexes: c.hexes.map(hexLabel).join(', ') });
      case 'supply-line':
        return t('campaign.fate.chose.supply', { id: detLabel(c.detachmentId), amount: c.amount });
      case 'raid':
        return t('campaign.fate.chose.raid', { player: playerName(state, c.target) });
      case 'deception':
        return t('campaign.fate.chose.deception', { id: detLabel(c.detachmentId) });
    }
  };
  return (
    <ul class="fate-list" data-testid="fate-list">
      {state.fate.map((f) => (
        <li key={f.player} data-fate={f.result}>
          <Who state={state} player={f.player} /> <span class="die">{f.roll}</span> <strong>{tr(t, `campaign.fate.${f.result}`)}</strong>
          {' — '}
          {t(`campaign.fate.effect.${f.result}`, { amount: f.amount ?? 0, turn: state.turn + 1 })}
          {choiceText(f) && <em> {choiceText(f)}</em>}
        </li>
      ))}
    </ul>
  );
}

function FateTable() {
  const { t } = useI18n();
  return (
    <details class="small">
      <summary>{t('campaign.fate.table')}</summary>
      <ol>
        {FATE_TABLE.map((r) => (
          <li key={r}>
            <strong>{tr(t, `campaign.fate.${r}`)}</strong>
            {t('common.colon')}
            {t(`campaign.fate.rule.${r}`)}
          </li>
        ))}
      </ol>
    </details>
  );
}

function FateChoicePanel({ ctx, player, rec }: { ctx: Ctx; player: string; rec: FateRecord }) {
  const { t } = useI18n();
  const { state, act, busy } = ctx;
  const [picked, setPicked] = useState<Hex[]>([]);
  const [target, setTarget] = useState<string>('');
  const [amount, setAmount] = useState('');
  const resolve = (choice: FateChoice | null): void => void act({ type: 'resolve-fate', player, choice });
  const decline = (
    <button type="button" class="btn" disabled={busy} onClick={() => resolve(null)}>
      {t('campaign.fate.decline')}
    </button>
  );
  const wanted = Math.min(rec.amount ?? 0, state.map.cells.length);
  let body = null;
  let marks = {};
  let onHex: ((h: Hex) => void) | undefined;
  if (rec.result === 'bad-weather') {
    const keys = new Set(picked.map(hexKey));
    marks = { picked: keys };
    onHex = (h) => setPicked(keys.has(hexKey(h)) ? picked.filter((x) => !sameHex(x, h)) : [...picked, h]);
    body = (
      <>
        <p class="hint">{t('campaign.fate.pickWeather', { n: wanted, count: picked.length })}</p>
        <p>{picked.map(hexLabel).join(', ')}</p>
        <button type="button" class="btn primary" disabled={busy} onClick={() => resolve({ kind: 'bad-weather', hexes: picked })}>
          {t('campaign.fate.confirm')}
        </button>
      </>
    );
  } else if (rec.result === 'raid') {
    body = (
      <>
        <PlayerPicker
          state={{ ...state, players: state.players.filter((p) => p.id !== player) }}
          value={target}
          onChange={setTarget}
          label={t('campaign.fate.raidTarget', { amount: rec.amount ?? 0 })}
        />
        <button type="button" class="btn primary" disabled={busy || !target} onClick={() => resolve({ kind: 'raid', target })}>
          {t('campaign.fate.confirm')}
        </button>
      </>
    );
  } else if (rec.result === 'supply-line' || rec.result === 'deception') {
    const own = rec.result === 'supply-line';
    const candidates = state.detachments.filter((d) => (own ? d.owner === player && !isCityKind(resourceAt(state, d.hex)?.kind ?? 'mine') : d.owner !== player));
    marks = { targets: new Map(candidates.map((d) => [hexKey(d.hex), null])), selectedDetachment: target || null };
    onHex = (h) => {
      const d = candidates.find((x) => sameHex(x.hex, h));
      if (d) setTarget(d.id);
    };
    body = (
      <>
        <div class="choices" role="radiogroup" aria-label={t(own ? 'campaign.fate.supplyWho' : 'campaign.fate.deceptionWho')}>
          <span class="choices-label">{t(own ? 'campaign.fate.supplyWho' : 'campaign.fate.deceptionWho')}</span>
          <div class="choices-row">
            {candidates.length === 0 && <span class="muted">{t('campaign.fate.noCandidate')}</span>}
            {candidates.map((d) => (
              <label key={d.id} class={target === d.id ? 'choice on' : 'choice'}>
                <input type="radio" name="cw-fate-det" checked={target === d.id} onChange={() => setTarget(d.id)} />
                {detLabel(d.id)} · {playerName(state, d.owner)} · {hexLabel(d.hex)} · {d.points}
              </label>
            ))}
          </div>
        </div>
        {own && (
          <label class="inline-number">
            {t('campaign.fate.supplyAmount', { rp: state.bank[player] ?? 0 })}
            <input type="number" inputMode="numeric" min={1} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
          </label>
        )}
        <button
          type="button"
          class="btn primary"
          disabled={busy || !target}
          onClick={() => resolve(own ? { kind: 'supply-line', detachmentId: target, amount: Number(amount) } : { kind: 'deception', detachmentId: target })}
        >
          {t('campaign.fate.confirm')}
        </button>
      </>
    );
  }
  return (
    <Frame ctx={ctx} marks={marks} onHex={onHex} player={player}>
      <h2>{t('campaign.step.fate')}</h2>
      <FateList state={state} />
      <p class="step-who">
        {t('campaign.fate.choiceFor')} <Who state={state} player={player} />
        {t('common.colon')}
        <strong>{tr(t, `campaign.fate.${rec.result}`)}</strong>
      </p>
      {body}
      <div class="row end">{decline}</div>
      <FateTable />
    </Frame>
  );
}

export function FateStep({ ctx, player }: { ctx: Ctx; player: string }) {
  const { t, lang } = useI18n();
  const { state, act, busy } = ctx;
  const open = state.fate.find((f) => !f.resolved);
  if (open) return <FateChoicePanel ctx={ctx} player={open.player} rec={open} />;
  return (
    <Frame ctx={ctx} player={player}>
      <h2>{t('campaign.step.fate')}</h2>
      <FateList state={state} />
      <p class="step-who">
        {t('campaign.fate.next')} <Who state={state} player={player} />
      </p>
      <button type="button" class="btn primary big" disabled={busy} onClick={() => void act({ type: 'roll-fate', player, seed: randomSeed() })}>
        🎲 {t('campaign.fate.roll', whoParams(state, player, lang))}
      </button>
      <FateTable />
    </Frame>
  );
}

export function IncomeTable({ state, incomes, rolled, gone = [] }: { state: CampaignState; incomes: PlayerIncome[]; rolled: boolean; gone?: Resource[] }) {
  const { t, lang } = useI18n();
  return (
    <div class="income" data-testid="income">
      {incomes.map((p) => (
        <table key={p.player} class="table compact" aria-label={t('campaign.income.of', whoParams(state, p.player, lang))}>
          <caption>
            <Who state={state} player={p.player} />
          </caption>
          <tbody>
            {p.lines.map((l) => {
              const r = state.resources.find((x) => x.id === l.resourceId) ?? gone.find((x) => x.id === l.resourceId);
              return (
                <tr key={l.resourceId} class={`income-${l.status}`}>
                  <td>
                    {tr(t, `campaign.kind.${l.kind}`)} {r ? hexLabel(r.hex) : ''}
                  </td>
                  <td>
                    {tr(t, `campaign.income.${l.status}`)}
                    {l.mineRoll !== null && <span class="die small-die">{l.mineRoll}</span>}
                    {!rolled && l.kind === 'mine' && l.status === 'linked' && <span class="muted small"> {t('campaign.income.mineDie')}</span>}
                  </td>
                  <td class="num">{l.amount}</td>
                </tr>
              );
            })}
            {p.raided > 0 && (
              <tr>
                <td colSpan={2}>{t('campaign.income.raided')}</td>
                <td class="num">−{p.raided}</td>
              </tr>
            )}
            <tr class="total">
              <td colSpan={2}>{t(rolled ? 'campaign.income.net' : 'campaign.income.forecast')}</td>
              <td class="num">{p.net}</td>
            </tr>
          </tbody>
        </table>
      ))}
    </div>
  );
}

export function ActionStep({ ctx, player }: { ctx: Ctx; player: string }) {
  const { t } = useI18n();
  const { state, act, busy, setRefusal } = ctx;
  const [tool, setTool] = useState<BuildTool | 'road' | null>(null);
  const [roadFrom, setRoadFrom] = useState<Hex | null>(null);
  const [roadTo, setRoadTo] = useState<Hex | null>(null);
  const own = state.resources.filter((r) => r.owner === player);
  const road = roadFrom && roadTo ? shortestRoad(state.map, roadFrom, roadTo) : null;
  const targets = tool === 'road' ? new Map(own.filter((r) => !roadFrom || !sameHex(r.hex, roadFrom)).map((r) => [hexKey(r.hex), null])) : undefined;
  const blocked = tool && tool !== 'road' ? blockedHexes(state, player, tool, false) : undefined;
  const onHex = (h: Hex): void => {
    if (!tool) return setRefusal({ code: 'ui-pick-action', params: {} });
    if (tool !== 'road') return void act({ type: tool === 'village' ? 'build-village' : 'build-mine', player, hex: h });
    const mine = own.find((r) => sameHex(r.hex, h));
    if (!mine) return setRefusal({ code: 'road-start-not-friendly-resource', params: { q: h.q, r: h.r } });
    setRefusal(null);
    if (!roadFrom || roadTo) {
      setRoadFrom(h);
      setRoadTo(null);
    } else if (!sameHex(h, roadFrom)) setRoadTo(h);
  };
  const pickTool = (x: BuildTool | 'road' | null): void => {
    setTool(x);
    setRoadFrom(null);
    setRoadTo(null);
    setRefusal(null);
  };
  const picked = new Set([roadFrom, roadTo].filter((h): h is Hex => h !== null).map(hexKey));
  return (
    <Frame ctx={ctx} marks={{ targets, blocked, picked, path: road ?? undefined }} onHex={onHex} player={player}>
      <h2>{t('campaign.step.action')}</h2>
      <p class="step-who">
        {t('campaign.action.who')} <Who state={state} player={player} /> <span class="muted">({t('campaign.action.bank', { rp: state.bank[player] ?? 0 })})</span>
      </p>
      <BuildChoices state={state} player={player} tool={tool === 'road' ? null : tool} onTool={pickTool} setup={false} />
      <label class={tool === 'road' ? 'choice on' : 'choice'}>
        <input type="radio" name="cw-build" checked={tool === 'road'} onChange={() => pickTool('road')} />
        {t('campaign.action.road')}
      </label>
      {tool === 'road' && <p class="hint">{roadFrom ? t('campaign.action.roadTo', { hex: hexLabel(roadFrom) }) : t('campaign.action.roadFrom')}</p>}
      {tool === 'road' && roadFrom && roadTo && !road && <p class="error">{t('campaign.refusal.ui-no-path', { hex: hexLabel(roadTo) })}</p>}
      {road && (
        <div class="path-preview">
          <p>
            {road.map(hexLabel).join(' → ')} · <strong>{t('campaign.action.roadCost', { cost: roadCost(state, road) })}</strong>
          </p>
          <button type="button" class="btn primary" disabled={busy} onClick={() => void act({ type: 'build-road', player, path: road })}>
            {t('campaign.action.buildRoad')}
          </button>
        </div>
      )}
      <div class="row end">
        <button type="button" class="btn" disabled={busy} onClick={() => void act({ type: 'skip-action', player })}>
          {t('campaign.action.skip', { player: playerName(state, player) })}
        </button>
      </div>
      <h3>{t('campaign.income.forecastTitle')}</h3>
      <IncomeTable state={state} incomes={incomeForecast(state).filter((p) => p.player === player)} rolled={false} />
    </Frame>
  );
}

export function IncomeStep({ ctx }: { ctx: Ctx }) {
  const { t } = useI18n();
  const { state, act, busy } = ctx;
  return (
    <Frame ctx={ctx}>
      <h2>{t('campaign.step.income')}</h2>
      <p class="small muted">{t('campaign.income.rules')}</p>
      <IncomeTable state={state} incomes={incomeForecast(state)} rolled={false} />
      <button type="button" class="btn primary big" disabled={busy} onClick={() => void act({ type: 'collect-income', seed: randomSeed() })}>
        🎲 {t('campaign.income.collect')}
      </button>
    </Frame>
  );
}

export function MusterStep({ ctx }: { ctx: Ctx }) {
  const { t } = useI18n();
  const { state, act, busy } = ctx;
  const [player, setPlayer] = useState(state.order[0] ?? state.players[0]!.id);
  // an exhausted mine leaves the map with the income roll: the state just before still places it
  const gone = useMemo(() => {
    const standing = activeActions(ctx.record.actions);
    const i = standing.map((x) => x.action.type).lastIndexOf('collect-income');
    return i < 0 ? [] : foldCampaign(standing.slice(0, i).map((x) => x.action)).resources;
  }, [ctx.record.actions.length]);
  const raiders = state.detachments.filter((d) => meetsMp(state, d) && !d.fought && !d.destroyAttempted && !isDeceivedNow(state, d.id) && destroyTargetAt(state, d));
  return (
    <Frame ctx={ctx} marks={{ targets: new Map(raiders.map((d) => [hexKey(d.hex), null])) }} player={player}>
      <h2>{t('campaign.step.muster')}</h2>
      {state.income && <IncomeTable state={state} incomes={state.income} rolled gone={gone} />}
      {raiders.length > 0 && (
        <div class="destroy">
          <h3>{t('campaign.destroy.title')}</h3>
          <ul>
            {raiders.map((d) => {
              const target = destroyTargetAt(state, d)!;
              const kind = target.kind === 'road' ? 'road' : target.resource.kind;
              const { target: needed, bonus } = destroyTarget(kind, d.points);
              return (
                <li key={d.id}>
                  <Who state={state} player={d.owner} />{' '}
                  {t('campaign.destroy.line', { id: detLabel(d.id), kind: tr(t, `campaign.kind.${kind}`), hex: hexLabel(d.hex), needed, bonus })}{' '}
                  <button type="button" class="btn" disabled={busy} onClick={() => void act({ type: 'attempt-destroy', detachmentId: d.id, seed: randomSeed() })}>
                    🎲 {t('campaign.destroy.try', { id: detLabel(d.id) })}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <PlayerPicker state={state} value={player} onChange={setPlayer} label={t('campaign.muster.player')} />
      <ArmyTools key={player} ctx={ctx} player={player} />
      <div class="row end">
        <button type="button" class="btn primary big" disabled={busy} onClick={() => void act({ type: 'end-turn' })}>
          {t('campaign.muster.endTurn', { n: state.turn })}
        </button>
      </div>
    </Frame>
  );
}
