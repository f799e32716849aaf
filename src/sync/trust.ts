// The sync server is untrusted storage (README « Threat model »). Each device keeps a feed: its
// documents numbered 1, 2, 3... each signed with the device's key, carrying the hash of the one
// before, and sealed with the event key. A document's id is `<kid>:<n>:<hash>`, so a planted
// document cannot take a real one's place. What a device folds comes only from the event's first
// device and the devices an admitted organizer device admitted (a signed `admit` in its feed);
// everything else is set aside with its reason, or held until what it waits for arrives. Two
// valid documents at one (device, n) are a fork: shown, and the device's later documents wait.
import { checkEntry } from '../domain/log/validate-entry';
import { originOf } from '../domain/log/keys';
import type { WargameDb } from '../store/db';
import { mergeEntries, mergeInSlices, ownEntriesAfter, toReplicated, updateSyncState, type MergeResult, type ReplicatedEntry } from '../store/replica';
import { TRUST_KEY, TRUST_VIEW_KEY, trustView, type Fork, type HeldWhy, type Member, type Refusal, type RefusalReason } from './trust-view';
import { kidOf, makeDeviceKeys, makeEventKey, open, seal, sha256Hex, sign, verify, exportEventKey, importEventKey, wrapFor, unwrapFrom, type DeviceKeys } from './crypto';

export const DEVICE_KEYS = 'device-keys';

/** Refused documents kept on the device (their reasons counted beyond that). */
const REFUSED_KEPT = 200;
/** Documents held for an admission or a missing predecessor. */
const PENDING_KEPT = 5_000;
const KID_RE = /^[0-9a-f]{32}$/;
const HASH_RE = /^[0-9a-f]{64}$/;
/** A key epoch after the first: its number, then the first 8 hex digits of the key id of the device that made it. */
const EPOCH_RE = /^[1-9][0-9]{0,8}\.[0-9a-f]{8}$/;
/** Rotation grants held until the device that made them is known here. */
const GRANTS_KEPT = 50;
/**
 * How far an entry's Lamport value may run ahead of the highest one accepted here. An honest
 * device's value is one more than the highest it holds, and what it holds came through this same
 * server earlier in the feed: it runs ahead only by what it wrote offline since its last pull. A
 * hundred thousand entries is more than any day of any event writes on one tablet (a 4,096-player
 * Swiss event writes about 2,000 results a round).
 */
export const LAMPORT_MARGIN = 100_000;

export interface SealedDoc {
  _id: string;
  _rev?: string;
  type: 'sealed';
  v: 1;
  ev: string;
  kid: string;
  n: number;
  prev: string | null;
  iv: string;
  ct: string;
  sig: string;
  /** the key epoch it is sealed in; absent for the first (the key made with the event) */
  ep?: string;
}

export interface TrustState {
  /** the key this device seals with: the newest epoch's it knows */
  eventKey: CryptoKey;
  /** that key's epoch ('' or absent: the key made with the event); a removal starts a new one */
  epoch?: string;
  /** the keys of the other epochs known, kept to open older documents */
  keyRing?: Record<string, CryptoKey>;
  /** rotation grants this device made (one per remaining device) not yet on the server */
  grantsOut?: KeyGrant[];
  /** rotation grants for this device whose maker is not known here yet */
  grantsIn?: Record<string, unknown>[];
  /** who received each epoch's key, as its maker said in its feed */
  epochTo?: Record<string, string[]>;
  /** the highest Lamport value accepted or written here (the bound of what comes next) */
  lamportSeen?: number;
  genesis: string;
  members: Record<string, Member>;
  /** per device: the hash of each accepted document, index n - 1 */
  hashes: Record<string, string[]>;
  /** per device: the origin of the log entry each document carried (0 for none), index n - 1 */
  origins: Record<string, number[]>;
  /** this device's documents built and not yet acknowledged by the server */
  outbox: SealedDoc[];
  /** the local log seq up to which this device's entries are in its feed */
  builtSeq: number;
  forks: Fork[];
  refused: Refusal[];
  refusedCount: Partial<Record<RefusalReason, number>>;
  pending: { doc: SealedDoc; why: HeldWhy }[];
}

type Body =
  | { k: 'genesis'; writer: string; name: string }
  | { k: 'entry'; e: ReplicatedEntry }
  /** the first device's copy of an entry an unsigned (pre-trust) sync brought from another writer */
  | { k: 'carried'; e: ReplicatedEntry }
  | { k: 'admit'; kid: string; pub: string; writer: string; name: string }
  | { k: 'remove'; kid: string; upTo: number }
  /** a new key epoch and the devices its key was sent to (sealed in that epoch) */
  | { k: 'rotate'; ep: string; to: string[] };

export async function deviceKeys(db: WargameDb): Promise<DeviceKeys> {
  const have = (await db.get('settings', DEVICE_KEYS)) as DeviceKeys | undefined;
  if (have) return have;
  const made = await makeDeviceKeys();
  // two tabs making keys at once: the first one stored wins, the other's are dropped unused
  const tx = db.transaction('settings', 'readwrite');
  const again = (await tx.store.get(DEVICE_KEYS)) as DeviceKeys | undefined;
  if (!again) await tx.store.put(made, DEVICE_KEYS);
  await tx.done;
  return again ?? made;
}

export async function getTrust(db: WargameDb, eventId: string): Promise<TrustState | null> {
  return ((await db.get('settings', TRUST_KEY(eventId))) as TrustState | undefined) ?? null;
}

/** The state and the panels' small view of it, to be written in one transaction. */
const trustRecords = (eventId: string, t: TrustState): [key: string, value: unknown][] => [
  [TRUST_KEY(eventId), t],
  [TRUST_VIEW_KEY(eventId), trustView(t)],
];

