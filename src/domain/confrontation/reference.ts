// Confrontation (Rackham) tournament reference card (seed 001): the numbers a table looks up
// during a game. Labels in French first, the source's words.
import type { Lang } from '../event-file/messages';

export type WoundDoubleEffect = 'nothing' | 'stunned' | 'light-wound' | 'serious-wound' | 'critical-wound' | 'killed-outright';

/** Doubles on the wound roll, tournament table ("Double 1 : aucun effet" ... "Double 6 : tué net"). */
export const WOUND_DOUBLES: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, WoundDoubleEffect>> = {
  1: 'nothing',
  2: 'stunned',
  3: 'light-wound',
  4: 'serious-wound',
  5: 'critical-wound',
  6: 'killed-outright',
};

export const WOUND_DOUBLE_LABELS: Readonly<Record<WoundDoubleEffect, Record<Lang, string>>> = {
  nothing: { fr: 'aucun effet', en: 'no effect' },
  stunned: { fr: 'sonné', en: 'stunned' },
  'light-wound': { fr: 'blessure légère', en: 'light wound' },
  'serious-wound': { fr: 'blessure grave', en: 'serious wound' },
  'critical-wound': { fr: 'blessure critique', en: 'critical wound' },
  'killed-outright': { fr: 'tué net', en: 'killed outright' },
};

export function woundDouble(die: number): WoundDoubleEffect {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`woundDouble: ${die} is not a die face`);
  return WOUND_DOUBLES[die as 1 | 2 | 3 | 4 | 5 | 6];
}

/** In a tournament disengaging is 4 + 2 per opponent in contact (not the usual 4 + 1). */
export function disengageDifficulty(opponentsInContact: number): number {
  if (!Number.isInteger(opponentsInContact) || opponentsInContact < 0) throw new Error(`disengageDifficulty: ${opponentsInContact} opponents`);
  return 4 + 2 * opponentsInContact;
}

/** Challenge table surface, centimetres: from 40 x 80 to 80 x 120. */
export const CHALLENGE_TABLE_CM = { min: { width: 40, length: 80 }, max: { width: 80, length: 120 } } as const;

/** The challenge table size as message parameters: « une table de 40x80 cm à 80x120 cm ». */
export function challengeTableParams(): { minW: number; minL: number; maxW: number; maxL: number } {
  const { min, max } = CHALLENGE_TABLE_CM;
  return { minW: min.width, minL: min.length, maxW: max.width, maxL: max.length };
}

/** 500-point variant: army cap, turn cap, each bonus, objective radius (cm). */
export const POINTS_500 = { armyCap: 500, maxTurns: 8, bonus: 20, objectiveRadiusCm: 5 } as const;

/** 200-PA challenge variant: the army for every game. */
export const CHALLENGE_PA = 200;
