// The campaign map as SVG. Colours and sizes are presentation attributes, not CSS, so the same
// element serialises to a self-contained image file. Only the hex groups take taps: every layer
// drawn over them ignores the pointer, so a tap on a counter is a tap on its hex.
import type { Ref } from 'preact';
import { useI18n } from '../../../i18n';
import {
  hexKey,
  hexNeighbours,
  meetsMp,
  sameHex,
  type CampaignPlayer,
  type CampaignState,
  type Detachment,
  type Hex,
  type HexCell,
  type HexMap,
  type Resource,
  type Terrain,
} from '../../../domain/warmaster';
import { HEX_SIZE, hexCenter, hexCorners, hexLabel, pointsAttr, round, sharedEdge, type Box, type Point } from './hex-layout';
import { detLabel, PLAYER_COLOURS, tr, whoParams } from './labels';

export const TERRAIN_FILL: Record<Terrain, string> = {
  plain: '#e3ecb4',
  hill: '#dcb877',
  wood: '#86b56e',
  mountain: '#aaa49b',
  sea: '#6aa5dc',
};
const GLYPH: Record<Terrain, string> = { plain: '', hill: '#7d5a1e', wood: '#24561a', mountain: '#4f4740', sea: '#245f99' };
const ROAD = '#5b3a1e';
const RIVER = '#0d47a1';
const TARGET = '#ffd000';
const TARGET_EDGE = '#d08a00';
const INK = '#1b1b1b';

export interface MapMarks {
  /** hexes offered as choices, each with an optional short text (a movement cost) */
  targets?: Map<string, string | null>;
  /** hexes where the chosen building is not allowed: dimmed, so the allowed ones stand out */
  blocked?: Set<string>;
  /** hexes already picked (weather, a river's first bank, a destination) */
  picked?: Set<string>;
  /** drawn from the first hex through the others (the start included) */
  path?: Hex[];
  selectedDetachment?: string | null;
}

interface Props {
  map: HexMap;
  state: CampaignState | null;
  players: CampaignPlayer[];
  marks: MapMarks;
  viewBox: Box;
  onHex?: (h: Hex) => void;
  svgRef?: Ref<SVGSVGElement>;
  title: string;
}

function colourOf(players: CampaignPlayer[], id: string | undefined): string {
  const i = players.findIndex((p) => p.id === id);
  return PLAYER_COLOURS[Math.max(i, 0) % PLAYER_COLOURS.length]!;
}

function TerrainGlyph({ cell, c }: { cell: HexCell; c: Point }) {
  const colour = GLYPH[cell.terrain];
  const x = c.x;
  const y = c.y + 4;
  switch (cell.terrain) {
    case 'hill':
      return <path d={`M${x - 26} ${y + 20} q8 -11 16 0 M${x + 10} ${y + 20} q8 -11 16 0`} fill="none" stroke={colour} stroke-width="2.5" />;
    case 'mountain':
      return <path d={`M${x - 30} ${y + 22} l8 -13 l8 13 M${x + 14} ${y + 22} l8 -13 l8 13`} fill="none" stroke={colour} stroke-width="2.5" stroke-linejoin="round" />;
    case 'wood':
      return (
        <g fill={colour}>
          <path d={`M${x - 24} ${y + 22} l6 -12 l6 12 z`} />
          <path d={`M${x + 12} ${y + 22} l6 -12 l6 12 z`} />
        </g>
      );
    case 'sea':
      return <path d={`M${x - 24} ${y + 18} q6 -5 12 0 q6 5 12 0 q6 -5 12 0 q6 5 12 0`} fill="none" stroke={colour} stroke-width="2.5" />;
    default:
      return null;
  }
}

