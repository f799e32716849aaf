// The map with touch navigation: one finger drags, two fingers pinch, the wheel zooms, and
// buttons do the same for anyone who prefers tapping. The view is a viewBox in map units held by
// the screen, so it survives the panel below it changing from one step to the next.
import { useRef } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import type { CampaignPlayer, CampaignState, Hex, HexMap } from '../../../domain/warmaster';
import { useServices } from '../../services';
import { mapBounds, type Box } from './hex-layout';
import { downloadBlob } from '../../files';
import { mapSvgText, slug, svgToPng } from './map-export';
import { MapSvg, type MapMarks } from './MapSvg';

interface Props {
  map: HexMap;
  state: CampaignState | null;
  players: CampaignPlayer[];
  marks: MapMarks;
  onHex?: (h: Hex) => void;
  name: string;
  view: Box | null;
  onView: (v: Box | null) => void;
}

/** a finger moving less than this is a tap, not a drag */
const TAP_SLOP = 10;
const MIN_SHARE = 0.12;
const MAX_SHARE = 1.5;

export function MapView({ map, state, players, marks, onHex, name, view, onView }: Props) {
  const { t } = useI18n();
  const svgRef = useRef<SVGSVGElement>(null);
  const full = mapBounds(map);
  const vb = view ?? full;
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ dragged: boolean; start: { x: number; y: number } | null }>({ dragged: false, start: null });
  const vbRef = useRef(vb);
  vbRef.current = vb;

  const metrics = () => svgMetrics(svgRef.current, vbRef.current);

  const zoomAt = (factor: number, px?: number, py?: number): void => {
    const b = vbRef.current;
    const m = metrics();
    const cx = m && px !== undefined ? b.x + (px - m.left) / m.scale : b.x + b.w / 2;
    const cy = m && py !== undefined ? b.y + (py - m.top) / m.scale : b.y + b.h / 2;
    const w = b.w / factor;
    const h = b.h / factor;
    // the point under the finger stays under the finger
    const next = clampBox(full, { x: cx - ((cx - b.x) / b.w) * w, y: cy - ((cy - b.y) / b.h) * h, w, h });
    vbRef.current = next;
    onView(next);
  };

  const panBy = (dx: number, dy: number): void => {
    const m = metrics();
    if (!m) return;
    const b = vbRef.current;
    const next = clampBox(full, { ...b, x: b.x - dx / m.scale, y: b.y - dy / m.scale });
    vbRef.current = next;
    onView(next);
  };

  const onPointerDown = (e: PointerEvent): void => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) gesture.current = { dragged: false, start: { x: e.clientX, y: e.clientY } };
    else gesture.current.dragged = true;
  };

  const onPointerMove = (e: PointerEvent): void => {
    const ps = pointers.current;
    const prev = ps.get(e.pointerId);
    if (!prev) return;
    if (ps.size === 1) {
      const s = gesture.current.start;
      if (!gesture.current.dragged && s && Math.hypot(e.clientX - s.x, e.clientY - s.y) < TAP_SLOP) return;
      if (!gesture.current.dragged) {
        gesture.current.dragged = true;
        // only once it is a drag: capturing earlier would steal the click from the hex
        svgRef.current?.setPointerCapture?.(e.pointerId);
      }
      panBy(e.clientX - prev.x, e.clientY - prev.y);
      ps.set(e.pointerId, { x: e.clientX, y: e.clientY });
      return;
    }
    if (ps.size === 2) {
      const other = [...ps.entries()].find(([id]) => id !== e.pointerId)?.[1];
      if (!other) return;
      const before = Math.hypot(prev.x - other.x, prev.y - other.y);
      const after = Math.hypot(e.clientX - other.x, e.clientY - other.y);
      ps.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (before > 0 && after > 0) zoomAt(after / before, (e.clientX + other.x) / 2, (e.clientY + other.y) / 2);
      panBy((e.clientX - prev.x) / 2, (e.clientY - prev.y) / 2);
    }
  };

  const onPointerUp = (e: PointerEvent): void => {
    pointers.current.delete(e.pointerId);
    // the click that follows a drag's pointerup is dropped; anything after it is a real tap
    if (pointers.current.size === 0 && gesture.current.dragged) setTimeout(() => (gesture.current.dragged = false), 0);
  };

  const onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
  };

  // the click that ends a drag is not a tap on a hex
  const tap = onHex && ((h: Hex): void => void (gesture.current.dragged || onHex(h)));

  return (
    <div class="map-view">
      <div
        class="map-frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={(e) => !gesture.current.dragged && onPointerUp(e)}
        onWheel={onWheel}
      >
        <MapSvg map={map} state={state} players={players} marks={marks} viewBox={vb} onHex={tap} svgRef={svgRef} title={t('campaign.map.title', { name })} />
      </div>
      <MapTools map={map} name={name} full={full} svgRef={svgRef} zoomAt={zoomAt} onView={onView} />
    </div>
  );
}

