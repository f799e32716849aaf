// A player's own registration (issue 20): sent from the public page to the event's intake, where
// anyone may drop one, so everything in it is hostile until the organizer accepts it through the
// same checks as a registration typed at the desk. The shape is fixed and small: a name, a club,
// a faction and the army lists as pasted (text, parsed again on the organizer's side).

export const SELF_REGISTRATION_LIMITS = { name: 80, club: 80, faction: 80, lists: 4, listChars: 3_000, bytes: 8_192 } as const;

export interface SelfRegistration {
  /** "registration:" + 16 random hex digits, made by the phone */
  id: string;
  name: string;
  club: string;
  faction: string;
  /** the army lists as pasted, one text each */
  lists: string[];
  at: number;
}

export const REGISTRATION_ID = /^registration:[0-9a-f]{16}$/;

/** A registration document as read from the intake, or null when it is not of the shape. */
export function readSelfRegistration(doc: unknown): SelfRegistration | null {
  if (!doc || typeof doc !== 'object') return null;
  const d = doc as Record<string, unknown>;
  const L = SELF_REGISTRATION_LIMITS;
  const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
  if (d.type !== 'registration' || typeof d._id !== 'string' || !REGISTRATION_ID.test(d._id)) return null;
  if (!str(d.name, L.name) || d.name.trim() === '' || !str(d.club, L.club) || !str(d.faction, L.faction)) return null;
  if (!Array.isArray(d.lists) || d.lists.length > L.lists || !d.lists.every((l) => str(l, L.listChars))) return null;
  if (typeof d.at !== 'number' || !Number.isInteger(d.at) || d.at < 0) return null;
  return { id: d._id, name: d.name.trim(), club: d.club.trim(), faction: d.faction.trim(), lists: d.lists as string[], at: d.at };
}

/** A fresh id for a registration the phone sends. */
export function newRegistrationId(): string {
  const c = (globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }).crypto;
  return `registration:${[...c.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
