// Owns each event's sync server settings on this device (address, databases, credentials):
// device settings, never the event file, so an export or a backup never carries them.
import { TRUST_KEY, TRUST_VIEW_KEY, trustView, type TrustView } from '../sync/trust-view';
import type { WargameDb } from './db';

/** Entered once per event on the device; kept in device settings, never in the event file. */
export interface SyncConfig {
  /** server root, e.g. https://couch.example.org or http://192.168.1.20:5984 */
  url: string;
  /** the event's database (one database per event) */
  db: string;
  /** the players' read-only database; empty = nothing published */
  publicDb?: string;
  user?: string;
  password?: string;
}

const key = (eventId: string): string => `sync:${eventId}`;

export async function getSyncConfig(db: WargameDb, eventId: string): Promise<SyncConfig | null> {
  return ((await db.get('settings', key(eventId))) as SyncConfig | undefined) ?? null;
}

export async function setSyncConfig(db: WargameDb, eventId: string, cfg: SyncConfig | null): Promise<void> {
  if (cfg) await db.put('settings', cfg, key(eventId));
  else await db.delete('settings', key(eventId));
}

/** CouchDB's own rule for database names. */
export const DB_NAME_RE = /^[a-z][a-z0-9_$()+/-]*$/;

/**
 * What the screens show of the sync's trust state (the names given at admission, the documents
 * refused and held): its small view record, so no screen reads the whole state (a hash per
 * document, held documents) on the page's thread or loads the crypto to show it. A state written
 * before the view existed is read whole once, until the next sync writes its view.
 */
export async function getTrustView(db: WargameDb, eventId: string): Promise<TrustView | null> {
  const view = (await db.get('settings', TRUST_VIEW_KEY(eventId))) as TrustView | undefined;
  if (view) return view;
  const whole = (await db.get('settings', TRUST_KEY(eventId))) as Parameters<typeof trustView>[0] | undefined;
  return whole ? trustView(whole) : null;
}

/** Has this device a trust state for the event (first device, or admitted)? */
export async function hasTrust(db: WargameDb, eventId: string): Promise<boolean> {
  return (await db.getKey('settings', TRUST_KEY(eventId))) !== undefined;
}

/** This device's key id, once it has keys (sync turned on or joined once). */
export async function ownKid(db: WargameDb): Promise<string | null> {
  return ((await db.get('settings', 'device-keys')) as { kid?: string } | undefined)?.kid ?? null;
}

/** Each sync request's time limit (the sync line says it in words when it runs out). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A server address as the app accepts it: http(s), a host, no user name or password inside (they
 * would travel in every link and QR built from it; credentials go in their own fields).
 */
export function checkServerUrl(raw: string): { ok: true; url: string } | { ok: false; code: 'bad-url' | 'credentials-in-url' } {
  const text = raw.trim();
  if (!/^https?:\/\/[^/\s]+/i.test(text)) return { ok: false, code: 'bad-url' };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, code: 'bad-url' };
  }
  // URL() drops an empty "user:@" but keeps the @ in the authority: look at the text too
  if (u.username || u.password || /^https?:\/\/[^/?#]*@/i.test(text)) return { ok: false, code: 'credentials-in-url' };
  if (!u.hostname) return { ok: false, code: 'bad-url' };
  return { ok: true, url: `${u.origin}${u.pathname.replace(/\/+$/, '')}` };
}

/** The server's host as shown to people (never credentials, never a path). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
