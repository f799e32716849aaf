// Everything an organizer or a clock does is one of these actions, appended to the event's log
// with a sequence number, a time and a device id. Nothing is overwritten: a correction or an undo
// is a new entry, so the log is also the audit trail.
import type { EventFile, EventSettings, GameResult, Player, PlayerId, Round } from '../event-file/types';

/** What happened; `basedOn` (optional on every action) is the seq its form was opened at. */
export type Action = ActionBody & {
  /** the log seq the form was opened at: the store refuses the action if what it depends on changed since (conflict.ts) */
  basedOn?: number;
};

type ActionBody =
  | { type: 'event-created'; event: EventFile }
  | { type: 'event-imported'; event: EventFile }
  | { type: 'event-updated'; patch: { name?: string; date?: string; settings?: Partial<EventSettings> } }
  | { type: 'player-registered'; player: Player }
  | { type: 'player-updated'; id: PlayerId; patch: Partial<Omit<Player, 'id'>> }
  | { type: 'player-dropped'; id: PlayerId; afterRound: number }
  | { type: 'player-reinstated'; id: PlayerId }
  /** not checked in when pairing: dropped together, in one entry, so one undo brings them all back */
  | { type: 'players-absent'; ids: PlayerId[]; afterRound: number }
  /** « Tout pointer »: the players the desk checked in at once, one entry (one undo) */
  | { type: 'players-checked-in'; ids: PlayerId[] }
  | { type: 'round-paired'; round: Round }
  | { type: 'round-updated'; number: number; patch: Partial<Omit<Round, 'number' | 'pairings'>> }
  | { type: 'pairings-swapped'; round: number; a: PlayerId; b: PlayerId /** what the organizer was warned of when confirming */; warnings?: string[] }
  | { type: 'round-deleted'; number: number }
  | { type: 'result-recorded'; round: number; table: number; result: GameResult }
  | { type: 'result-corrected'; round: number; table: number; result: GameResult | null; reason?: string }
  /** `target` (entry key `deviceId:origin`) names the entry across devices; older logs have only
   * `seq`, which then means the entry of the undoing device with that origin sequence */
  | { type: 'action-undone'; seq: number; target?: string }
  /**
   * The organizer settled a conflict that a merge of devices' logs created: `keep` is the entry
   * key kept, `setAside` the keys that no longer count. Both sides stay in the log.
   */
  | { type: 'conflict-resolved'; conflict: string; keep: string; setAside: string[] }
  /** a snapshot brought back: the whole state replaced, and the log says from when */
  | { type: 'backup-restored'; event: EventFile; backupAt: number; backupRound: number }
  /** an imported file of the same event replaced the device's copy (a backup of it was taken first) */
  | { type: 'event-replaced'; event: EventFile; fileName?: string }
  /** the organizer PIN was removed (no state change: audit only); `how` since recovery codes */
  | { type: 'organizer-pin-reset'; how?: 'recovery-code' };

export type ActionType = Action['type'];

export interface LogEntry {
  eventId: string;
  /** 1-based, gapless per event: the order of the log */
  seq: number;
  /** epoch ms (Date.now(), never performance.now(): it must mean something after a reload) */
  at: number;
  deviceId: string;
  action: Action;
  /**
   * The last seq the writer had seen when its form was opened (conflict.ts), when it said so.
   * Optional and additive: older entries have none; the sync compares it across devices.
   */
  basedOn?: number;
  /**
   * Lamport clock across devices (greater than every entry the writer had seen). Absent in logs
   * written before sync existed: then it is `seq`.
   */
  lamport?: number;
  /** this entry's seq on the device that wrote it (absent = `seq`): its replicated id is
   * `<eventId>:<deviceId>:<origin>` */
  origin?: number;
  /** what the writer had seen of other devices' entries when deciding: deviceId -> highest origin */
  seen?: Record<string, number>;
}
