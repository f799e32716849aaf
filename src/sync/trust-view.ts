// What the screens show of the sync's trust state (the names given at admission, the documents
// refused or held, the forks), kept in a small record of its own next to the state. The state
// itself carries a hash per document and up to thousands of held sealed documents: megabytes
// after a big event, too much to read on the page's thread each time the sync panel refreshes.
// This file holds no crypto, so the panels load none to show it.
import type { EntryCheck } from '../domain/log/validate-entry';

export const TRUST_KEY = (eventId: string): string => `trust:${eventId}`;
export const TRUST_VIEW_KEY = (eventId: string): string => `trust-view:${eventId}`;

export interface Member {
  kid: string;
  pub: string;
  /** the device id its log entries carry */
  writer: string;
  /** given by the organizer at admission (« Tablette de Marc ») */
  name: string;
  /** the admitting device's kid; null for the event's first device */
  by: string | null;
  /** removed: its documents after this number are refused */
  removedUpTo?: number;
  /** set on the device that removed it (that device keeps the key away from it) */
  removedBy?: string;
}

export type RefusalReason =
  | 'clock-ahead'
  | 'malformed'
  | 'unsigned'
  | 'edited'
  | 'bad-signature'
  | 'not-admitted'
  | 'removed'
  | 'undecryptable'
  | 'wrong-writer'
  | 'bad-admission'
  | Exclude<EntryCheck, { ok: true }>['reason'];

export interface Refusal {
  id: string;
  reason: RefusalReason;
  kid?: string;
  n?: number;
  /** the first problem's path and code, for the panel */
  detail?: string;
  at: number;
}

export interface Fork {
  kid: string;
  n: number;
  hashes: string[];
  at: number;
}

/** Why a document is held rather than folded. */
export type HeldWhy = 'not-admitted' | 'gap' | 'fork' | 'key';

/** The panels' part of the trust state. */
export interface TrustView {
  members: Record<string, Member>;
  /** the newest refusals, as many as the panel lists */
  refused: Refusal[];
  refusedCount: Partial<Record<RefusalReason, number>>;
  /** documents held, counted by why */
  held: Partial<Record<HeldWhy, number>>;
  forks: Fork[];
}

/** The panel lists this many of the newest refusals (the counts cover them all). */
export const REFUSED_SHOWN = 50;

export function trustView(t: Pick<TrustView, 'members' | 'refusedCount' | 'forks'> & { refused: readonly Refusal[]; pending: readonly { why: HeldWhy }[] }): TrustView {
  const held: Partial<Record<HeldWhy, number>> = {};
  for (const p of t.pending) held[p.why] = (held[p.why] ?? 0) + 1;
  return { members: t.members, refused: t.refused.slice(-REFUSED_SHOWN), refusedCount: t.refusedCount, held, forks: t.forks };
}
