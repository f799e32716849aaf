// The event's intake (issue 20): a CouchDB database where table devices, which hold no
// credentials, drop their signed results for the organizer's devices to take in. Anonymous
// clients may only create small documents of one shape; nothing there is trusted: the
// organizer's device checks every code it reads with the table's key (accept-result.ts), as it
// does a scanned one, so a forged, replayed or misplaced result records nothing.
//
// The database's rules are its `validate_doc_update` (INTAKE_DESIGN below; README « Intake »):
// create only (no update, no delete), `_id` "result:" + the code without dashes, `type`
// "result", `code` the result code (20 or 28 characters in groups of four); or `type` "clock",
// `code` a table's signed clock state (hall-state.ts) and `_id` "clock:" + its signature; or
// `type` "registration", a player's own registration (self-registration.ts: name, club, faction,
// lists as text, `_id` "registration:" + 16 hex, 8 KB at most); `at` a whole
// number of milliseconds, nothing else, no attachment, 256 bytes of JSON at most for a clock
// state, 1,024 for a result (the longest code, with its id, is about 600). Design
// documents are left to the server's own rule (admins only on CouchDB).
import { normaliseCode } from '../domain/handoff/bits';
import { HALL_PATTERN } from '../domain/handoff/hall-state';
import { RESULT_CODE_MAX_LENGTH } from '../domain/handoff/result-code';
import { readSelfRegistration, SELF_REGISTRATION_LIMITS, type SelfRegistration } from '../domain/registration/self-registration';

const HALL = `/${HALL_PATTERN.source}/`;
const L = SELF_REGISTRATION_LIMITS;

/** The validate_doc_update function, as the server stores it (a string of JavaScript). */
export const INTAKE_VALIDATE = `function (newDoc, oldDoc, userCtx) {
  if (newDoc._id.indexOf('_design/') === 0) return;
  if (oldDoc || newDoc._deleted) throw({ forbidden: 'intake: create only' });
  if (newDoc.type === 'registration') {
    var fields = { _id: 1, _rev: 1, _revisions: 1, type: 1, name: 1, club: 1, faction: 1, lists: 1, at: 1 };
    for (var f in newDoc) if (!fields[f]) throw({ forbidden: 'intake: unknown field ' + f });
    if (!/^registration:[0-9a-f]{16}$/.test(newDoc._id)) throw({ forbidden: 'intake: id' });
    if (typeof newDoc.name !== 'string' || newDoc.name.length < 1 || newDoc.name.length > ${L.name}) throw({ forbidden: 'intake: name' });
    if (typeof newDoc.club !== 'string' || newDoc.club.length > ${L.club} || typeof newDoc.faction !== 'string' || newDoc.faction.length > ${L.faction}) throw({ forbidden: 'intake: club or faction' });
    if (!Array.isArray(newDoc.lists) || newDoc.lists.length > ${L.lists}) throw({ forbidden: 'intake: lists' });
    for (var i = 0; i < newDoc.lists.length; i++) if (typeof newDoc.lists[i] !== 'string' || newDoc.lists[i].length > ${L.listChars}) throw({ forbidden: 'intake: lists' });
    if (typeof newDoc.at !== 'number' || newDoc.at % 1 !== 0 || newDoc.at < 0) throw({ forbidden: 'intake: at' });
    if (JSON.stringify(newDoc).length > ${L.bytes}) throw({ forbidden: 'intake: too large' });
    return;
  }
  var allowed = { _id: 1, _rev: 1, _revisions: 1, type: 1, code: 1, at: 1 };
  for (var k in newDoc) if (!allowed[k]) throw({ forbidden: 'intake: unknown field ' + k });
  if (typeof newDoc.code !== 'string') throw({ forbidden: 'intake: code' });
  if (newDoc.type === 'result') {
    if (!/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4,}(-[0-9A-Z]{1,3})?$/.test(newDoc.code) || newDoc.code.replace(/-/g, '').length > ${RESULT_CODE_MAX_LENGTH}) throw({ forbidden: 'intake: code' });
    if (newDoc._id !== 'result:' + newDoc.code.replace(/-/g, '')) throw({ forbidden: 'intake: id' });
    if (typeof newDoc.at !== 'number' || newDoc.at % 1 !== 0 || newDoc.at < 0) throw({ forbidden: 'intake: at' });
    if (JSON.stringify(newDoc).length > 1024) throw({ forbidden: 'intake: too large' });
    return;
  } else if (newDoc.type === 'clock') {
    if (!${HALL}.test(newDoc.code)) throw({ forbidden: 'intake: code' });
    if (newDoc._id !== 'clock:' + newDoc.code.slice(-16)) throw({ forbidden: 'intake: id' });
  } else throw({ forbidden: 'intake: type' });
  if (typeof newDoc.at !== 'number' || newDoc.at % 1 !== 0 || newDoc.at < 0) throw({ forbidden: 'intake: at' });
  if (JSON.stringify(newDoc).length > 256) throw({ forbidden: 'intake: too large' });
}`;

