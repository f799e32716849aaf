// Every event file the organizer's device writes out goes through here, so what a file carries
// depends on who asks, in one place:
// - the hidden game length of a round being played (`variableMinutes`, `variableSeed`) stays
//   out of a file exported without the PIN: anyone at the tablet can press « Exporter », and the
//   file would tell the table when dice down comes. The PIN-unlocked export and the automatic
//   backups keep them (the organizer's recovery). The round says they were left out, so a copy
//   imported from such a file does not call dice down at a wrong time.
// - a locked event's file carries its lock (`lock`: the recovery code's hash, never the PIN's),
//   so an imported copy is locked too and opens with the same recovery code.
import type { EventFile, Round } from '../domain/event-file';
import { serializeEventFile } from '../domain/event-file/serialize';
import { isRoundRunning } from '../domain/systems/event-state';
import type { WargameDb } from '../store/db';
import { getPin, type SecretHash } from '../store/pin';
import { isUnlocked } from './pin-session';

/** The round fields that give away when a running round ends. */
export const HIDDEN_ROUND_FIELDS = ['variableMinutes', 'variableSeed'] as const;
/** Set on a round whose hidden length was left out of the file. */
export const WITHHELD_FLAG = 'hiddenLengthWithheld';

export interface FileLock {
  v: 1;
  recovery?: SecretHash;
}

export function withoutHiddenLength(event: EventFile): { event: EventFile; withheld: boolean } {
  let withheld = false;
  const rounds = event.rounds.map((r): Round => {
    if (!isRoundRunning(r) || !HIDDEN_ROUND_FIELDS.some((k) => r[k] !== undefined)) return r;
    withheld = true;
    const copy: Round = { ...r, [WITHHELD_FLAG]: true };
    for (const k of HIDDEN_ROUND_FIELDS) delete copy[k];
    return copy;
  });
  return { event: withheld ? { ...event, rounds } : event, withheld };
}

/**
 * The file text for `eventId`. `full`: the organizer proved it (PIN unlocked) or it is the
 * device's own backup; otherwise a running round's hidden length is left out.
 */
export async function eventFileText(db: WargameDb, eventId: string, event: EventFile, opts: { full?: boolean } = {}): Promise<{ text: string; withheld: boolean }> {
  const pin = await getPin(db, eventId);
  const full = opts.full ?? (pin !== null && isUnlocked(eventId));
  const { event: out, withheld } = full ? { event, withheld: false } : withoutHiddenLength(event);
  const { lock: _stale, ...rest } = out;
  const file: EventFile = pin ? ({ ...rest, lock: { v: 1, ...(pin.recovery && { recovery: pin.recovery }) } satisfies FileLock } as EventFile) : (rest as EventFile);
  return { text: serializeEventFile(file), withheld };
}

/** An imported file's lock, taken out of the event (it lives in the device's settings, not the log). */
export function takeLock(event: EventFile): { event: EventFile; lock: FileLock | null } {
  const { lock, ...rest } = event;
  if (lock === undefined) return { event, lock: null };
  const l = lock as Partial<FileLock> | null;
  const r = l && typeof l === 'object' ? (l.recovery as Partial<SecretHash> | undefined) : undefined;
  // only a lock this app could have written: a hostile file must not make the tablet derive
  // for minutes (a huge iteration count) or compare against garbage
  const hex = (v: unknown, len: number): v is string => typeof v === 'string' && v.length === len && /^[0-9a-f]+$/.test(v);
  const recovery =
    r && hex(r.salt, 32) && hex(r.hash, 64) && Number.isInteger(r.iterations) && r.iterations! >= 10_000 && r.iterations! <= 1_000_000
      ? { salt: r.salt, hash: r.hash, iterations: r.iterations! }
      : undefined;
  return { event: rest as EventFile, lock: { v: 1, ...(recovery && { recovery }) } };
}