function ResourceIcon({ r, colour }: { r: Resource; colour: string }) {
  const { x, y: cy } = hexCenter(r.hex);
  const y = cy - 8;
  const common = { fill: colour, stroke: '#fff', 'stroke-width': 2.5, 'stroke-linejoin': 'round' as const };
  switch (r.kind) {
    case 'city':
      return <path {...common} d={`M${x - 15} ${y + 11} v-19 h6 v5 h6 v-5 h6 v5 h6 v-5 h6 v19 z`} />;
    case 'necropolis':
      return <path {...common} d={`M${x - 11} ${y + 11} v-14 a11 11 0 0 1 22 0 v14 z`} />;
    case 'portal':
      return (
        <g>
          <circle cx={x} cy={y} r={11} fill="none" stroke="#fff" stroke-width={10} />
          <circle cx={x} cy={y} r={11} fill="none" stroke={colour} stroke-width={5} />
        </g>
      );
    case 'village':
      return <path {...common} d={`M${x - 12} ${y + 10} v-11 l12 -10 l12 10 v11 z`} />;
    case 'mine':
      return <path {...common} d={`M${x - 13} ${y - 9} h26 l-13 20 z`} />;
  }
}

function Counters({ list, players, selected, underMp }: { list: Detachment[]; players: CampaignPlayer[]; selected: string | null | undefined; underMp: Set<string> }) {
  const c = hexCenter(list[0]!.hex);
  return (
    <g>
      {list.map((d, i) => {
        const id = detLabel(d.id);
        const pts = String(d.points);
        // the points in big type (what the players argue about), the id small beside them
        const w = 14 + id.length * 9 + pts.length * 12.5;
        const h = 25;
        const x = c.x - w / 2;
        const y = c.y + 4 + i * (h + 2) - (list.length - 1) * 13;
        const colour = colourOf(players, d.owner);
        // under MP: an outlined counter, since such a detachment moves last and cannot attack
        const full = !underMp.has(d.id);
        const isSel = d.id === selected;
        return (
          <g key={d.id} data-detachment={d.id}>
            {isSel && <rect data-mark="selected" x={x - 5} y={y - 5} width={w + 10} height={h + 10} rx={8} fill="#fff" stroke={INK} stroke-width={2} />}
            <rect
              x={x}
              y={y}
              width={w}
              height={h}
              rx={5}
              fill={full ? colour : '#fff'}
              stroke={full ? '#fff' : colour}
              stroke-width={2.5}
              stroke-dasharray={full ? undefined : '5 3'}
            />
            <text x={x + 5} y={y + 19} font-weight={800} fill={full ? '#fff' : colour}>
              <tspan font-size={14}>{id}</tspan>
              <tspan dx={3} font-size={20}>
                {pts}
              </tspan>
            </text>
          </g>
        );
      })}
    </g>
  );
}