export async function putTrust(db: WargameDb, eventId: string, t: TrustState): Promise<void> {
  const tx = db.transaction('settings', 'readwrite');
  await Promise.all([...trustRecords(eventId, t).map(([k, v]) => tx.store.put(v, k)), tx.done]);
}

// the epoch is signed too (so a server cannot send a document to the wrong key); documents of
// the first epoch are signed as they were before epochs existed
const signedText = (d: Pick<SealedDoc, 'ev' | 'kid' | 'n' | 'prev' | 'iv' | 'ct' | 'ep'>): string =>
  JSON.stringify(d.ep ? [1, d.ev, d.kid, d.n, d.prev, d.iv, d.ct, d.ep] : [1, d.ev, d.kid, d.n, d.prev, d.iv, d.ct]);

/** The key of a document's epoch, if this device has it (the receive path asks this alone). */
export function keyFor(t: Pick<TrustState, 'eventKey' | 'epoch' | 'keyRing'>, ep: string | undefined): CryptoKey | undefined {
  const label = ep ?? '';
  return label === (t.epoch ?? '') ? t.eventKey : t.keyRing?.[label];
}

const epochNumber = (ep: string): number => (ep ? Number(ep.split('.')[0]) : 0);
/** Epochs in order: by number, then by label (two tablets rotating at once agree on the newer). */
const epochAfter = (a: string, b: string): boolean => epochNumber(a) > epochNumber(b) || (epochNumber(a) === epochNumber(b) && a > b);

/** Keeps an epoch's key; the newest known becomes the one this device seals with. */
function learnKey(t: TrustState, ep: string, key: CryptoKey): boolean {
  if (keyFor(t, ep)) return false;
  const ring = (t.keyRing ??= {});
  const current = t.epoch ?? '';
  if (epochAfter(ep, current)) {
    ring[current] = t.eventKey;
    t.eventKey = key;
    t.epoch = ep;
  } else ring[ep] = key;
  return true;
}

const epochField = (t: TrustState): { ep?: string } => (t.epoch ? { ep: t.epoch } : {});

async function makeDoc(keys: DeviceKeys, t: TrustState, eventId: string, n: number, prev: string | null, body: Body): Promise<{ doc: SealedDoc; hash: string }> {
  const { iv, ct } = await seal(t.eventKey, JSON.stringify(body));
  const fields = { ev: eventId, kid: keys.kid, n, prev, iv, ct, ...epochField(t) };
  const text = signedText(fields);
  const [hash, sig] = await Promise.all([sha256Hex(text), sign(keys, text)]);
  return { doc: { _id: `${keys.kid}:${n}:${hash}`, type: 'sealed', v: 1, ...fields, sig }, hash };
}

function emptyState(eventKey: CryptoKey, genesis: Member): TrustState {
  return {
    eventKey,
    genesis: genesis.kid,
    members: { [genesis.kid]: genesis },
    hashes: {},
    origins: {},
    outbox: [],
    builtSeq: 0,
    forks: [],
    refused: [],
    refusedCount: {},
    pending: [],
  };
}

/**
 * Sync turned on for an event with no trust yet: this device becomes the event's first organizer
 * device, with a fresh event key; its feed opens with a signed `genesis`. An event made before
 * signatures existed keeps its log: this device signs its own entries from the start, and carries
 * (signed by itself) the entries an unsigned sync had brought from other devices.
 */
export async function becomeFirstDevice(db: WargameDb, eventId: string, writer: string, name: string): Promise<TrustState> {
  const existing = await getTrust(db, eventId);
  if (existing) return existing;
  const keys = await deviceKeys(db);
  const me: Member = { kid: keys.kid, pub: keys.pub, writer, name, by: null };
  const t = emptyState(await makeEventKey(), me);
  await appendOwn(keys, t, eventId, { k: 'genesis', writer, name });
  await putTrust(db, eventId, t);
  return t;
}

/**
 * Many documents at once: sealing and signing run together (WebCrypto works them in parallel);
 * only the hash chain is walked in order, each hash naming the one before.
 */
async function appendMany(keys: DeviceKeys, t: TrustState, eventId: string, bodies: readonly Body[]): Promise<void> {
  const mine = (t.hashes[keys.kid] ??= []);
  const origins = (t.origins[keys.kid] ??= []);
  const sealed = await Promise.all(bodies.map((b) => seal(t.eventKey, JSON.stringify(b))));
  const fields: Omit<SealedDoc, '_id' | 'type' | 'v' | 'sig'>[] = [];
  for (const [i, { iv, ct }] of sealed.entries()) {
    const f = { ev: eventId, kid: keys.kid, n: mine.length + 1, prev: mine.length ? mine[mine.length - 1]! : null, iv, ct, ...epochField(t) };
    mine.push(await sha256Hex(signedText(f)));
    const b = bodies[i]!;
    origins.push(b.k === 'entry' ? b.e.origin : 0);
    fields.push(f);
  }
  const sigs = await Promise.all(fields.map((f) => sign(keys, signedText(f))));
  fields.forEach((f, i) => t.outbox.push({ _id: `${keys.kid}:${f.n}:${mine[f.n - 1]}`, type: 'sealed', v: 1, ...f, sig: sigs[i]! }));
}

async function appendOwn(keys: DeviceKeys, t: TrustState, eventId: string, body: Body): Promise<SealedDoc> {
  const mine = (t.hashes[keys.kid] ??= []);
  const { doc, hash } = await makeDoc(keys, t, eventId, mine.length + 1, mine.length ? mine[mine.length - 1]! : null, body);
  mine.push(hash);
  (t.origins[keys.kid] ??= []).push(body.k === 'entry' ? body.e.origin : 0);
  t.outbox.push(doc);
  return doc;
}

/**
 * Adds this device's log entries written since the last build to its feed (signed, sealed) and
 * returns everything not yet acknowledged. Built in order, stored before being sent, so a tab
 * killed between the two sends the same documents next time.
 */
