// The campaign file: the action log itself, so an import replays to the very same state (same
// seeds, same rolls) and nothing derived is ever trusted from outside.
import { foldCampaign } from './campaign';
import { CampaignError, refuse } from './refusal';
import type { Refusal } from './refusal';
import type { CampaignAction, CampaignState } from './types';

export const CAMPAIGN_FORMAT = 'warmaster-campaign';
export const CAMPAIGN_FORMAT_VERSION = 1;

export interface CampaignFile {
  format: typeof CAMPAIGN_FORMAT;
  version: typeof CAMPAIGN_FORMAT_VERSION;
  /** epoch ms, passed in */
  exportedAt: number;
  actions: CampaignAction[];
}

export function exportCampaign(actions: readonly CampaignAction[], now: number): CampaignFile {
  return { format: CAMPAIGN_FORMAT, version: CAMPAIGN_FORMAT_VERSION, exportedAt: now, actions: actions.slice() };
}

export function serializeCampaign(actions: readonly CampaignAction[], now: number): string {
  return JSON.stringify(exportCampaign(actions, now), null, 2);
}

/**
 * Reads a file (text or parsed JSON) and replays it. Refusals: file-not-json, file-wrong-format,
 * file-version-unsupported, file-invalid, or the first refused action with its index.
 */
export function importCampaign(input: string | unknown): { ok: true; file: CampaignFile; state: CampaignState } | { ok: false; refusal: Refusal } {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, refusal: refuse('file-not-json') };
    }
  }
  if (typeof value !== 'object' || value === null) return { ok: false, refusal: refuse('file-invalid', { field: 'root' }) };
  const f = value as Record<string, unknown>;
  if (f.format !== CAMPAIGN_FORMAT) return { ok: false, refusal: refuse('file-wrong-format', { format: String(f.format) }) };
  if (f.version !== CAMPAIGN_FORMAT_VERSION) return { ok: false, refusal: refuse('file-version-unsupported', { version: String(f.version) }) };
  if (!Array.isArray(f.actions) || f.actions.some((a) => typeof a !== 'object' || a === null || typeof (a as { type?: unknown }).type !== 'string')) {
    return { ok: false, refusal: refuse('file-invalid', { field: 'actions' }) };
  }
  const actions = f.actions as CampaignAction[];
  try {
    const state = foldCampaign(actions);
    return {
      ok: true,
      file: { ...(f as object), format: CAMPAIGN_FORMAT, version: CAMPAIGN_FORMAT_VERSION, exportedAt: typeof f.exportedAt === 'number' ? f.exportedAt : 0, actions },
      state,
    };
  } catch (e) {
    if (e instanceof CampaignError) return { ok: false, refusal: refuse('file-action-refused', { index: e.index, code: e.refusal.code }) };
    // a malformed action (missing fields) surfaces as a TypeError inside the fold
    if (e instanceof TypeError) return { ok: false, refusal: refuse('file-invalid', { field: 'actions' }) };
    throw e;
  }
}