export function MapSvg({ map, state, players, marks, viewBox, onHex, svgRef, title }: Props) {
  const { t, lang } = useI18n();
  const cells = map.cells;
  const cellAt = new Map(cells.map((c) => [hexKey(c), c]));
  const resources = state?.resources ?? [];
  const resourceHexes = new Set(resources.map((r) => hexKey(r.hex)));
  const weather = new Set((state?.weather ?? []).filter((w) => w.turn === state?.turn).flatMap((w) => w.hexes.map(hexKey)));

  const byHex = new Map<string, Detachment[]>();
  const underMp = new Set<string>();
  for (const d of state?.detachments ?? []) {
    const k = hexKey(d.hex);
    byHex.set(k, [...(byHex.get(k) ?? []), d]);
    if (state && !meetsMp(state, d)) underMp.add(d.id);
  }
  const battles = (state?.battles ?? []).filter((b) => b.status !== 'resolved');

  const describe = (c: HexCell): string => {
    const parts = [hexLabel(c), tr(t, `campaign.terrain.${c.terrain}`)];
    if (c.road) parts.push(tr(t, `campaign.road.${c.road}`));
    const r = resources.find((x) => sameHex(x.hex, c));
    if (r) parts.push(t('campaign.resource.of', { kind: tr(t, `campaign.kind.${r.kind}`), ...whoParams({ players }, r.owner, lang), hex: hexLabel(r.hex) }));
    for (const d of byHex.get(hexKey(c)) ?? []) parts.push(`${detLabel(d.id)} ${players.find((p) => p.id === d.owner)?.name ?? ''} ${d.points}`);
    const cost = marks.targets?.get(hexKey(c));
    if (cost) parts.push(cost);
    return parts.join(', ');
  };

  const vb = `${round(viewBox.x)} ${round(viewBox.y)} ${round(viewBox.w)} ${round(viewBox.h)}`;
  return (
    <svg
      ref={svgRef}
      class="hexmap"
      viewBox={vb}
      preserveAspectRatio="xMidYMid meet"
      xmlns="http://www.w3.org/2000/svg"
      role="group"
      aria-label={title}
      font-family="system-ui, sans-serif"
    >
      <rect x={viewBox.x - 5000} y={viewBox.y - 5000} width={viewBox.w + 10000} height={viewBox.h + 10000} fill="#f4f1e8" data-export="background" />
      <HexLayer cells={cells} targets={marks.targets} onHex={onHex} describe={describe} />
      <g data-layer="overlay" pointer-events="none">
        {[...weather].map((k) => {
          const c = cellAt.get(k);
          return c ? (
            <polygon key={`w${k}`} points={pointsAttr(hexCorners(c, HEX_SIZE - 3))} fill="#9fb3c8" fill-opacity={0.55} stroke="#37474f" stroke-width={3} stroke-dasharray="4 4" />
          ) : null;
        })}
        <Roads {...roadSegments(cells, cellAt, resourceHexes)} />
        <Rivers rivers={map.rivers} />
        <HexMarks marks={marks} cellAt={cellAt} />
        {marks.path && marks.path.length > 1 && <PathMark path={marks.path} />}
        {resources.map((r) => (
          <ResourceIcon key={r.id} r={r} colour={colourOf(players, r.owner)} />
        ))}
        {state && [...byHex.values()].map((list) => <Counters key={hexKey(list[0]!.hex)} list={list} players={players} selected={marks.selectedDetachment} underMp={underMp} />)}
        <CostLabels targets={marks.targets} cellAt={cellAt} occupied={byHex} />
        <BattleMarks battles={battles} />
      </g>
    </svg>
  );
}