export async function buildOutbox(db: WargameDb, eventId: string, writer: string): Promise<{ t: TrustState; keys: DeviceKeys }> {
  const keys = await deviceKeys(db);
  const t = await getTrust(db, eventId);
  if (!t) throw new Error('no trust state');
  if (!t.members[keys.kid] || t.members[keys.kid]!.removedUpTo !== undefined) return { t, keys };
  if (await keepEpochClosed(keys, t, eventId)) await putTrust(db, eventId, t);
  // only the first device carries other writers' entries; any other reads just its own from the
  // byOrigin index (a tablet that received 100,000 entries must not clone them all at every pass)
  const log =
    t.genesis === keys.kid ? await db.getAll('log', IDBKeyRange.bound([eventId, t.builtSeq + 1], [eventId, Infinity])) : await ownEntriesAfter(db, eventId, writer, t.builtSeq);
  if (!log.length) return { t, keys };
  const bound = new Set(Object.values(t.members).map((m) => m.writer));
  const inFeed = new Set(t.origins[keys.kid] ?? []);
  const before = (t.hashes[keys.kid] ?? []).length;
  const bodies: Body[] = [];
  for (const e of log) {
    if (e.deviceId === writer) {
      if (!inFeed.has(originOf(e))) bodies.push({ k: 'entry', e: toReplicated(e) });
    } else if (t.genesis === keys.kid && !bound.has(e.deviceId)) bodies.push({ k: 'carried', e: toReplicated(e) });
  }
  for (const b of bodies) if ((b.k === 'entry' || b.k === 'carried') && b.e.lamport > (t.lamportSeen ?? 0)) t.lamportSeen = b.e.lamport;
  await appendMany(keys, t, eventId, bodies);
  t.builtSeq = log[log.length - 1]!.seq;
  // another tab of this device built meanwhile: keep its feed, build again from its state
  const tx = db.transaction('settings', 'readwrite');
  const now = (await tx.store.get(TRUST_KEY(eventId))) as TrustState | undefined;
  if (now && (now.hashes[keys.kid] ?? []).length !== before) {
    await tx.done;
    return { t: now, keys };
  }
  await Promise.all([...trustRecords(eventId, t).map(([k, v]) => tx.store.put(v, k)), tx.done]);
  return { t, keys };
}

export async function markSent(db: WargameDb, eventId: string, ids: readonly string[]): Promise<void> {
  const tx = db.transaction('settings', 'readwrite');
  const t = (await tx.store.get(TRUST_KEY(eventId))) as TrustState | undefined;
  if (t) {
    const sent = new Set(ids);
    t.outbox = t.outbox.filter((d) => !sent.has(d._id));
    await tx.store.put(t, TRUST_KEY(eventId));
  }
  await tx.done;
}

/** Does the server's copy of one of our ids hold exactly the document we signed? */
export function sameDoc(a: Record<string, unknown>, b: SealedDoc): boolean {
  return a._id === b._id && a.ev === b.ev && a.kid === b.kid && a.n === b.n && a.prev === b.prev && a.iv === b.iv && a.ct === b.ct && a.sig === b.sig && a.ep === b.ep;
}

function refuse(t: TrustState, r: Omit<Refusal, 'at'>): void {
  t.refusedCount[r.reason] = (t.refusedCount[r.reason] ?? 0) + 1;
  t.refused.push({ ...r, id: r.id.slice(0, 120), at: Date.now() });
  if (t.refused.length > REFUSED_KEPT) t.refused.splice(0, t.refused.length - REFUSED_KEPT);
}

function readDoc(raw: Record<string, unknown>, eventId: string): SealedDoc | null {
  const d = raw as Partial<SealedDoc>;
  if (d.type !== 'sealed' || d.v !== 1 || d.ev !== eventId || typeof d.kid !== 'string' || !KID_RE.test(d.kid)) return null;
  if (typeof d.n !== 'number' || !Number.isInteger(d.n) || d.n < 1 || d.n > 2 ** 31) return null;
  if (d.prev !== null && (typeof d.prev !== 'string' || !HASH_RE.test(d.prev))) return null;
  if (typeof d.iv !== 'string' || typeof d.ct !== 'string' || typeof d.sig !== 'string' || typeof d._id !== 'string') return null;
  if (d.iv.length > 64 || d.sig.length > 200 || d.ct.length > 96 * 1024 * 1024) return null;
  if (d.ep !== undefined && (typeof d.ep !== 'string' || !EPOCH_RE.test(d.ep))) return null;
  return { _id: d._id, type: 'sealed', v: 1, ev: d.ev, kid: d.kid, n: d.n, prev: d.prev ?? null, iv: d.iv, ct: d.ct, sig: d.sig, ...(d.ep ? { ep: d.ep } : {}) };
}

export interface GateResult {
  /** entries to fold, in the order they were accepted */
  entries: ReplicatedEntry[];
  /** the membership changed (an admission or a removal arrived) */
  members: boolean;
  /** a fork found: this writer's entries from this origin on come out of the fold on every device */
  unfold: { writer: string; fromOrigin: number }[];
}

/**
 * Reads documents from the server through the trust rules. Mutates `t` (the caller stores it in
 * the same transaction as the entries it folds). Never throws on a document: every failure is a
 * refusal with its reason, and the rest goes on.
 */