/** A view no smaller than MIN_SHARE of the map nor larger than MAX_SHARE, its centre on the map. */
function clampBox(full: Box, b: Box): Box {
  const w = Math.min(Math.max(b.w, full.w * MIN_SHARE), full.w * MAX_SHARE);
  const h = (w * full.h) / full.w;
  const cx = Math.min(Math.max(b.x + b.w / 2, full.x), full.x + full.w);
  const cy = Math.min(Math.max(b.y + b.h / 2, full.y), full.y + full.h);
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** Map units per screen pixel, and where the drawing starts inside the element (letterbox). */
function svgMetrics(el: SVGSVGElement | null, b: Box): { scale: number; left: number; top: number } | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  const scale = Math.min(r.width / b.w, r.height / b.h);
  return { scale, left: r.left + (r.width - b.w * scale) / 2, top: r.top + (r.height - b.h * scale) / 2 };
}

/** Zoom and fit buttons for those who prefer tapping, the scale, and the map saved as SVG or PNG. */
function MapTools({
  map,
  name,
  full,
  svgRef,
  zoomAt,
  onView,
}: {
  map: HexMap;
  name: string;
  full: Box;
  svgRef: { current: SVGSVGElement | null };
  zoomAt: (factor: number) => void;
  onView: (v: Box | null) => void;
}) {
  const { t } = useI18n();
  const { notify } = useServices();
  const exportSvg = (): string | null => (svgRef.current ? mapSvgText(svgRef.current, full, t('campaign.map.title', { name })) : null);
  const saveSvg = (): void => {
    const text = exportSvg();
    if (!text) return;
    downloadBlob(`${slug(name)}-carte.svg`, new Blob([text], { type: 'image/svg+xml' }));
  };
  const savePng = async (): Promise<void> => {
    const text = exportSvg();
    if (!text) return;
    try {
      downloadBlob(`${slug(name)}-carte.png`, await svgToPng(text, full.w, full.h));
    } catch (err) {
      notify(t('campaign.map.pngFailed', { detail: err instanceof Error ? err.message : String(err) }), 'error');
    }
  };
  return (
    <div class="map-tools row" role="toolbar" aria-label={t('campaign.map.tools')}>
      <button type="button" class="btn" onClick={() => zoomAt(1.4)} aria-label={t('campaign.map.zoomIn')}>
        +
      </button>
      <button type="button" class="btn" onClick={() => zoomAt(1 / 1.4)} aria-label={t('campaign.map.zoomOut')}>
        −
      </button>
      <button type="button" class="btn" onClick={() => onView(null)}>
        {t('campaign.map.fit')}
      </button>
      <span class="map-scale muted">{t('campaign.map.scale', { km: map.scaleKm })}</span>
      <span class="spacer" />
      <button type="button" class="btn" onClick={saveSvg} aria-label={t('campaign.map.svgLabel')}>
        {t('campaign.map.svg')}
      </button>
      <button type="button" class="btn" onClick={() => void savePng()} aria-label={t('campaign.map.pngLabel')}>
        {t('campaign.map.png')}
      </button>
    </div>
  );
}
