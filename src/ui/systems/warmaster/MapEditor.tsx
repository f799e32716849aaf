// Preparing a campaign: its name, the players and their factions, and the map painted hex by
// hex (terrain, roads and paths, rivers on edges with their bridges and fords). The draft is saved
// as it is painted, so a reload or a flat battery loses at most the last tap.
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  createHexMap,
  FACTION_MINIMUM_POINTS,
  FACTIONS,
  getCell,
  hexEdgeKey,
  hexKey,
  sameHex,
  TERRAINS,
  withoutRoad,
  withRiver,
  withRoad,
  withTerrain,
  areAdjacent,
  type CampaignPlayer,
  type Faction,
  type Hex,
  type HexCell,
  type HexMap,
  type RiverCrossing,
  type Terrain,
} from '../../../domain/warmaster';
import { useI18n, type MessageKey } from '../../../i18n';
import type { CampaignDraft } from '../../../store/campaigns';
import type { Box } from './hex-layout';
import { hexLabel } from './hex-layout';
import { tr } from './labels';
import { MapView } from './MapView';

type Tool = Terrain | 'road' | 'path' | 'no-road' | 'river' | 'bridge' | 'ford' | 'no-river';
const LINE_TOOLS: Tool[] = ['road', 'path', 'no-road', 'river', 'bridge', 'ford', 'no-river'];
const MIN_SIZE = 4;
const MAX_SIZE = 40;

export function defaultDraft(name: string): CampaignDraft {
  return {
    name,
    map: createHexMap({ width: 12, height: 9 }),
    players: [
      { id: 'p1', name: '', faction: 'empire' },
      { id: 'p2', name: '', faction: 'orcs' },
    ],
  };
}

/** A new size keeps what was painted on the hexes still on the map. */
export function resizeMap(map: HexMap, width: number, height: number, scaleKm: number): HexMap {
  const fresh = createHexMap({ width, height, scaleKm });
  const keep = new Set(fresh.cells.map(hexKey));
  return {
    ...fresh,
    cells: fresh.cells.map((c) => getCell(map, c) ?? c),
    rivers: map.rivers.filter((e) => keep.has(hexKey(e.a)) && keep.has(hexKey(e.b))),
  };
}

function clampSize(v: string): number {
  const n = Math.round(Number(v));
  return Number.isFinite(n) ? Math.min(MAX_SIZE, Math.max(MIN_SIZE, n)) : MIN_SIZE;
}