export async function gate(t: TrustState, eventId: string, self: DeviceKeys, raws: readonly Record<string, unknown>[]): Promise<GateResult> {
  const out: GateResult = { entries: [], members: false, unfold: [] };
  let queue: { doc: SealedDoc }[] = [];
  const membership = (): string =>
    `${t.epoch ?? ''}|${Object.values(t.members)
      .map((m) => `${m.kid}:${m.removedUpTo ?? ''}`)
      .join()}`;
  const start = membership();
  const grants = [...(t.grantsIn ?? [])];
  for (const raw of raws) {
    const id = typeof raw._id === 'string' ? raw._id : '?';
    if (id.startsWith(`grant:${self.kid}:`)) grants.push(raw);
    if (id.startsWith('_design/') || id.startsWith('join:') || id.startsWith('grant:')) continue;
    if (raw.type === 'log-entry') {
      refuse(t, { id, reason: 'unsigned' });
      continue;
    }
    const doc = readDoc(raw, eventId);
    if (!doc) {
      refuse(t, { id, reason: 'malformed' });
      continue;
    }
    queue.push({ doc });
  }
  t.grantsIn = await takeGrants(t, eventId, self, grants);
  // a new key opens what waited for it: everything held is tried again
  if (membership() !== start) {
    queue.push(...t.pending.map((p) => ({ doc: p.doc })));
    t.pending = [];
  }
  // held documents are tried again after each batch: an admission or a predecessor may have come
  for (let pass = 0; pass < 50 && queue.length; pass++) {
    const held: TrustState['pending'] = [];
    const grown = new Set<string>();
    const before = membership();
    const pres = queue.map(({ doc }) => precompute(t, doc));
    for (const [i, { doc }] of queue.entries()) {
      let verdict: Verdict;
      try {
        verdict = await one(t, eventId, self, doc, out, pres[i]!);
      } catch (err) {
        // a check this gate did not foresee: the document is refused, never the whole sync
        refuse(t, { id: doc._id, reason: 'malformed', kid: doc.kid, n: doc.n, detail: err instanceof Error ? err.message.slice(0, 120) : undefined });
        verdict = 'done';
      }
      if (verdict === 'accepted') grown.add(doc.kid);
      else if (verdict !== 'done') held.push({ doc, why: verdict });
    }
    // a rotation grant made by a device admitted in this batch
    if (t.grantsIn.length && membership() !== before) t.grantsIn = await takeGrants(t, eventId, self, t.grantsIn);
    // Held documents are tried again only when what they wait for may have come: an admission,
    // a removal or a new key for the not admitted, their own device's feed growing for the
    // others. A flood of junk waits in its corner and costs nothing per page.
    const membersChanged = membership() !== before;
    const all = new Map<string, TrustState['pending'][number]>();
    for (const p of [...t.pending, ...held]) all.set(p.doc._id, p);
    const ready = [...all.values()].filter((p) => membersChanged || (p.why !== 'not-admitted' && grown.has(p.doc.kid)));
    const readyIds = new Set(ready.map((p) => p.doc._id));
    t.pending = [...all.values()].filter((p) => !readyIds.has(p.doc._id));
    queue = ready.map((p) => ({ doc: p.doc }));
  }
  // what is still waiting stays on the device, counted in the panel; the oldest go past the cap
  for (const { doc } of queue) if (!t.pending.some((p) => p.doc._id === doc._id)) t.pending.push({ doc, why: 'gap' });
  if (t.pending.length > PENDING_KEPT) t.pending.splice(0, t.pending.length - PENDING_KEPT);
  for (const u of out.unfold) out.entries = out.entries.filter((e) => !(e.deviceId === u.writer && e.origin >= u.fromOrigin));
  return out;
}

/** The crypto of a page started at once for every document (WebCrypto runs it off the main thread). */
interface Pre {
  text: string;
  hash: Promise<string>;
  /** started for documents whose device is a member when the page arrives */
  ok?: Promise<boolean>;
  plain?: Promise<string>;
}

function precompute(t: TrustState, doc: SealedDoc): Pre {
  const text = signedText(doc);
  const pre: Pre = { text, hash: sha256Hex(text) };
  const member = t.members[doc.kid];
  if (member && (t.hashes[doc.kid]?.length ?? 0) < doc.n) {
    pre.ok = verify(member.pub, text, doc.sig);
    const key = keyFor(t, doc.ep);
    if (key) {
      pre.plain = open(key, doc.iv, doc.ct);
      pre.plain.catch(() => undefined);
    }
  }
  return pre;
}

type Verdict = 'accepted' | 'done' | TrustState['pending'][number]['why'];

/**
 * One document through the gate, its checks in this order: its id names its hash, its device is
 * admitted, it is not the one already accepted, its signature holds, its number is not taken nor
 * past a fork, its predecessor is here and is the one it names, its device was not removed before
 * it, its epoch's key is here, it opens. Then its body is read (foldBody).
 */
async function one(t: TrustState, eventId: string, self: DeviceKeys, doc: SealedDoc, out: GateResult, pre: Pre): Promise<Verdict> {
  const hash = await pre.hash;
  if (doc._id !== `${doc.kid}:${doc.n}:${hash}`) {
    refuse(t, { id: doc._id, reason: 'edited', kid: doc.kid, n: doc.n });
    return 'done';
  }
  const member = t.members[doc.kid];
  if (!member) return 'not-admitted';
  const chain = (t.hashes[doc.kid] ??= []);
  const known = chain[doc.n - 1];
  // the very document accepted before (our own coming back, or a page read twice)
  if (known === hash) return 'done';
  if (!(await (pre.ok ?? verify(member.pub, pre.text, doc.sig)))) {
    refuse(t, { id: doc._id, reason: 'bad-signature', kid: doc.kid, n: doc.n });
    return 'done';
  }
  if (known !== undefined || t.forks.some((f) => f.kid === doc.kid && f.n <= doc.n)) return forkAt(t, self, doc, member, known, hash, out);
  if (doc.n > chain.length + 1) return 'gap';
  if (doc.prev !== (doc.n === 1 ? null : chain[doc.n - 2])) {
    // validly signed, right number, another predecessor: the device's feed split
    t.forks.push({ kid: doc.kid, n: doc.n - 1, hashes: [chain[doc.n - 2]!, doc.prev ?? ''], at: Date.now() });
    return 'fork';
  }
  if (member.removedUpTo !== undefined && doc.n > member.removedUpTo) {
    refuse(t, { id: doc._id, reason: 'removed', kid: doc.kid, n: doc.n });
    return 'done';
  }
  // sealed in an epoch whose key has not reached this device (yet, or ever: a removed device)
  const key = keyFor(t, doc.ep);
  if (!key) return 'key';
  let plain: string;
  let body: Body;
  try {
    plain = await (pre.plain ?? open(key, doc.iv, doc.ct));
    body = JSON.parse(plain) as Body;
  } catch {
    refuse(t, { id: doc._id, reason: 'undecryptable', kid: doc.kid, n: doc.n });
    return 'done';
  }
  // from here the document is the device's own: it takes its place in the feed whatever its body
  chain.push(hash);
  (t.origins[doc.kid] ??= []).push(0);
  return foldBody(t, eventId, self, doc, member, body, plain.length, out);
}

