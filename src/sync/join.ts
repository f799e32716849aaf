// Admission over the server, which only carries public keys and sealed keys: the joining device
// puts its public keys there (`join:<kid>`, signed) and shows the code they hash to; an organizer
// device with the PIN unlocked types that code, finds the matching request, writes a signed
// `admit` in its feed and puts the event key there wrapped for that device alone
// (`grant:<kid>:…`). The joiner opens it, then pulls and checks the log like any device.
import { announceChange } from '../store/channel';
import type { WargameDb } from '../store/db';
import { setSyncConfig } from '../store/sync-config';
import { call, pull, SyncError, syncOnce, type SyncConfig } from './couch';
import { kidPrefixOf, normaliseCode, shortCode } from './crypto';
import { acceptGrant, admit, deviceKeys, joinRequest, readJoinRequest, withEventLock, type AdmitProblem } from './trust';

interface AllDocs {
  rows: { id: string; doc?: Record<string, unknown> | null }[];
}

// no limit: a flood of planted documents under one prefix must not push the real one out of sight
const range = (prefix: string): string =>
  `/_all_docs?include_docs=true&startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(`${prefix}\ufff0`))}`;

/** Puts this device's join request on the server; returns the code to show. */
export async function requestJoin(db: WargameDb, writer: string, cfg: SyncConfig): Promise<{ code: string; kid: string }> {
  const req = await joinRequest(db, writer);
  let rev: string | undefined;
  try {
    const have = await call<Record<string, unknown>>(cfg, cfg.db, `/${encodeURIComponent(req._id)}`);
    if (have.pub === req.pub && have.writer === req.writer && have.sig !== undefined) return { code: shortCode(req._id.slice(5)), kid: req._id.slice(5) };
    rev = typeof have._rev === 'string' ? have._rev : undefined;
  } catch (err) {
    if (!(err instanceof SyncError && err.code === 'not-found')) throw err;
  }
  await call(cfg, cfg.db, `/${encodeURIComponent(req._id)}`, { method: 'PUT', body: JSON.stringify({ ...req, ...(rev ? { _rev: rev } : {}) }) });
  return { code: shortCode(req._id.slice(5)), kid: req._id.slice(5) };
}

/**
 * Looks for a grant made for this device; once one opens, stores the server settings and pulls
 * the event. Returns its id, or null while no organizer has admitted this device.
 */
export async function checkAdmission(db: WargameDb, writer: string, cfg: SyncConfig, onProgress?: (done: number, total: number | null) => void): Promise<string | null> {
  const keys = await deviceKeys(db);
  const page = await call<AllDocs>(cfg, cfg.db, range(`grant:${keys.kid}:`));
  for (const row of page.rows ?? []) {
    if (!row.doc || typeof row.doc !== 'object') continue;
    const eventId = await acceptGrant(db, row.doc);
    if (!eventId) continue;
    const { last } = await withEventLock(eventId, () => pull(db, eventId, writer, cfg, { onProgress }));
    if (!last?.loaded) continue;
    await setSyncConfig(db, eventId, cfg);
    announceChange({ eventId, seq: last.loaded.seq, kind: 'created' });
    return eventId;
  }
  return null;
}

/**
 * A joiner's code as the organizer's device reads it, typed or scanned (the same check for both:
 * a QR is anyone's text): the normalised code, or null when it is not one.
 */
export function readCode(text: string): string | null {
  // no code is longer than this even with spaces; a QR's page of text is not looked at further
  if (text.length > 64) return null;
  const code = normaliseCode(text);
  return kidPrefixOf(code) ? code : null;
}

export type AdmitOutcome = { ok: true } | { ok: false; problem: AdmitProblem | 'bad-code' | 'no-request' };

/** The organizer's side: the code typed or scanned, the name given. Sends the admission at once. */
export async function admitByCode(db: WargameDb, eventId: string, writer: string, cfg: SyncConfig, typed: string, name: string): Promise<AdmitOutcome> {
  const code = readCode(typed);
  const prefix = code && kidPrefixOf(code);
  if (!code || !prefix) return { ok: false, problem: 'bad-code' };
  // the code is the key id's first 60 bits: only requests under that prefix can match it
  const page = await call<AllDocs>(cfg, cfg.db, range(`join:${prefix}`));
  for (const row of page.rows ?? []) {
    if (!row.doc || typeof row.doc !== 'object' || shortCode(row.id.slice(5)) !== code) continue;
    const joiner = await readJoinRequest(row.doc);
    if (!joiner) continue;
    const made = await withEventLock(eventId, () => admit(db, eventId, joiner, name));
    if ('problem' in made) return { ok: false, problem: made.problem };
    await call(cfg, cfg.db, `/${encodeURIComponent(made.grant._id)}`, { method: 'PUT', body: JSON.stringify(made.grant) });
    await syncOnce(db, eventId, writer, cfg);
    return { ok: true };
  }
  return { ok: false, problem: 'no-request' };
}
