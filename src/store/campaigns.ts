// Owns the Warmaster campaigns: one record per campaign, holding its action log (the truth: the
// state is foldCampaign(actions)) or, before the campaign exists, the organizer's draft map. Each
// write is one readwrite transaction with strict durability, awaited to `done`, and the action is
// validated against the stored log inside that transaction, so the UI shows an action as done
// only once it is on disk, and two tabs cannot both append on the same state.
import { randomUuid } from '../platform/ids';
import {
  appendCampaignAction,
  CampaignError,
  foldCampaign,
  importCampaign,
  serializeCampaign,
  type CampaignAction,
  type CampaignOptions,
  type CampaignPlayer,
  type CampaignState,
  type HexMap,
  type Refusal,
} from '../domain/warmaster';
import type { WargameDb } from './db';
import type { CampaignRecord } from './schema';

const STRICT = { durability: 'strict' } as const;

/** What the organizer is preparing before the campaign starts: saved as they paint. */
export interface CampaignDraft {
  name: string;
  map: HexMap;
  players: CampaignPlayer[];
  options?: Partial<CampaignOptions>;
}

export interface StoredCampaign extends CampaignRecord {
  actions: CampaignAction[];
  /** present while the campaign is still being prepared (actions then empty) */
  draft?: CampaignDraft;
}

export type AppendResult = { ok: true; record: StoredCampaign; state: CampaignState } | { ok: false; refusal: Refusal };

export class CampaignNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`campaign ${id} not found`);
  }
}

export function newCampaignId(): string {
  return `cp-${randomUuid()}`;
}

function abortQuietly(tx: { abort(): void; done: Promise<void> }): void {
  try {
    tx.abort();
  } catch {
    // already finished: nothing of this path was committed anyway
  }
  tx.done.catch(() => undefined);
}

export async function listCampaigns(db: WargameDb): Promise<StoredCampaign[]> {
  return ((await db.getAllFromIndex('campaigns', 'byUpdated')) as StoredCampaign[]).reverse();
}

export async function getCampaign(db: WargameDb, id: string): Promise<StoredCampaign | null> {
  return ((await db.get('campaigns', id)) as StoredCampaign | undefined) ?? null;
}

/** The state of a stored campaign, or null for a draft. Throws a CampaignError on a corrupt log. */
export function campaignState(record: StoredCampaign): CampaignState | null {
  return record.actions.length === 0 ? null : foldCampaign(record.actions);
}

export async function createDraft(db: WargameDb, draft: CampaignDraft, now: number): Promise<StoredCampaign> {
  const record: StoredCampaign = { id: newCampaignId(), name: draft.name, createdAt: now, updatedAt: now, actions: [], draft };
  const tx = db.transaction('campaigns', 'readwrite', STRICT);
  await Promise.all([tx.store.add(record), tx.done]);
  return record;
}

/** Read, change and write back in one transaction, so two tabs cannot lose each other's write. */
async function update<T>(
  db: WargameDb,
  id: string,
  change: (r: StoredCampaign) => { record: StoredCampaign; value: T } | { refused: Refusal },
): Promise<{ ok: true; record: StoredCampaign; value: T } | { ok: false; refusal: Refusal }> {
  const tx = db.transaction('campaigns', 'readwrite', STRICT);
  try {
    const current = (await tx.store.get(id)) as StoredCampaign | undefined;
    if (!current) throw new CampaignNotFoundError(id);
    const out = change(current);
    if ('refused' in out) {
      abortQuietly(tx);
      return { ok: false, refusal: out.refused };
    }
    await Promise.all([tx.store.put(out.record), tx.done]);
    return { ok: true, record: out.record, value: out.value };
  } catch (err) {
    abortQuietly(tx);
    throw err;
  }
}

export async function saveDraft(db: WargameDb, id: string, draft: CampaignDraft, now: number): Promise<StoredCampaign> {
  const r = await update(db, id, (rec) => {
    if (rec.actions.length > 0) return { refused: { code: 'campaign-exists', params: {} } };
    return { record: { ...rec, name: draft.name, draft, updatedAt: now }, value: null };
  });
  if (!r.ok) throw new CampaignError(r.refusal, -1);
  return r.record;
}

/**
 * Appends one action (undo included) after validating it against the stored log: a refusal
 * writes nothing. The draft goes once the campaign is created from it.
 */
export async function appendCampaign(db: WargameDb, id: string, action: CampaignAction, now: number): Promise<AppendResult> {
  const r = await update<CampaignState>(db, id, (rec) => {
    const stamped: CampaignAction = { ...action, at: now };
    const applied = appendCampaignAction(rec.actions, stamped);
    if (!applied.ok) return { refused: applied.refusal };
    const { draft: _draft, ...rest } = rec;
    return { record: { ...rest, name: applied.state.name, actions: applied.actions, updatedAt: now }, value: applied.state };
  });
  return r.ok ? { ok: true, record: r.record, state: r.value } : r;
}

/**
 * A campaign file becomes a new record only if every action replays: a bad file leaves the
 * database exactly as it was.
 */
export async function importCampaignFile(
  db: WargameDb,
  text: string,
  now: number,
): Promise<{ ok: true; record: StoredCampaign; state: CampaignState } | { ok: false; refusal: Refusal }> {
  const parsed = importCampaign(text);
  if (!parsed.ok) return parsed;
  const record: StoredCampaign = { id: newCampaignId(), name: parsed.state.name, createdAt: now, updatedAt: now, actions: parsed.file.actions };
  const tx = db.transaction('campaigns', 'readwrite', STRICT);
  await Promise.all([tx.store.add(record), tx.done]);
  return { ok: true, record, state: parsed.state };
}

export function exportCampaignText(record: StoredCampaign, now: number): string {
  return serializeCampaign(record.actions, now);
}

export async function deleteCampaign(db: WargameDb, id: string): Promise<void> {
  const tx = db.transaction('campaigns', 'readwrite', STRICT);
  await Promise.all([tx.store.delete(id), tx.done]);
}