/**
 * A validly signed document at a number this device's feed already has another for (a fork, kept
 * with every hash seen at that number), or after a known fork of its device (held).
 */
function forkAt(t: TrustState, self: DeviceKeys, doc: SealedDoc, member: Member, known: string | undefined, hash: string, out: GateResult): 'done' | 'fork' {
  if (known === undefined) return 'fork';
  const fork = t.forks.find((f) => f.kid === doc.kid && f.n === doc.n);
  if (fork) {
    if (!fork.hashes.includes(hash)) fork.hashes.push(hash);
  } else {
    t.forks.push({ kid: doc.kid, n: doc.n, hashes: [known, hash], at: Date.now() });
    // neither side of a fork counts: what was folded from it on comes out again
    const origins = (t.origins[doc.kid] ?? []).slice(doc.n - 1).filter((o) => o > 0);
    if (origins.length && doc.kid !== self.kid) out.unfold.push({ writer: member.writer, fromOrigin: Math.min(...origins) });
  }
  return 'done';
}

/** A body refused: the document keeps its place in its device's feed, its content is set aside. */
function badBody(t: TrustState, doc: SealedDoc, reason: RefusalReason, detail?: string): 'accepted' {
  refuse(t, { id: doc._id, reason, kid: doc.kid, n: doc.n, ...(detail ? { detail } : {}) });
  return 'accepted';
}

/** What an opened document says, read by its kind; anything else is refused as malformed. */
async function foldBody(t: TrustState, eventId: string, self: DeviceKeys, doc: SealedDoc, member: Member, body: Body, plainLength: number, out: GateResult): Promise<'accepted'> {
  if (typeof body !== 'object' || body === null) return badBody(t, doc, 'malformed');
  switch (body.k) {
    case 'genesis':
      if (doc.n !== 1 || doc.kid !== t.genesis) return badBody(t, doc, 'bad-admission');
      if (typeof body.name === 'string' && body.name.length <= 100 && !member.name) member.name = body.name;
      return 'accepted';
    case 'entry':
    case 'carried':
      return foldEntry(t, eventId, doc, member, body, plainLength, out);
    case 'admit':
      return foldAdmit(t, doc, member, body, out);
    case 'remove':
      return foldRemove(t, self, doc, body, out);
    case 'rotate':
      // the epoch is the maker's own and the document is sealed in it: no one speaks for another's key
      if (
        typeof body.ep !== 'string' ||
        body.ep !== doc.ep ||
        !body.ep.endsWith(`.${doc.kid.slice(0, 8)}`) ||
        !Array.isArray(body.to) ||
        body.to.length > 1_000 ||
        !body.to.every((k) => typeof k === 'string' && KID_RE.test(k))
      )
        return badBody(t, doc, 'bad-admission');
      (t.epochTo ??= {})[body.ep] = [...body.to];
      return 'accepted';
    default:
      return badBody(t, doc, 'malformed');
  }
}

/** A log entry, the device's own or (from the first device) carried: checked, then folded. */
function foldEntry(
  t: TrustState,
  eventId: string,
  doc: SealedDoc,
  member: Member,
  body: Extract<Body, { k: 'entry' | 'carried' }>,
  plainLength: number,
  out: GateResult,
): 'accepted' {
  const check = checkEntry(body.e, plainLength);
  if (!check.ok) return badBody(t, doc, check.reason, check.problems[0] ? `${check.problems[0].path} ${check.problems[0].code}` : undefined);
  const e = body.e;
  if (e.eventId !== eventId) return badBody(t, doc, 'wrong-writer', 'entry.eventId');
  if (body.k === 'entry' ? e.deviceId !== member.writer : doc.kid !== t.genesis || Object.values(t.members).some((m) => m.writer === e.deviceId))
    return badBody(t, doc, 'wrong-writer', 'entry.deviceId');
  // a clock pushed far past anything an admitted device has shown would win every later order
  const bound = (t.lamportSeen ?? 0) + LAMPORT_MARGIN;
  if (e.lamport > bound) return badBody(t, doc, 'clock-ahead', `entry.lamport ${e.lamport} > ${bound}`);
  t.lamportSeen = Math.max(t.lamportSeen ?? 0, e.lamport);
  // our own come back too: a device that deleted the event and was admitted again gets them
  out.entries.push(e);
  if (body.k === 'entry') t.origins[doc.kid]![doc.n - 1] = e.origin;
  return 'accepted';
}

