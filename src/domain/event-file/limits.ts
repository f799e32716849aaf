// What a reasonable event file can hold. A file is read from anywhere (a USB stick, a results
// site, a hostile hand): beyond these it is refused with a message naming the field, before any
// code recurses into it (a 20,000-deep unknown field overflowed the stack of pairing and of the
// worker's structured clone) or stores a number JSON cannot give back (1e308 became null).

/** longest event file read, in characters (a 4,096-player event with lists is about 5 MB) */
export const MAX_FILE_CHARS = 64 * 1024 * 1024;
/** nesting of objects and arrays; the format itself needs 7 (rounds › pairings › result › side) */
export const MAX_DEPTH = 64;
/** values (objects, arrays, strings, numbers...) in one file */
export const MAX_VALUES = 5_000_000;
/** any text anywhere in the file, known field or not */
export const MAX_TEXT = 20_000;

/** How many of each list a reasonable event holds (the largest target is 4,096 players). */
export const MAX_ITEMS = { players: 10_000, rounds: 100, lists: 10, models: 300, variants: 50 } as const;

/** names shown on tickets, pairings and standings: one line of a sheet, one QR with both players */
export const NAME_MAX = 100;
export const EVENT_NAME_MAX = 120;
/** the fields held to NAME_MAX (the event's name to EVENT_NAME_MAX) */
export const PLAYER_TEXT_FIELDS = ['id', 'name', 'nickname', 'club', 'faction'] as const;

/** The ranges the rules allow for the common fields: [min, max], both included. */
export const RANGES = {
  points: [1, 100_000],
  rounds: [1, 100],
  playerNumber: [1, 1_000_000],
  roundNumber: [1, 1_000],
  table: [1, 100_000],
  tier: [1, 4],
  bonus: [0, 100_000],
  cost: [0, 100_000],
  cp: [0, 100],
  apd: [0, 100_000],
  listIndex: [0, 99],
} as const satisfies Record<string, readonly [number, number]>;