export function MapEditor({
  initial,
  onSave,
  onCreate,
  busy,
}: {
  initial: CampaignDraft;
  onSave: (d: CampaignDraft) => Promise<boolean>;
  onCreate: (d: CampaignDraft) => Promise<boolean>;
  busy: boolean;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<CampaignDraft>(initial);
  const [size, setSize] = useState({ w: String(initial.map.width), h: String(initial.map.height), km: String(initial.map.scaleKm) });
  const [view, setView] = useState<Box | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const change = useDebouncedSave(setDraft, draft, onSave, timer);
  const { tool, bank, problem, setProblem, paint, pickTool } = usePainting(draft, change);

  const applySize = (): void => {
    const w = clampSize(size.w);
    const h = clampSize(size.h);
    const km = Number(size.km) > 0 ? Number(size.km) : draft.map.scaleKm;
    setSize({ w: String(w), h: String(h), km: String(km) });
    setView(null);
    change({ ...draft, map: resizeMap(draft.map, w, h, km) });
  };

  const setPlayer = (i: number, p: Partial<CampaignPlayer>): void => change({ ...draft, players: draft.players.map((x, j) => (j === i ? { ...x, ...p } : x)) });
  const addPlayer = (): void => {
    const used = new Set(draft.players.map((p) => p.id));
    let n = draft.players.length + 1;
    while (used.has(`p${n}`)) n++;
    change({ ...draft, players: [...draft.players, { id: `p${n}`, name: '', faction: FACTIONS[draft.players.length % FACTIONS.length]! }] });
  };

  const create = async (): Promise<void> => {
    const name = draft.name.trim();
    const players = draft.players.map((p) => ({ ...p, name: p.name.trim() }));
    const why = draftProblem(name, players);
    if (why) return setProblem(t(why));
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    await onCreate({ ...draft, name, players });
  };

  const picked = bank ? new Set([hexKey(bank)]) : undefined;
  return (
    <div class="campaign-body editor">
      <section class="campaign-map" aria-label={t('campaign.map.section')}>
        <MapView
          map={draft.map}
          state={null}
          players={draft.players}
          marks={{ picked }}
          onHex={paint}
          name={draft.name || t('campaign.editor.untitled')}
          view={view}
          onView={setView}
        />
      </section>
      <aside class="campaign-side">
        <NameAndPlayers draft={draft} change={change} setPlayer={setPlayer} addPlayer={addPlayer} />
        <SizePanel size={size} setSize={setSize} onApply={applySize} />
        <ToolPanel tool={tool} bank={bank} problem={problem} onTool={pickTool} />
        <div class="row end">
          <button type="button" class="btn primary big" disabled={busy} onClick={() => void create()}>
            {t('campaign.editor.create')}
          </button>
        </div>
      </aside>
    </div>
  );
}

/**
 * The paint tools: a terrain paints the tapped hex; an edge tool takes two taps (one bank, then an
 * adjacent hex). `problem` says why a tap did nothing.
 */
function usePainting(draft: CampaignDraft, change: (d: CampaignDraft) => void) {
  const { t } = useI18n();
  const [tool, setTool] = useState<Tool>('wood');
  const [bank, setBank] = useState<Hex | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const paint = (h: Hex): void => {
    const map = draft.map;
    const cell = getCell(map, h);
    if (!cell) return;
    setProblem(null);
    if (!isEdgeTool(tool)) {
      const next = paintedCell(map, cell, h, tool);
      if (next) change({ ...draft, map: next });
      return;
    }
    // edges: the first tap picks one bank, the next an adjacent hex; the river then goes on from there
    if (!bank || sameHex(bank, h)) return setBank(bank && sameHex(bank, h) ? null : h);
    if (!areAdjacent(bank, h)) {
      setProblem(t('campaign.editor.notAdjacent', { a: hexLabel(bank), b: hexLabel(h) }));
      return setBank(h);
    }
    if (tool === 'no-river') {
      const key = hexEdgeKey(bank, h);
      change({ ...draft, map: { ...map, rivers: map.rivers.filter((e) => hexEdgeKey(e.a, e.b) !== key) } });
    } else {
      const crossing: RiverCrossing | undefined = tool === 'bridge' ? 'bridge' : tool === 'ford' ? 'ford' : undefined;
      // a bridge or ford on an edge with no river yet brings its river with it
      change({ ...draft, map: withRiver(map, bank, h, crossing) });
    }
    setBank(h);
  };
  const pickTool = (x: Tool): void => {
    setTool(x);
    setBank(null);
  };
  return { tool, bank, problem, setProblem, paint, pickTool };
}

/**
 * Painting is many quick taps: one write shortly after the last of them, and the pending one on
 * leaving. `timer` is shared so creating the campaign can drop a pending write.
 */
function useDebouncedSave(
  setDraft: (d: CampaignDraft) => void,
  draft: CampaignDraft,
  onSave: (d: CampaignDraft) => Promise<boolean>,
  timer: { current: ReturnType<typeof setTimeout> | null },
) {
  const latest = useRef(draft);
  latest.current = draft;
  const change = (d: CampaignDraft): void => {
    setDraft(d);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void onSave(latest.current);
    }, 400);
  };
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void onSave(latest.current);
      }
    },
    [],
  );
  return change;
}