/** An admission by a device still admitted: the key is the one its id names, its writer free. */
async function foldAdmit(t: TrustState, doc: SealedDoc, member: Member, body: Extract<Body, { k: 'admit' }>, out: GateResult): Promise<'accepted'> {
  if (
    member.removedUpTo !== undefined ||
    typeof body.pub !== 'string' ||
    typeof body.writer !== 'string' ||
    typeof body.name !== 'string' ||
    body.name.length > 100 ||
    body.writer.length > 200
  )
    return badBody(t, doc, 'bad-admission');
  let kid: string;
  try {
    kid = await kidOf(body.pub);
  } catch {
    return badBody(t, doc, 'bad-admission');
  }
  if (kid !== body.kid) return badBody(t, doc, 'bad-admission');
  const taken = Object.values(t.members).find((m) => m.writer === body.writer && m.kid !== kid && m.removedUpTo === undefined);
  if (taken) return badBody(t, doc, 'bad-admission', 'writer');
  t.members[kid] = { kid, pub: body.pub, writer: body.writer, name: body.name, by: doc.kid };
  out.members = true;
  return 'accepted';
}

/** A removal: the first device is removed only by itself. */
function foldRemove(t: TrustState, self: DeviceKeys, doc: SealedDoc, body: Extract<Body, { k: 'remove' }>, out: GateResult): 'accepted' {
  const target = t.members[body.kid];
  if (!target || typeof body.upTo !== 'number' || !Number.isInteger(body.upTo) || body.upTo < 0 || (body.kid === t.genesis && doc.kid !== t.genesis))
    return badBody(t, doc, 'bad-admission');
  target.removedUpTo = Math.min(target.removedUpTo ?? Infinity, body.upTo);
  // what this device had folded from it past that point comes out, as on the remover's device
  const later = (t.origins[target.kid] ?? []).slice(target.removedUpTo).filter((o) => o > 0);
  if (later.length && target.kid !== self.kid) out.unfold.push({ writer: target.writer, fromOrigin: Math.min(...later) });
  out.members = true;
  return 'accepted';
}

// ---- admission -------------------------------------------------------------------------------

export interface JoinRequest {
  _id: string;
  type: 'join-request';
  pub: string;
  writer: string;
  sig: string;
}

export interface KeyGrant {
  _id: string;
  type: 'key-grant';
  for: string;
  by: string;
  byPub: string;
  iv: string;
  ct: string;
  sig: string;
}

interface GrantPayload {
  eventId: string;
  key: string;
  /** the key's epoch ('' or absent: the first) and the older epochs' keys, to read the older documents */
  epoch?: string;
  ring?: Record<string, string>;
  genesis: { kid: string; pub: string; writer: string; name: string };
}

/** A new epoch's key, sent after a removal to each device still admitted. */
interface RotationPayload {
  eventId: string;
  rotate: string;
  key: string;
  /** older epochs' keys, for a device that was admitted without them */
  ring?: Record<string, string>;
}

/** The keys of the epochs before the current one, raw, for a grant. */
async function exportRing(t: TrustState): Promise<Record<string, string>> {
  const ring: Record<string, string> = {};
  for (const [label, key] of Object.entries(t.keyRing ?? {})) ring[label] = await exportEventKey(key);
  return ring;
}

/** A payload sealed for one device (ECDH between the two devices' keys), signed by the sender. */
async function makeGrant(keys: DeviceKeys, to: { kid: string; pub: string }, payload: GrantPayload | RotationPayload): Promise<KeyGrant> {
  const { iv, ct } = await wrapFor(keys, to.pub, payload);
  const signed = JSON.stringify(['grant', to.kid, keys.kid, keys.pub, iv, ct]);
  const sig = await sign(keys, signed);
  return { _id: `grant:${to.kid}:${(await sha256Hex(signed)).slice(0, 16)}`, type: 'key-grant', for: to.kid, by: keys.kid, byPub: keys.pub, iv, ct, sig };
}

/** Opens a grant addressed to this device, checked against the key it says made it. */
async function openGrant(self: DeviceKeys, raw: Record<string, unknown>): Promise<{ by: string; payload: Record<string, unknown> } | null> {
  const g = raw as Partial<KeyGrant>;
  if (
    g.type !== 'key-grant' ||
    g.for !== self.kid ||
    typeof g.byPub !== 'string' ||
    typeof g.iv !== 'string' ||
    typeof g.ct !== 'string' ||
    typeof g.sig !== 'string' ||
    typeof g.by !== 'string'
  )
    return null;
  if (g.byPub.length > 400 || g.iv.length > 64 || g.ct.length > 64 * 1024) return null;
  try {
    if ((await kidOf(g.byPub)) !== g.by) return null;
    if (!(await verify(g.byPub, JSON.stringify(['grant', g.for, g.by, g.byPub, g.iv, g.ct]), g.sig))) return null;
    const payload = await unwrapFrom(self, g.byPub, g.iv, g.ct);
    return payload && typeof payload === 'object' ? { by: g.by, payload: payload as Record<string, unknown> } : null;
  } catch {
    return null;
  }
}

/**
 * Rotation grants for this device: a new epoch's key from a device admitted and not removed. The
 * key's label names its maker, so no device can pass its key off as another's epoch. Returns the
 * grants kept for later (their maker not admitted here yet); the others are taken or dropped.
 */
async function takeGrants(t: TrustState, eventId: string, self: DeviceKeys, raws: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const later: Record<string, unknown>[] = [];
  for (const raw of raws) {
    const by = typeof raw.by === 'string' ? t.members[raw.by] : undefined;
    if (!by) {
      if (typeof raw.by === 'string' && KID_RE.test(raw.by) && raw.for === self.kid) later.push(raw);
      continue;
    }
    if (by.removedUpTo !== undefined || raw.byPub !== by.pub) continue;
    const opened = await openGrant(self, raw);
    const p = opened?.payload as Partial<RotationPayload> | undefined;
    if (!p || p.eventId !== eventId || typeof p.rotate !== 'string' || !EPOCH_RE.test(p.rotate) || !p.rotate.endsWith(`.${by.kid.slice(0, 8)}`) || typeof p.key !== 'string')
      continue;
    try {
      learnKey(t, p.rotate, await importEventKey(p.key));
      const ring = p.ring && typeof p.ring === 'object' ? Object.entries(p.ring).slice(0, 1_000) : [];
      for (const [label, raw] of ring) if ((label === '' || EPOCH_RE.test(label)) && typeof raw === 'string' && !keyFor(t, label)) learnKey(t, label, await importEventKey(raw));
    } catch {
      // not a key: the grant is dropped, the documents sealed in its epoch wait
    }
  }
  return later.slice(-GRANTS_KEPT);
}