export const INTAKE_DESIGN = { _id: '_design/intake', validate_doc_update: INTAKE_VALIDATE } as const;

type Fetch = typeof fetch;

export interface IntakeAuth {
  user?: string;
  password?: string;
}

const headers = (auth?: IntakeAuth): Record<string, string> => ({
  'Content-Type': 'application/json',
  ...(auth?.user ? { Authorization: `Basic ${btoa(`${auth.user}:${auth.password ?? ''}`)}` } : {}),
});

/** An intake address a ticket may carry: http(s), no credentials, no query, 200 characters at most. */
export function intakeAddressProblem(address: string): 'scheme' | 'credentials' | 'shape' | null {
  if (address.length > 200) return 'shape';
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return 'shape';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'scheme';
  if (u.username || u.password) return 'credentials';
  if (u.search || u.hash || u.pathname.split('/').filter(Boolean).length !== 1) return 'shape';
  return null;
}

/** The intake's address for an event database on a server: `<server>/<db>-intake`. */
export function intakeAddress(serverUrl: string, eventDb: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/${eventDb}-intake`;
}

/** Creates the intake database and its rules (an organizer's device, with the server's credentials). */
export async function ensureIntake(address: string, auth?: IntakeAuth, f: Fetch = fetch): Promise<void> {
  const db = await f(address, { method: 'PUT', headers: headers(auth) });
  if (!db.ok && db.status !== 412) throw new Error(`intake: cannot create the database (${db.status})`);
  const current = await f(`${address}/_design/intake`, { headers: headers(auth) });
  const body = current.ok ? ((await current.json()) as { _rev?: string; validate_doc_update?: string }) : null;
  if (body?.validate_doc_update === INTAKE_VALIDATE) return;
  const put = await f(`${address}/_design/intake`, { method: 'PUT', headers: headers(auth), body: JSON.stringify({ ...INTAKE_DESIGN, ...(body?._rev && { _rev: body._rev }) }) });
  if (!put.ok) throw new Error(`intake: cannot install its rules (${put.status})`);
}

export type SendOutcome = 'sent' | 'already' | 'refused' | 'unreachable';

/** A table device drops its result code (no credentials): 'already' when that very code is there. */
export async function sendResultCode(address: string, code: string, now: number, f: Fetch = fetch): Promise<SendOutcome> {
  const clean = normaliseCode(code);
  const grouped = clean.match(/.{1,4}/g)?.join('-') ?? '';
  try {
    const r = await f(`${address}/${encodeURIComponent(`result:${clean}`)}`, {
      method: 'PUT',
      headers: headers(),
      body: JSON.stringify({ type: 'result', code: grouped, at: Math.max(0, Math.floor(now)) }),
    });
    if (r.ok) return 'sent';
    if (r.status !== 409 && r.status !== 403) return 'refused';
    // a document of that id is there already (CouchDB says conflict; PouchDB Server's rules, run
    // first, say create only): the same code dropped before, by this device or the other's
    const there = await f(`${address}/${encodeURIComponent(`result:${clean}`)}`, { headers: headers() });
    return there.ok && ((await there.json()) as { code?: unknown }).code === grouped ? 'already' : 'refused';
  } catch {
    return 'unreachable';
  }
}

export interface IntakeBatch {
  /** result codes read, in the server's order; anything not of the intake's shape is skipped */
  codes: string[];
  /** tables' signed clock states (hall-state.ts), unchecked */
  clocks: string[];
  /** players' own registrations, of the shape (nothing more checked yet) */
  registrations: SelfRegistration[];
  /** documents skipped because they are not of the intake's shape (a server without the rules) */
  skipped: number;
  last: string;
  /** the server had more than `limit` changes: read again at once (a screen opened late catches up) */
  more: boolean;
}

/** The codes dropped since `since` (a `_changes` sequence; '0' the first time), at most `limit`. */
export async function readIntake(address: string, since: string, auth?: IntakeAuth, limit = 200, f: Fetch = fetch): Promise<IntakeBatch> {
  const r = await f(`${address}/_changes?include_docs=true&limit=${limit}&since=${encodeURIComponent(since)}`, { headers: headers(auth) });
  if (!r.ok) throw new Error(`intake: cannot read (${r.status})`);
  const body: unknown = await r.json();
  const results = (body as { results?: unknown }).results;
  const last = (body as { last_seq?: unknown }).last_seq;
  if (!Array.isArray(results) || (typeof last !== 'string' && typeof last !== 'number')) throw new Error('intake: not a _changes answer');
  const codes: string[] = [];
  const clocks: string[] = [];
  const registrations: SelfRegistration[] = [];
  let skipped = 0;
  for (const row of results.slice(0, limit)) {
    const doc = (row as { doc?: unknown }).doc as { _id?: unknown; type?: unknown; code?: unknown; _deleted?: unknown } | undefined;
    if (!doc || typeof doc._id !== 'string' || doc._id.startsWith('_design/')) continue;
    const ok =
      doc._deleted !== true &&
      doc.type === 'result' &&
      typeof doc.code === 'string' &&
      normaliseCode(doc.code).length <= RESULT_CODE_MAX_LENGTH &&
      doc._id === `result:${normaliseCode(doc.code)}`;
    const clock = doc._deleted !== true && doc.type === 'clock' && typeof doc.code === 'string' && doc.code.length <= 120 && doc._id === `clock:${doc.code.slice(-16)}`;
    const registration = doc._deleted !== true && doc.type === 'registration' ? readSelfRegistration(doc) : null;
    if (ok) codes.push(doc.code as string);
    else if (clock) clocks.push(doc.code as string);
    else if (registration) registrations.push(registration);
    else skipped++;
  }
  return { codes, clocks, registrations, skipped, last: String(last), more: results.length >= limit };
}

/** A table device drops its signed clock state (no credentials); a state is one new document. */
export async function sendClockState(address: string, code: string, now: number, f: Fetch = fetch): Promise<SendOutcome> {
  try {
    const r = await f(`${address}/${encodeURIComponent(`clock:${code.slice(-16)}`)}`, {
      method: 'PUT',
      headers: headers(),
      body: JSON.stringify({ type: 'clock', code, at: Math.max(0, Math.floor(now)) }),
    });
    if (r.ok) return 'sent';
    return r.status === 409 ? 'already' : 'refused';
  } catch {
    return 'unreachable';
  }
}

/** A player sends their own registration from the public page (no credentials). */
export async function sendRegistration(address: string, reg: SelfRegistration, f: Fetch = fetch): Promise<SendOutcome> {
  const { id, ...fields } = reg;
  try {
    const r = await f(`${address}/${encodeURIComponent(id)}`, { method: 'PUT', headers: headers(), body: JSON.stringify({ type: 'registration', ...fields }) });
    if (r.ok) return 'sent';
    return r.status === 409 ? 'already' : 'refused';
  } catch {
    return 'unreachable';
  }
}