/** The hexes themselves: each a button (keyboard-reachable when it is a target) named by `describe`. */
function HexLayer({ cells, targets, onHex, describe }: { cells: HexCell[]; targets: MapMarks['targets']; onHex: Props['onHex']; describe: (c: HexCell) => string }) {
  return (
    <g data-layer="hexes">
      {cells.map((c) => {
        const k = hexKey(c);
        const p = hexCenter(c);
        const target = targets?.has(k);
        return (
          <g
            key={k}
            data-hex={k}
            role="button"
            // lowercase: an SVG element only knows the attribute by this name
            tabindex={target ? 0 : -1}
            aria-label={describe(c)}
            onClick={onHex ? () => onHex(c) : undefined}
            onKeyDown={onHex ? (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onHex(c)) : undefined}
            style={onHex ? 'cursor:pointer' : undefined}
          >
            <polygon points={pointsAttr(hexCorners(c))} fill={TERRAIN_FILL[c.terrain]} stroke="#5f5a50" stroke-width={1.5} />
            <TerrainGlyph cell={c} c={p} />
            <text x={p.x} y={p.y - 18} text-anchor="middle" font-size={17} font-weight={800} fill={INK} stroke={TERRAIN_FILL[c.terrain]} stroke-width={3} paint-order="stroke">
              {hexLabel(c)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Roads and paths between hexes (a light casing under each), and a dot for a road hex with no neighbour on a road. */
function Roads({ roads, lone }: ReturnType<typeof roadSegments>) {
  return (
    <>
      {roads.map((s, i) => (
        <g key={`r${i}`}>
          <line x1={round(s.a.x)} y1={round(s.a.y)} x2={round(s.b.x)} y2={round(s.b.y)} stroke="#f4f1e8" stroke-width={s.kind === 'road' ? 10 : 7} stroke-linecap="round" />
          <line
            x1={round(s.a.x)}
            y1={round(s.a.y)}
            x2={round(s.b.x)}
            y2={round(s.b.y)}
            stroke={ROAD}
            stroke-width={s.kind === 'road' ? 6 : 4}
            stroke-linecap="round"
            stroke-dasharray={s.kind === 'path' ? '7 5' : undefined}
          />
        </g>
      ))}
      {lone.map((s, i) => (
        <circle key={`l${i}`} cx={round(s.p.x)} cy={round(s.p.y)} r={6} fill={ROAD} />
      ))}
    </>
  );
}

/** A road segment joins two adjacent hexes that both carry a road (a resource hex counts as road); a road hex with none is a dot. */
function roadSegments(cells: HexCell[], cellAt: Map<string, HexCell>, resourceHexes: Set<string>) {
  const roadAt = new Set(cells.filter((c) => c.road !== undefined).map(hexKey));
  const roads: Array<{ a: Point; b: Point; kind: 'road' | 'path' }> = [];
  const lone: Array<{ p: Point; kind: 'road' | 'path' }> = [];
  for (const c of cells) {
    if (c.road === undefined) continue;
    let linked = false;
    for (const n of hexNeighbours(c)) {
      const k = hexKey(n);
      if (!roadAt.has(k) && !resourceHexes.has(k)) continue;
      linked = true;
      // each road pair once; a road to a resource hex is drawn from the road side
      if (roadAt.has(k) && k < hexKey(c)) continue;
      const other = cellAt.get(k);
      const kind = c.road === 'path' || other?.road === 'path' ? 'path' : 'road';
      roads.push({ a: hexCenter(c), b: hexCenter(n), kind });
    }
    if (!linked) lone.push({ p: hexCenter(c), kind: c.road });
  }
  return { roads, lone };
}

/** Rivers along the hexes' shared edges, with their bridges and fords. */
function Rivers({ rivers }: { rivers: HexMap['rivers'] }) {
  return (
    <>
      {rivers.map((e, i) => {
        const [p1, p2] = sharedEdge(e.a, e.b);
        const mid = { x: (p1.x + p2.x) / 2, y: (p1.y + p2.y) / 2 };
        const ca = hexCenter(e.a);
        const cb = hexCenter(e.b);
        return (
          <g key={`v${i}`}>
            <line x1={round(p1.x)} y1={round(p1.y)} x2={round(p2.x)} y2={round(p2.y)} stroke={RIVER} stroke-width={10} stroke-linecap="round" />
            {e.crossing === 'bridge' && (
              <g>
                <line
                  x1={round(mid.x + (ca.x - mid.x) * 0.5)}
                  y1={round(mid.y + (ca.y - mid.y) * 0.5)}
                  x2={round(mid.x + (cb.x - mid.x) * 0.5)}
                  y2={round(mid.y + (cb.y - mid.y) * 0.5)}
                  stroke="#f4f1e8"
                  stroke-width={14}
                />
                <line
                  x1={round(mid.x + (ca.x - mid.x) * 0.5)}
                  y1={round(mid.y + (ca.y - mid.y) * 0.5)}
                  x2={round(mid.x + (cb.x - mid.x) * 0.5)}
                  y2={round(mid.y + (cb.y - mid.y) * 0.5)}
                  stroke={ROAD}
                  stroke-width={9}
                />
              </g>
            )}
            {e.crossing === 'ford' && <circle cx={round(mid.x)} cy={round(mid.y)} r={8} fill="#fff" stroke={RIVER} stroke-width={3.5} stroke-dasharray="4 2.5" />}
          </g>
        );
      })}
    </>
  );
}

/** The move's path, a dot at each step, a bigger one at its end. */
function PathMark({ path }: { path: Hex[] }) {
  return (
    <g data-mark="path">
      <polyline points={pointsAttr(path.map(hexCenter))} fill="none" stroke={INK} stroke-width={11} stroke-linecap="round" stroke-linejoin="round" />
      <polyline points={pointsAttr(path.map(hexCenter))} fill="none" stroke="#fff" stroke-width={5} stroke-linecap="round" stroke-linejoin="round" />
      {path.slice(1).map((h, i) => {
        const p = hexCenter(h);
        return <circle key={`pd${i}`} cx={round(p.x)} cy={round(p.y)} r={i === path!.length - 2 ? 9 : 5} fill="#fff" stroke={INK} stroke-width={3} />;
      })}
    </g>
  );
}

/** The costs go over everything else: they are what the organizer is choosing by. */
function CostLabels({ targets, cellAt, occupied }: { targets: MapMarks['targets']; cellAt: Map<string, HexCell>; occupied: Map<string, unknown> }) {
  return (
    <>
      {[...(targets ?? new Map<string, string | null>()).entries()].map(([k, text]) => {
        // the costs go over everything else: they are what the organizer is choosing by
        const c = text ? cellAt.get(k) : undefined;
        if (!c || !text) return null;
        const p = hexCenter(c);
        const w = text.length * 9.5 + 9;
        // under the hex's resource icon; beside it when a counter already sits there
        const x = occupied.has(k) ? p.x + 2 : p.x - w / 2;
        const y = occupied.has(k) ? p.y - 14 : p.y + 4;
        return (
          <g key={`c${k}`} data-mark="cost">
            <rect x={x} y={y} width={w} height={22} rx={11} fill={INK} />
            <text x={x + 4.5} y={y + 16.5} font-size={17} font-weight={800} fill={TARGET}>
              {text}
            </text>
          </g>
        );
      })}
    </>
  );
}

function BattleMarks({ battles }: { battles: CampaignState['battles'] }) {
  return (
    <>
      {battles.map((b) => {
        const p = hexCenter(b.hex);
        const x = p.x + 20;
        const y = p.y - 20;
        const d = `M${x - 9} ${y - 9} L${x + 9} ${y + 9} M${x + 9} ${y - 9} L${x - 9} ${y + 9}`;
        return (
          <g key={b.id} data-battle={b.id}>
            <circle cx={x} cy={y} r={14} fill="#fff" stroke="#b00020" stroke-width={3} />
            <path d={d} stroke="#b00020" stroke-width={4.5} stroke-linecap="round" />
          </g>
        );
      })}
    </>
  );
}

/** Hexes the step blocks, the hex picked, and the hexes a move can reach. */
function HexMarks({ marks, cellAt }: { marks: MapMarks; cellAt: Map<string, HexCell> }) {
  return (
    <>
      {[...(marks.blocked ?? [])].map((k) => {
        const c = cellAt.get(k);
        return c ? <polygon key={`b${k}`} data-mark="blocked" data-blocked={k} points={pointsAttr(hexCorners(c))} fill="#10151c" fill-opacity={0.4} /> : null;
      })}
      {[...(marks.picked ?? [])].map((k) => {
        const c = cellAt.get(k);
        return c ? (
          <polygon key={`p${k}`} data-mark="picked" points={pointsAttr(hexCorners(c, HEX_SIZE - 4))} fill="#00e5ff" fill-opacity={0.35} stroke="#006064" stroke-width={4} />
        ) : null;
      })}
      {[...(marks.targets?.keys() ?? [])].map((k) => {
        const c = cellAt.get(k);
        if (!c) return null;
        return (
          <g key={`t${k}`} data-target={k} data-mark="target">
            <polygon points={pointsAttr(hexCorners(c, HEX_SIZE - 3))} fill={TARGET} fill-opacity={0.25} stroke={TARGET_EDGE} stroke-width={4} />
          </g>
        );
      })}
    </>
  );
}