/**
 * After a removal: a new epoch with a fresh key, sealed for every device still admitted (not the
 * removed one), so what is written from now on is unreadable to it. The grants wait in the trust
 * state until a push puts them on the server.
 */
async function rotate(keys: DeviceKeys, t: TrustState, eventId: string): Promise<void> {
  const known = [t.epoch ?? '', ...Object.keys(t.keyRing ?? {})];
  const ep = `${Math.max(...known.map(epochNumber)) + 1}.${keys.kid.slice(0, 8)}`;
  const key = await makeEventKey();
  learnKey(t, ep, key);
  // with the older keys: a device offline through an epoch whose maker was removed since drops
  // that maker's grant, and gets its key here
  const payload: RotationPayload = { eventId, rotate: ep, key: await exportEventKey(key), ring: await exportRing(t) };
  const to = [keys.kid];
  for (const m of Object.values(t.members)) {
    if (m.kid === keys.kid || m.removedUpTo !== undefined) continue;
    (t.grantsOut ??= []).push(await makeGrant(keys, m, payload));
    to.push(m.kid);
  }
  (t.epochTo ??= {})[ep] = to;
  await appendOwn(keys, t, eventId, { k: 'rotate', ep, to });
}

/**
 * The key in use must be held by the devices still admitted and by them only. Two tablets that
 * remove devices before either has seen the other's removal each start an epoch; the newer wins
 * everywhere, and its maker may have sent it to the device the other one removed: that remover
 * then starts another. A device admitted while an epoch was made did not get its key: the maker
 * sends it (with the older keys, for the documents sealed in them).
 */
async function keepEpochClosed(keys: DeviceKeys, t: TrustState, eventId: string): Promise<boolean> {
  const ep = t.epoch ?? '';
  const to = t.epochTo?.[ep];
  if (!ep || !to) return false;
  if (to.some((k) => t.members[k]?.removedBy === keys.kid)) {
    await rotate(keys, t, eventId);
    return true;
  }
  if (!ep.endsWith(`.${keys.kid.slice(0, 8)}`)) return false;
  const missing = Object.values(t.members).filter((m) => m.kid !== keys.kid && m.removedUpTo === undefined && !to.includes(m.kid));
  if (!missing.length) return false;
  const payload: RotationPayload = { eventId, rotate: ep, key: await exportEventKey(t.eventKey), ring: await exportRing(t) };
  for (const m of missing) {
    (t.grantsOut ??= []).push(await makeGrant(keys, m, payload));
    to.push(m.kid);
  }
  return true;
}

export async function markGrantsSent(db: WargameDb, eventId: string, ids: readonly string[]): Promise<void> {
  const tx = db.transaction('settings', 'readwrite');
  const t = (await tx.store.get(TRUST_KEY(eventId))) as TrustState | undefined;
  if (t?.grantsOut) {
    const sent = new Set(ids);
    t.grantsOut = t.grantsOut.filter((g) => !sent.has(g._id));
    await tx.store.put(t, TRUST_KEY(eventId));
  }
  await tx.done;
}

export async function joinRequest(db: WargameDb, writer: string): Promise<JoinRequest> {
  const keys = await deviceKeys(db);
  return { _id: `join:${keys.kid}`, type: 'join-request', pub: keys.pub, writer, sig: await sign(keys, JSON.stringify(['join', keys.pub, writer])) };
}

/** A join request that is what it says: its key id from its key, signed by that key. */
export async function readJoinRequest(raw: Record<string, unknown>): Promise<{ kid: string; pub: string; writer: string } | null> {
  if (
    raw.type !== 'join-request' ||
    typeof raw.pub !== 'string' ||
    typeof raw.writer !== 'string' ||
    typeof raw.sig !== 'string' ||
    raw.writer.length > 200 ||
    raw.pub.length > 400
  )
    return null;
  try {
    const kid = await kidOf(raw.pub);
    if (raw._id !== `join:${kid}`) return null;
    return (await verify(raw.pub, JSON.stringify(['join', raw.pub, raw.writer]), raw.sig)) ? { kid, pub: raw.pub, writer: raw.writer } : null;
  } catch {
    return null;
  }
}

export type AdmitProblem = 'not-organizer' | 'writer-taken' | 'already';

/**
 * An organizer device admits a joiner: a signed `admit` in its own feed (sealed, for every
 * device) and the event key wrapped for the joiner alone (ECDH between the two devices' keys).
 */
export async function admit(
  db: WargameDb,
  eventId: string,
  joiner: { kid: string; pub: string; writer: string },
  name: string,
): Promise<{ grant: KeyGrant } | { problem: AdmitProblem }> {
  const keys = await deviceKeys(db);
  const t = await getTrust(db, eventId);
  if (!t?.members[keys.kid] || t.members[keys.kid]!.removedUpTo !== undefined) return { problem: 'not-organizer' };
  const live = t.members[joiner.kid];
  if (live && live.removedUpTo === undefined) return { problem: 'already' };
  if (Object.values(t.members).some((m) => m.writer === joiner.writer && m.kid !== joiner.kid && m.removedUpTo === undefined)) return { problem: 'writer-taken' };
  const g = t.members[t.genesis]!;
  await appendOwn(keys, t, eventId, { k: 'admit', kid: joiner.kid, pub: joiner.pub, writer: joiner.writer, name });
  t.members[joiner.kid] = { kid: joiner.kid, pub: joiner.pub, writer: joiner.writer, name, by: keys.kid };
  const payload: GrantPayload = {
    eventId,
    key: await exportEventKey(t.eventKey),
    epoch: t.epoch ?? '',
    ring: await exportRing(t),
    genesis: { kid: g.kid, pub: g.pub, writer: g.writer, name: g.name },
  };
  const grant = await makeGrant(keys, joiner, payload);
  await putTrust(db, eventId, t);
  return { grant };
}

