// Turns the domain's codes and ids (refusals, journal entries, rolls, player and hex ids) into
// sentences in the organizer's language. The domain never writes prose; this is the one place
// that does, so every code has exactly one wording per language.
import { deName, formatNumber as formatNumberTypo } from '../../../i18n/typography';
import { CATALOG, type MessageKey } from '../../../i18n/catalog';
import type { Lang, Translate } from '../../../i18n';
import { parseHexKey, type CampaignState, type Hex, type JournalEntry, type Refusal, type RollRecord } from '../../../domain/warmaster';
import { hexLabel } from './hex-layout';

export const PLAYER_COLOURS = ['#1f5fd6', '#c4261d', '#7b2fa8', '#b85c00', '#00796b', '#4a4a4a'];

export function playerColour(state: Pick<CampaignState, 'players'>, id: string): string {
  const i = state.players.findIndex((p) => p.id === id);
  return PLAYER_COLOURS[Math.max(i, 0) % PLAYER_COLOURS.length]!;
}

export function playerName(state: Pick<CampaignState, 'players'>, id: string): string {
  return state.players.find((p) => p.id === id)?.name ?? id;
}

export function has(key: string): key is MessageKey {
  return key in CATALOG.fr;
}

/** A key built from a code, falling back to the code itself when a newer domain added one. */
export function tr(t: Translate, key: string, params?: Record<string, string | number>, fallback = key): string {
  return has(key) ? t(key, params) : fallback;
}

export function formatNumber(n: number, lang: Lang): string {
  return formatNumberTypo(n, lang, 1);
}

/** French elides "de" before a vowel or a mute h: "armée d’Alice", "armée de Bruno". */
export function ofName(name: string, lang: Lang): string {
  return lang === 'fr' ? deName(name) : name;
}

/** The params a message about a player needs: the name, and the name after "de" in French. */
export function whoParams(state: Pick<CampaignState, 'players'>, id: string, lang: Lang): { player: string; ofPlayer: string } {
  const name = playerName(state, id);
  return { player: name, ofPlayer: ofName(name, lang) };
}

export function detLabel(id: string): string {
  return id.toUpperCase();
}

function battleHex(state: CampaignState, id: string): Hex | null {
  const all = [...state.battles, ...state.history.flatMap((h) => h.battles)];
  return all.find((b) => b.id === id)?.hex ?? null;
}

function resourceText(state: CampaignState, t: Translate, lang: Lang, id: string): string {
  const r = state.resources.find((x) => x.id === id);
  if (!r) return tr(t, 'campaign.resource.gone', { id });
  return t('campaign.resource.of', { kind: tr(t, `campaign.kind.${r.kind}`), ...whoParams(state, r.owner, lang), hex: hexLabel(r.hex) });
}

const PLAYER_PARAMS = ['player', 'expected', 'target', 'winner', 'by', 'from', 'to', 'chooser'];

/**
 * The params of a refusal or a journal entry, readable: ids become names, axial coordinates a
 * hex name ({hex}), codes their translation, numbers the local decimal comma.
 */
export function humanParams(state: CampaignState | null, t: Translate, lang: Lang, params: Record<string, string | number>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'number') out[k] = formatNumber(v, lang);
    else out[k] = v;
  }
  if (typeof params.q === 'number' && typeof params.r === 'number') out.hex = hexLabel({ q: params.q, r: params.r });
  if (typeof params.index === 'number') out.step = params.index + 1;
  // the one count a journal sentence agrees with ("1 hexagone", "3 hexagones")
  if (typeof params.hexes === 'number') out.n = params.hexes;
  if (state) {
    for (const k of PLAYER_PARAMS) {
      const v = params[k];
      if (typeof v === 'string' && state.players.some((p) => p.id === v)) out[k] = playerName(state, v);
    }
    if (typeof params.resourceId === 'string') out.resource = resourceText(state, t, lang, params.resourceId);
    if (typeof params.battleId === 'string') {
      const h = battleHex(state, params.battleId);
      out.battle = h ? hexLabel(h) : params.battleId;
    }
    if (typeof params.order === 'string')
      out.order = params.order
        .split(',')
        .map((id) => playerName(state, id))
        .join(', ');
  }
  for (const k of PLAYER_PARAMS) {
    const v = out[k];
    if (typeof v === 'string') out[`of${k[0]!.toUpperCase()}${k.slice(1)}`] = ofName(v, lang);
  }
  for (const k of ['detachmentId', 'newDetachmentId']) if (typeof params[k] === 'string') out[k] = detLabel(params[k] as string);
  if (typeof params.merged === 'string') out.merged = params.merged.split(',').map(detLabel).join(', ');
  if (typeof params.terrain === 'string') out.terrain = tr(t, `campaign.terrain.${params.terrain}`, undefined, params.terrain);
  if (typeof params.kind === 'string') out.kind = tr(t, `campaign.kind.${params.kind}`, undefined, params.kind);
  if (typeof params.result === 'string') out.result = tr(t, `campaign.fate.${params.result}`, undefined, params.result);
  if (typeof params.faction === 'string') out.faction = tr(t, `campaign.faction.${params.faction}`, undefined, params.faction);
  if (typeof params.phase === 'string') out.phase = tr(t, `campaign.phase.${params.phase}`, undefined, params.phase);
  if (typeof params.options === 'string')
    out.options = params.options
      .split(' ')
      .filter(Boolean)
      .map((k) => hexLabel(parseHexKey(k)))
      .join(', ');
  if (typeof params.code === 'string') out.code = tr(t, `campaign.refusal.${params.code}`, {}, params.code).replace(/\s*\{\w+\}/g, '');
  return out;
}

export function refusalText(state: CampaignState | null, t: Translate, lang: Lang, refusal: Refusal): string {
  const key = `campaign.refusal.${refusal.code}`;
  if (!has(key)) return t('campaign.refusal.unknown', { code: refusal.code });
  return t(key, humanParams(state, t, lang, refusal.params));
}

export function journalText(state: CampaignState, t: Translate, lang: Lang, e: JournalEntry): string {
  let key = `campaign.journal.${e.code}`;
  if (e.code === 'destroy-attempted') key += e.params.success ? '.success' : '.failure';
  if (e.code === 'fate-resolved' && e.params.declined) key += '.declined';
  if (!has(key)) return e.code;
  return t(key, humanParams(state, t, lang, e.params));
}

export function rollText(state: CampaignState, t: Translate, r: RollRecord): string {
  const purpose = tr(t, `campaign.roll.${r.purpose}`, undefined, r.purpose);
  const die = r.sides === 6 ? 'd6' : r.sides === 3 ? 'd3' : `d${r.sides}`;
  return t(r.player ? 'campaign.rollLine.player' : 'campaign.rollLine', { purpose, die, value: r.value, player: r.player ? playerName(state, r.player) : '' });
}