function PlayerRows({ players, setPlayer, onRemove }: { players: CampaignPlayer[]; setPlayer: (i: number, p: Partial<CampaignPlayer>) => void; onRemove: (i: number) => void }) {
  const { t } = useI18n();
  return (
    <ol class="player-rows">
      {players.map((p, i) => (
        <li key={p.id} class="row">
          <label>
            {t('campaign.editor.playerName', { n: i + 1 })}
            <input value={p.name} onInput={(e) => setPlayer(i, { name: e.currentTarget.value })} />
          </label>
          <label>
            {t('campaign.editor.faction', { n: i + 1 })}
            <select value={p.faction} onChange={(e) => setPlayer(i, { faction: e.currentTarget.value as Faction })}>
              {FACTIONS.map((f) => (
                <option key={f} value={f}>
                  {t('campaign.editor.factionOption', { faction: tr(t, `campaign.faction.${f}`), mp: FACTION_MINIMUM_POINTS[f] })}
                </option>
              ))}
            </select>
          </label>
          {players.length > 2 && (
            <button type="button" class="btn danger" onClick={() => onRemove(i)} aria-label={t('campaign.editor.removePlayer', { n: i + 1 })}>
              ✕
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

type SizeInput = { w: string; h: string; km: string };

/** The map's width and height in hexes and the km a hex stands for, applied on the button. */
function SizePanel({ size, setSize, onApply }: { size: SizeInput; setSize: (size: SizeInput) => void; onApply: () => void }) {
  const { t } = useI18n();
  return (
    <section class="panel">
      <h3>{t('campaign.editor.size')}</h3>
      <div class="row">
        <label class="inline-number">
          {t('campaign.editor.width')}
          <input type="number" min={MIN_SIZE} max={MAX_SIZE} value={size.w} onInput={(e) => setSize({ ...size, w: e.currentTarget.value })} />
        </label>
        <label class="inline-number">
          {t('campaign.editor.height')}
          <input type="number" min={MIN_SIZE} max={MAX_SIZE} value={size.h} onInput={(e) => setSize({ ...size, h: e.currentTarget.value })} />
        </label>
        <label class="inline-number">
          {t('campaign.editor.scale')}
          <input type="number" min={1} value={size.km} onInput={(e) => setSize({ ...size, km: e.currentTarget.value })} />
        </label>
        <button type="button" class="btn" onClick={onApply}>
          {t('campaign.editor.applySize')}
        </button>
      </div>
    </section>
  );
}

/** The paint tool: a terrain, a road, or a river edge (first bank, then the next). */
function ToolPanel({ tool, bank, problem, onTool }: { tool: Tool; bank: Hex | null; problem: string | null; onTool: (tool: Tool) => void }) {
  const { t } = useI18n();
  return (
    <section class="panel">
      <div class="choices" role="radiogroup" aria-label={t('campaign.editor.tool')}>
        <span class="choices-label">{t('campaign.editor.tool')}</span>
        <div class="choices-row">
          {[...TERRAINS, ...LINE_TOOLS].map((x) => (
            <label key={x} class={tool === x ? 'choice on' : 'choice'}>
              <input type="radio" name="cw-tool" checked={tool === x} onChange={() => onTool(x)} />
              {tr(t, `campaign.tool.${x}`)}
            </label>
          ))}
        </div>
      </div>
      <p class="hint">
        {LINE_TOOLS.slice(3).includes(tool) ? (bank ? t('campaign.editor.riverNext', { hex: hexLabel(bank) }) : t('campaign.editor.riverFirst')) : t('campaign.editor.paint')}
      </p>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The tools that work on an edge between two hexes (rivers, bridges, fords), not on one hex. */
const isEdgeTool = (tool: Tool): boolean => !(TERRAINS as readonly string[]).includes(tool) && tool !== 'road' && tool !== 'path' && tool !== 'no-road';

/** The map with one hex painted by a terrain or road tool, or null when the tap changes nothing. */
function paintedCell(map: HexMap, cell: HexCell, h: Hex, tool: Tool): HexMap | null {
  if ((TERRAINS as readonly string[]).includes(tool)) return cell.terrain !== tool ? withTerrain(map, [h], tool as Terrain) : null;
  if (tool === 'road' || tool === 'path') return cell.road === tool ? withoutRoad(map, [h]) : withRoad(map, [h], tool);
  return cell.road ? withoutRoad(map, [h]) : null;
}

/** Why the campaign cannot be created yet: a name, two players at least, each named, no two alike. */
function draftProblem(name: string, players: CampaignPlayer[]): MessageKey | null {
  if (!name) return 'campaign.editor.needName';
  if (players.length < 2) return 'campaign.editor.needPlayers';
  if (players.some((p) => !p.name)) return 'campaign.editor.needPlayerNames';
  if (new Set(players.map((p) => p.name.toLowerCase())).size !== players.length) return 'campaign.editor.duplicateNames';
  return null;
}

/** The campaign's name and its players (two to six), each with a faction. */
function NameAndPlayers({
  draft,
  change,
  setPlayer,
  addPlayer,
}: {
  draft: CampaignDraft;
  change: (d: CampaignDraft) => void;
  setPlayer: (i: number, p: Partial<CampaignPlayer>) => void;
  addPlayer: () => void;
}) {
  const { t } = useI18n();
  return (
    <section class="panel">
      <h2>{t('campaign.editor.title')}</h2>
      <label>
        {t('campaign.editor.name')}
        <input value={draft.name} onInput={(e) => change({ ...draft, name: e.currentTarget.value })} />
      </label>
      <h3>{t('campaign.editor.players')}</h3>
      <PlayerRows players={draft.players} setPlayer={setPlayer} onRemove={(i) => change({ ...draft, players: draft.players.filter((_, j) => j !== i) })} />
      {draft.players.length < 6 && (
        <button type="button" class="btn" onClick={addPlayer}>
          + {t('campaign.editor.addPlayer')}
        </button>
      )}
    </section>
  );
}