/**
 * A lost tablet: its documents after the last one this device has read are refused everywhere,
 * and a new key epoch starts, its key sent to the devices still admitted: the removed one keeps
 * what it had, and cannot open what is written after.
 */
export async function removeDevice(db: WargameDb, eventId: string, kid: string): Promise<boolean> {
  const keys = await deviceKeys(db);
  const t = await getTrust(db, eventId);
  if (!t?.members[kid] || kid === keys.kid || !t.members[keys.kid]) return false;
  const upTo = (t.hashes[kid] ?? []).length;
  // sealed in the old epoch: every device, the removed one too, reads that it is out
  await appendOwn(keys, t, eventId, { k: 'remove', kid, upTo });
  t.members[kid]!.removedUpTo = upTo;
  t.members[kid]!.removedBy = keys.kid;
  await rotate(keys, t, eventId);
  await putTrust(db, eventId, t);
  return true;
}

/**
 * The joiner opens a grant addressed to it. Returns the event id, having stored the event key and
 * the first device (from which the log's admissions are checked); null if the grant is not for
 * this device's keys or was not made by the key it names.
 */
export async function acceptGrant(db: WargameDb, raw: Record<string, unknown>): Promise<string | null> {
  const keys = await deviceKeys(db);
  const opened = await openGrant(keys, raw);
  // a rotation grant is not an admission: the gate takes it once this device is in the event
  if (!opened || 'rotate' in opened.payload) return null;
  try {
    const p = opened.payload as Partial<GrantPayload>;
    if (typeof p.eventId !== 'string' || typeof p.key !== 'string' || typeof p.genesis?.pub !== 'string' || (await kidOf(p.genesis.pub)) !== p.genesis.kid) return null;
    const epoch = typeof p.epoch === 'string' && EPOCH_RE.test(p.epoch) ? p.epoch : '';
    const ring: Record<string, CryptoKey> = {};
    for (const [ep, raw] of Object.entries(p.ring && typeof p.ring === 'object' ? p.ring : {}).slice(0, 1_000))
      if ((ep === '' || EPOCH_RE.test(ep)) && ep !== epoch && typeof raw === 'string') ring[ep] = await importEventKey(raw);
    // a device that deleted the event and is admitted again reads the whole log afresh
    if ((await getTrust(db, p.eventId)) && (await db.get('events', p.eventId))) return p.eventId;
    await updateSyncState(db, p.eventId, { pushedSeq: 0, since: 0, lastSyncAt: null, lastError: null });
    const genesis: Member = { kid: p.genesis.kid, pub: p.genesis.pub, writer: String(p.genesis.writer), name: String(p.genesis.name).slice(0, 100), by: null };
    await putTrust(db, p.eventId, { ...emptyState(await importEventKey(p.key), genesis), ...(epoch ? { epoch } : {}), keyRing: ring });
    return p.eventId;
  } catch {
    return null;
  }
}

/** The names the organizer gave, by the device id entries carry (for conflicts and history). */
export function namesByWriter(t: TrustState | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of Object.values(t?.members ?? {})) if (m.name) out[m.writer] = m.name;
  return out;
}

// ---- receiving -------------------------------------------------------------------------------

/**
 * One page of the server's documents through the gate, then the accepted entries folded a slice
 * at a time (store/replica.ts mergeInSlices); the trust state and the `_changes` checkpoint go
 * with the last slice, so a tab killed mid-page redoes the page and the checkpoint is never
 * ahead of what was stored. `onSlice(merged, of)` counts accepted entries. In the browser this
 * runs in the sync worker (receiver.ts); `slice` is how many entries go in one transaction.
 */
export async function receiveDocs(
  db: WargameDb,
  eventId: string,
  writer: string,
  raws: readonly Record<string, unknown>[],
  since: string | number,
  onSlice?: (merged: number, of: number) => void,
  slice?: number,
): Promise<MergeResult> {
  const [t, keys] = await Promise.all([getTrust(db, eventId), deviceKeys(db)]);
  if (!t) return mergeEntries(db, eventId, [], writer, since);
  const { entries, unfold } = await gate(t, eventId, keys, raws);
  return mergeInSlices(
    db,
    eventId,
    entries,
    writer,
    since,
    onSlice && ((k) => onSlice(k, entries.length)),
    async () => {
      // another tab of this device may have built documents meanwhile: keep its own feed's part
      const now = await getTrust(db, eventId);
      if (now && (now.hashes[keys.kid] ?? []).length > (t.hashes[keys.kid] ?? []).length) {
        t.hashes[keys.kid] = now.hashes[keys.kid]!;
        t.origins[keys.kid] = now.origins[keys.kid] ?? [];
        t.outbox = now.outbox;
        t.builtSeq = now.builtSeq;
      }
      return { settings: trustRecords(eventId, t), unfold };
    },
    slice,
  );
}

const chains = new Map<string, Promise<unknown>>();
/**
 * One writer of an event's trust state at a time, across this device's tabs (Web Locks) and
 * within a page: a sync, an admission, a removal. Two tabs numbering the same feed would fork it.
 */
export function withEventLock<T>(eventId: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  const run = (): Promise<T> => (locks ? (locks.request(`trust:${eventId}`, fn) as Promise<T>) : fn());
  const prev = chains.get(eventId) ?? Promise.resolve();
  const next = prev.then(run, run);
  chains.set(
    eventId,
    next.catch(() => undefined),
  );
  return next;
}
