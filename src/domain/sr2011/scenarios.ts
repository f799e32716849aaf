// The 16 Steamroller 2011 scenarios as data: the organizer's roll, the table card and the table
// clock all read this one table, so a scenario's numbers live in exactly one place.
// French text is condensed from the official French translation (shared/seeds/000_...), English
// is our translation of it. Demolition (no. 15) is in the random table but its page is missing
// from the source: it keeps its name and place and says so with rulesTextProvided: false.
import type { Rng } from '../random';
import type { Lang } from '../event-file/messages';

export const SCENARIO_GROUPS = ['central', 'double', 'distant', 'radial'] as const;
export type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

export const SCENARIO_GROUP_NAMES: Record<ScenarioGroup, Record<Lang, string>> = {
  central: { fr: 'Centraux', en: 'Central' },
  double: { fr: 'Doubles', en: 'Double' },
  distant: { fr: 'Distants', en: 'Distant' },
  radial: { fr: 'Radiaux', en: 'Radial' },
};

export const SCENARIO_IDS = [
  'overrun',
  'kill-box',
  'close-quarters',
  'gaining-ground',
  'process-of-elimination',
  'revelation',
  'incursion',
  'outflank-outfight-outlast',
  'capture-the-flag',
  'grind',
  'destruction',
  'the-gauntlet',
  'command-and-control',
  'diversion',
  'demolition',
  'sacrifice',
] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

/** Deployment zone depths in inches; "advance" is for models with Advance Deployment. */
export interface DeploymentDepths {
  first: number;
  second: number;
  advanceFirst: number;
  advanceSecond: number;
  /** radial zones are quarter circles measured from each player's right corner */
  measuredFrom: 'table-edge' | 'right-corner';
}

export const STANDARD_DEPLOYMENT: DeploymentDepths = {
  first: 8,
  second: 10,
  advanceFirst: 14,
  advanceSecond: 16,
  measuredFrom: 'table-edge',
};
export const RADIAL_DEPLOYMENT: DeploymentDepths = {
  first: 18,
  second: 20,
  advanceFirst: 24,
  advanceSecond: 26,
  measuredFrom: 'right-corner',
};
/**
 * « Les scénarios radiaux sont prévus pour des parties d'au moins 35 points »: below it the
 * dice re-roll them, the organizer's pick leaves them out and `validate` warns (issue 21).
 */
export const RADIAL_MIN_POINTS = 35;

export type ElementKind = 'zone' | 'flag' | 'objective' | 'box';
export type ElementPlace = 'centre' | 'centre-line' | 'each-half' | 'table' | 'unknown';

export interface ScenarioElement {
  kind: ElementKind;
  count: number;
  shape?: 'rectangle' | 'circle' | 'square';
  /** rectangle: width x depth in inches as printed in the source */
  widthInches?: number;
  depthInches?: number;
  diameterInches?: number;
  place: ElementPlace;
}

/**
 * When CP can first be scored. 'first-player-second-turn': objectives « ne peuvent ni être ciblés
 * par des attaques ni endommagés dans le premier tour » (seed, Objectif), so a scenario scoring
 * destroyed objectives (Destruction) cannot score in the first game turn.
 */
export type ScoringStart = 'second-player-second-turn' | 'first-player-second-turn';
export type ScoringMoment = 'end-of-each-turn' | 'objective-destroyed';

/**
 * What a table clock needs to know to call a scenario victory. A control-point rule wins for
 * the first side with cp >= target (and, when moreThanOpponent, cp > opponent's cp).
 */
export interface WinRule {
  kind: 'control-points' | 'kill-box' | 'not-provided';
  targetCp: number | null;
  moreThanOpponent: boolean;
  scoring: ScoringMoment | null;
  scoringStarts: ScoringStart | null;
  /**
   * Most CP one player can score in one player turn, from the scenario's own scoring text (one
   * zone 1, two flags 2, Gaining Ground's 1 + 2...); null where the scenario scores no CP.
   */
  cpPerTurnCap: number | null;
  /** Process of Elimination: 1 CP per zone per game; Revelation: 2 CP per flag per game */
  cpPerElementCap: number | null;
  /** both players reach the target in the same turn: caps lift and the target rises by this */
  reopen: { targetIncrease: number } | null;
  /** Kill Box: ending your own turn with a friendly caster outside the box destroys your casters */
  killBox: { sideInches: number; fromTurn: 'first-player-second-turn' } | null;
}

/** What the 3rd time-out condition counts in this scenario. */
export type Tiebreak3Kind = 'army-points' | 'objectives-in-own-half' | 'not-provided';

export interface ScenarioCard {
  id: ScenarioId;
  /** number in the source, 1..16 */
  number: number;
  group: ScenarioGroup;
  /** first die (1..4) */
  groupNumber: number;
  /** second die (1..4) */
  dieFace: number;
  name: Record<Lang, string>;
  rulesTextProvided: boolean;
  summary: Record<Lang, string> | null;
  elements: ScenarioElement[];
  deployment: DeploymentDepths;
  minPoints: number | null;
  winRule: WinRule;
  winText: Record<Lang, string> | null;
  specialRules: Record<Lang, string>[];
  tiebreak3: Tiebreak3Kind;
  tiebreak3Text: Record<Lang, string> | null;
}

const cpRule = (targetCp: number, moreThanOpponent: boolean, extra: Partial<WinRule> = {}): WinRule => ({
  kind: 'control-points',
  targetCp,
  moreThanOpponent,
  scoring: 'end-of-each-turn',
  scoringStarts: 'second-player-second-turn',
  cpPerTurnCap: null,
  cpPerElementCap: null,
  reopen: null,
  killBox: null,
  ...extra,
});

const WIN_FIRST_TO = (n: number): Record<Lang, string> => ({
  fr: `Le premier joueur à marquer ${n} points de contrôle remporte immédiatement la partie.`,
  en: `The first player to score ${n} control points wins the game at once.`,
});
const WIN_AT_LEAST_AND_MORE = (n: number): Record<Lang, string> => ({
  fr: `Le premier joueur à marquer au moins ${n} points de contrôle et à avoir plus de points de contrôle que son adversaire remporte immédiatement la partie.`,
  en: `The first player to score at least ${n} control points and have more control points than the opponent wins the game at once.`,
});
const TB_ZONE = {
  fr: 'Comptez uniquement les points d’armée situés dans la zone à contrôler.',
  en: 'Count only the army points inside the scoring zone.',
};
const TB_OPPONENT_HALF_ZONE = {
  fr: 'Comptez uniquement les points d’armée des figurines situées dans la zone de la moitié de table de votre adversaire.',
  en: 'Count only the army points of models in the zone in your opponent’s half.',
};
const TB_FLAGS = {
  fr: 'Comptez uniquement les points d’armée situés dans un rayon de 4 pouces autour des drapeaux.',
  en: 'Count only the army points within 4" of the flags.',
};

function card(c: Omit<ScenarioCard, 'groupNumber' | 'dieFace' | 'deployment' | 'minPoints' | 'rulesTextProvided'> & { rulesTextProvided?: boolean }): ScenarioCard {
  const groupNumber = SCENARIO_GROUPS.indexOf(c.group) + 1;
  return {
    ...c,
    rulesTextProvided: c.rulesTextProvided ?? true,
    groupNumber,
    dieFace: ((c.number - 1) % 4) + 1,
    deployment: c.group === 'radial' ? RADIAL_DEPLOYMENT : STANDARD_DEPLOYMENT,
    minPoints: c.group === 'radial' ? RADIAL_MIN_POINTS : null,
  };
}

export const SCENARIOS: readonly ScenarioCard[] = [
  card({
    id: 'overrun',
    number: 1,
    group: 'central',
    name: { fr: 'Déborder', en: 'Overrun' },
    summary: {
      fr: 'Les joueurs tentent de contrôler une zone rectangulaire au centre de la table.',
      en: 'Players try to control a rectangular zone in the centre of the table.',
    },
    elements: [{ kind: 'zone', count: 1, shape: 'rectangle', widthInches: 36, depthInches: 8, place: 'centre' }],
    specialRules: [
      {
        fr: 'À la fin de chaque séquence, à partir de la seconde séquence du second joueur, chaque joueur marque 1 PC s’il contrôle la zone.',
        en: 'At the end of each turn, from the second player’s second turn, each player scores 1 CP if they control the zone.',
      },
    ],
    winRule: cpRule(2, false, { cpPerTurnCap: 1 }),
    winText: WIN_FIRST_TO(2),
    tiebreak3: 'army-points',
    tiebreak3Text: TB_ZONE,
  }),
  card({
    id: 'kill-box',
    number: 2,
    group: 'central',
    name: { fr: 'La Cage', en: 'Kill Box' },
    summary: {
      fr: 'Les joueurs avancent leurs warcasters ou warlocks tout en essayant d’assassiner ceux de l’adversaire.',
      en: 'Players push their warcasters or warlocks forward while trying to assassinate the opponent’s.',
    },
    elements: [{ kind: 'box', count: 1, shape: 'square', widthInches: 24, depthInches: 24, place: 'centre' }],
    specialRules: [],
    winRule: {
      ...cpRule(0, false),
      kind: 'kill-box',
      targetCp: null,
      scoring: null,
      scoringStarts: null,
      killBox: { sideInches: 24, fromTurn: 'first-player-second-turn' },
    },
    winText: {
      fr: 'À partir de la seconde séquence du premier joueur, un joueur qui termine sa séquence avec un warcaster/warlock ami hors de la cage voit tous ses warcasters/warlocks détruits (sans guérison possible).',
      en: 'From the first player’s second turn, a player who ends their own turn with a friendly warcaster/warlock outside the box has all friendly warcasters/warlocks destroyed (they cannot be healed).',
    },
    tiebreak3: 'army-points',
    tiebreak3Text: {
      fr: 'Comptez uniquement les points d’armée situés dans la cage.',
      en: 'Count only the army points inside the box.',
    },
  }),
  card({
    id: 'close-quarters',
    number: 3,
    group: 'central',
    name: { fr: 'Mano a Mano', en: 'Close Quarters' },
    summary: {
      fr: 'Les joueurs tentent de contrôler une zone circulaire située dans la moitié de table de l’adversaire.',
      en: 'Players try to control a circular zone in the opponent’s half of the table.',
    },
    elements: [{ kind: 'zone', count: 2, shape: 'circle', diameterInches: 8, place: 'each-half' }],
    specialRules: [
      {
        fr: 'À la fin de chaque séquence, à partir de la seconde séquence du second joueur, chaque joueur marque 1 PC s’il contrôle la zone de la moitié de table adverse.',
        en: 'At the end of each turn, from the second player’s second turn, each player scores 1 CP if they control the zone in the opponent’s half.',
      },
    ],
    winRule: cpRule(2, true, { cpPerTurnCap: 1 }),
    winText: WIN_AT_LEAST_AND_MORE(2),
    tiebreak3: 'army-points',
    tiebreak3Text: TB_OPPONENT_HALF_ZONE,
  }),
  card({
    id: 'gaining-ground',
    number: 4,
    group: 'central',
    name: { fr: 'Prise de Terrain', en: 'Gaining Ground' },
    summary: {
      fr: 'Les joueurs tentent de contrôler deux zones de valeur différente.',
      en: 'Players try to control two zones of different value.',
    },
    elements: [{ kind: 'zone', count: 3, shape: 'rectangle', widthInches: 18, depthInches: 6, place: 'table' }],
    specialRules: [
      {
        fr: 'Zone centrale : 1 PC ; zone de la moitié de table adverse : 2 PC. Un joueur ne marque rien si une figurine ennemie conteste la zone de sa propre moitié de table.',
        en: 'Centre zone: 1 CP; zone in the opponent’s half: 2 CP. A player scores nothing while an enemy model contests the zone in their own half.',
      },
    ],
    winRule: cpRule(4, true, { cpPerTurnCap: 3 }),
    winText: WIN_AT_LEAST_AND_MORE(4),
    tiebreak3: 'army-points',
    tiebreak3Text: {
      fr: 'Comptez uniquement les points d’armée dans la zone centrale et dans la zone de la moitié de table adverse.',
      en: 'Count only the army points in the centre zone and in the zone in the opponent’s half.',
    },
  }),
  card({
    id: 'process-of-elimination',
    number: 5,
    group: 'double',
    name: { fr: 'Processus d’Élimination', en: 'Process of Elimination' },
    summary: {
      fr: 'Les joueurs tentent de contrôler deux zones centrales.',
      en: 'Players try to control two central zones.',
    },
    elements: [{ kind: 'zone', count: 2, shape: 'rectangle', widthInches: 6, depthInches: 14, place: 'centre-line' }],
    specialRules: [
      {
        fr: '1 PC par zone contrôlée, mais au plus 1 PC par séquence de jeu et 1 PC par zone pendant la partie.',
        en: '1 CP per zone controlled, but at most 1 CP per turn and 1 CP per zone per game.',
      },
      {
        fr: 'Si les deux joueurs atteignent 2 PC lors de la même séquence, ils peuvent à nouveau marquer dans les deux zones, jusqu’à ce que l’un marque 2 nouveaux PC, et ainsi de suite.',
        en: 'If both players reach 2 CP in the same turn, both zones can be scored again until one player scores 2 new CP, and so on.',
      },
    ],
    winRule: cpRule(2, true, { cpPerTurnCap: 1, cpPerElementCap: 1, reopen: { targetIncrease: 2 } }),
    winText: {
      fr: 'Le premier joueur à marquer 2 points de contrôle et à avoir plus de points de contrôle que son adversaire remporte immédiatement la partie.',
      en: 'The first player to score 2 control points and have more control points than the opponent wins the game at once.',
    },
    tiebreak3: 'army-points',
    tiebreak3Text: {
      fr: 'Comptez uniquement les points d’armée situés dans les deux zones.',
      en: 'Count only the army points inside the two zones.',
    },
  }),
  card({
    id: 'revelation',
    number: 6,
    group: 'double',
    name: { fr: 'Révélation', en: 'Revelation' },
    summary: {
      fr: 'Les joueurs tentent de contrôler deux drapeaux sur la ligne centrale de la table.',
      en: 'Players try to control two flags on the centre line of the table.',
    },
    elements: [{ kind: 'flag', count: 2, place: 'centre-line' }],
    specialRules: [
      {
        fr: 'Après le jet de départ, un drapeau est désigné aléatoirement drapeau n° 1. Le drapeau n° 2 ne rapporte de point qu’à partir de la séquence qui suit le premier point marqué au drapeau n° 1 (par l’un ou l’autre joueur).',
        en: 'After the starting roll, one flag is chosen at random as flag 1. Flag 2 scores only from the turn after flag 1 was first scored (by either player).',
      },
      {
        fr: 'Chaque joueur ne peut marquer que 2 PC par drapeau pendant la partie. Si les deux joueurs atteignent 3 PC lors de la même séquence, ils peuvent à nouveau marquer pour les deux drapeaux jusqu’à ce que l’un ait plus de PC que l’autre.',
        en: 'Each player can score at most 2 CP per flag per game. If both reach 3 CP in the same turn, both flags can be scored again until one player has more CP than the other.',
      },
    ],
    winRule: cpRule(3, true, { cpPerTurnCap: 2, cpPerElementCap: 2, reopen: { targetIncrease: 0 } }),
    winText: WIN_AT_LEAST_AND_MORE(3),
    tiebreak3: 'army-points',
    tiebreak3Text: TB_FLAGS,
  }),
  card({
    id: 'incursion',
    number: 7,
    group: 'double',
    name: { fr: 'Incursion', en: 'Incursion' },
    summary: {
      fr: 'Les joueurs tentent de contrôler deux drapeaux sur la ligne centrale de la table.',
      en: 'Players try to control two flags on the centre line of the table.',
    },
    elements: [{ kind: 'flag', count: 3, place: 'centre-line' }],
    specialRules: [
      {
        fr: 'À la fin de la première séquence du second joueur, retirez aléatoirement l’un des trois drapeaux. Ensuite, 1 PC par drapeau contrôlé.',
        en: 'At the end of the second player’s first turn, remove one of the three flags at random. Then 1 CP per flag controlled.',
      },
    ],
    winRule: cpRule(3, true, { cpPerTurnCap: 2 }),
    winText: WIN_AT_LEAST_AND_MORE(3),
    tiebreak3: 'army-points',
    tiebreak3Text: TB_FLAGS,
  }),
  card({
    id: 'outflank-outfight-outlast',
    number: 8,
    group: 'double',
    name: { fr: 'Dépasser, Défaire, Durer', en: 'Outflank, Outfight, Outlast' },
    summary: {
      fr: 'Les joueurs tentent de contrôler deux zones circulaires sur la ligne centrale de la table.',
      en: 'Players try to control two circular zones on the centre line of the table.',
    },
    elements: [{ kind: 'zone', count: 2, shape: 'circle', diameterInches: 12, place: 'centre-line' }],
    specialRules: [{ fr: '1 PC par zone contrôlée.', en: '1 CP per zone controlled.' }],
    winRule: cpRule(3, true, { cpPerTurnCap: 2 }),
    winText: WIN_AT_LEAST_AND_MORE(3),
    tiebreak3: 'army-points',
    tiebreak3Text: {
      fr: 'Comptez uniquement les points d’armée situés dans les deux zones.',
      en: 'Count only the army points inside the two zones.',
    },
  }),
  card({
    id: 'capture-the-flag',
    number: 9,
    group: 'distant',
    name: { fr: 'Capture du Drapeau', en: 'Capture the Flag' },
    summary: {
      fr: 'Les joueurs tentent de contrôler un drapeau situé dans la moitié de table de l’adversaire.',
      en: 'Players try to control a flag in the opponent’s half of the table.',
    },
    elements: [{ kind: 'flag', count: 2, place: 'each-half' }],
    specialRules: [
      {
        fr: '1 PC si le joueur contrôle le drapeau de la moitié de table adverse.',
        en: '1 CP if the player controls the flag in the opponent’s half.',
      },
    ],
    winRule: cpRule(2, true, { cpPerTurnCap: 1 }),
    winText: WIN_AT_LEAST_AND_MORE(2),
    tiebreak3: 'army-points',
    tiebreak3Text: {
      fr: 'Comptez uniquement les points d’armée dans un rayon de 4 pouces autour du drapeau de la moitié de table adverse.',
      en: 'Count only the army points within 4" of the flag in the opponent’s half.',
    },
  }),
  card({
    id: 'grind',
    number: 10,
    group: 'distant',
    name: { fr: 'Grind', en: 'Grind' },
    summary: {
      fr: 'Les joueurs tentent de manœuvrer des objectifs vers une zone circulaire située dans la moitié de table de l’adversaire.',
      en: 'Players try to drive objectives into a circular zone in the opponent’s half of the table.',
    },
    elements: [
      { kind: 'objective', count: 2, place: 'centre-line' },
      { kind: 'zone', count: 2, shape: 'circle', diameterInches: 4, place: 'each-half' },
    ],
    specialRules: [
      {
        fr: 'Un objectif mis hors de combat est projeté de d3 + 3 pouces dans la direction choisie par ce joueur, sans déviation ; ses dégâts sont retirés ; dégâts collatéraux PUI 10.',
        en: 'An objective put out of action is slammed d3 + 3" in a direction chosen by that player, with no deviation; its damage is removed; collateral damage POW 10.',
      },
      {
        fr: '1 PC par objectif dans la zone de la moitié de table adverse (pas de PC pour le contrôle des zones). L’objectif revient ensuite à sa position de départ (moindre perturbation ; figurines déplacées mises au tapis, dégâts collatéraux PUI 10).',
        en: '1 CP per objective in the zone in the opponent’s half (no CP for controlling zones). The objective then goes back to its starting position (least disturbance; displaced models are knocked down and take a POW 10 collateral damage roll).',
      },
    ],
    winRule: cpRule(2, true, { cpPerTurnCap: 2 }),
    winText: WIN_AT_LEAST_AND_MORE(2),
    tiebreak3: 'objectives-in-own-half',
    tiebreak3Text: {
      fr: 'Au lieu des points d’armée, comptez les objectifs complètement situés dans la moitié de table de chaque joueur : celui qui en a le moins dans sa moitié gagne.',
      en: 'Instead of army points, count the objectives completely inside each player’s half: the player with fewer in their own half wins.',
    },
  }),
  card({
    id: 'destruction',
    number: 11,
    group: 'distant',
    name: { fr: 'Destruction', en: 'Destruction' },
    summary: {
      fr: 'Les joueurs tentent de détruire deux objectifs situés dans la moitié de table de l’adversaire.',
      en: 'Players try to destroy two objectives in the opponent’s half of the table.',
    },
    elements: [{ kind: 'objective', count: 2, place: 'each-half' }],
    specialRules: [
      {
        fr: 'Un objectif sur chaque position « OBJ 1 ». Quand il est détruit, placez un objectif sur « OBJ 2 » de la même moitié pendant la phase de maintenance suivante. Les objectifs ne peuvent ni se déplacer ni être déplacés.',
        en: 'One objective on each "OBJ 1" position. When it is destroyed, place an objective on "OBJ 2" in the same half during the next maintenance phase. Objectives cannot move or be moved.',
      },
    ],
    winRule: cpRule(2, false, { cpPerTurnCap: 1, scoring: 'objective-destroyed', scoringStarts: 'first-player-second-turn' }),
    winText: {
      fr: 'Chaque joueur marque 1 PC par objectif détruit dans la moitié de table adverse. Le premier à 2 PC remporte immédiatement la partie.',
      en: 'Each player scores 1 CP per objective destroyed in the opponent’s half. The first to 2 CP wins the game at once.',
    },
    tiebreak3: 'army-points',
    tiebreak3Text: {
      fr: 'Comptez uniquement les points d’armée dans un rayon de 4 pouces autour des objectifs de la moitié de table adverse.',
      en: 'Count only the army points within 4" of the objectives in the opponent’s half.',
    },
  }),
  card({
    id: 'the-gauntlet',
    number: 12,
    group: 'distant',
    name: { fr: 'Gantelet', en: 'The Gauntlet' },
    summary: {
      fr: 'Les joueurs tentent de contrôler une zone située dans la moitié de table de l’adversaire.',
      en: 'Players try to control a zone in the opponent’s half of the table.',
    },
    elements: [{ kind: 'zone', count: 2, shape: 'rectangle', widthInches: 6, depthInches: 8, place: 'each-half' }],
    specialRules: [
      {
        fr: '1 PC si le joueur contrôle la zone de la moitié de table adverse.',
        en: '1 CP if the player controls the zone in the opponent’s half.',
      },
    ],
    winRule: cpRule(2, true, { cpPerTurnCap: 1 }),
    winText: WIN_AT_LEAST_AND_MORE(2),
    tiebreak3: 'army-points',
    tiebreak3Text: TB_OPPONENT_HALF_ZONE,
  }),
  card({
    id: 'command-and-control',
    number: 13,
    group: 'radial',
    name: { fr: 'Contrôle et Conquête', en: 'Command and Control' },
    summary: {
      fr: 'Les joueurs tentent de contrôler une zone au centre de la table tout en contestant les drapeaux avec leur warcaster ou warlock.',
      en: 'Players try to control a zone in the centre of the table while contesting the flags with their warcaster or warlock.',
    },
    elements: [
      { kind: 'zone', count: 1, shape: 'circle', diameterInches: 12, place: 'centre' },
      { kind: 'flag', count: 4, place: 'table' },
    ],
    specialRules: [
      {
        fr: 'Pour contrôler la zone, un joueur doit aussi contester un drapeau avec un warcaster/warlock ami. Les drapeaux ne rapportent pas de PC.',
        en: 'To control the zone a player must also contest a flag with a friendly warcaster/warlock. Flags score no CP.',
      },
    ],
    winRule: cpRule(2, false, { cpPerTurnCap: 1 }),
    winText: WIN_FIRST_TO(2),
    tiebreak3: 'army-points',
    tiebreak3Text: TB_ZONE,
  }),
  card({
    id: 'diversion',
    number: 14,
    group: 'radial',
    name: { fr: 'Diversion', en: 'Diversion' },
    summary: {
      fr: 'Les joueurs tentent de contrôler un drapeau à leur droite tout en contestant une zone dans la moitié de table de leur adversaire.',
      en: 'Players try to control a flag on their right while contesting a zone in the opponent’s half of the table.',
    },
    elements: [
      { kind: 'zone', count: 2, shape: 'circle', diameterInches: 8, place: 'each-half' },
      { kind: 'flag', count: 2, place: 'table' },
    ],
    specialRules: [
      {
        fr: 'Chaque joueur ne marque qu’avec le drapeau à sa droite, et doit contester la zone de la moitié de table adverse pour le contrôler. Les zones ne rapportent pas de PC.',
        en: 'Each player scores only with the flag on their right, and must contest the zone in the opponent’s half to control it. Zones score no CP.',
      },
    ],
    winRule: cpRule(2, true, { cpPerTurnCap: 1 }),
    winText: WIN_AT_LEAST_AND_MORE(2),
    tiebreak3: 'army-points',
    tiebreak3Text: TB_OPPONENT_HALF_ZONE,
  }),
  card({
    id: 'demolition',
    number: 15,
    group: 'radial',
    name: { fr: 'Démolition', en: 'Demolition' },
    rulesTextProvided: false,
    summary: null,
    elements: [],
    specialRules: [],
    winRule: {
      ...cpRule(0, false),
      kind: 'not-provided',
      targetCp: null,
      scoring: null,
      scoringStarts: null,
    },
    winText: null,
    tiebreak3: 'not-provided',
    tiebreak3Text: null,
  }),
  card({
    id: 'sacrifice',
    number: 16,
    group: 'radial',
    name: { fr: 'Sacrifice', en: 'Sacrifice' },
    summary: {
      fr: 'Les joueurs tentent de contrôler une zone tout en étant au contact d’un drapeau.',
      en: 'Players try to control a zone while in base contact with a flag.',
    },
    elements: [
      { kind: 'zone', count: 1, shape: 'circle', diameterInches: 12, place: 'centre' },
      { kind: 'flag', count: 1, place: 'table' },
    ],
    specialRules: [
      {
        fr: 'Pour contrôler la zone, un joueur doit aussi avoir une figurine en SàS avec le drapeau. Le drapeau ne rapporte pas de PC.',
        en: 'To control the zone a player must also have a model in base contact with the flag. The flag scores no CP.',
      },
      {
        fr: 'Après le décompte, toute figurine en SàS avec le drapeau d’un joueur ayant marqué dans la séquence subit un jet de dégâts magiques PUI 20, est poussée de 3 pouces à l’opposé du drapeau, puis mise au tapis.',
        en: 'After scoring, every model in base contact with the flag belonging to a player who scored this turn suffers a POW 20 magical damage roll, is pushed 3" directly away from the flag, then knocked down.',
      },
    ],
    winRule: cpRule(2, false, { cpPerTurnCap: 1 }),
    winText: WIN_FIRST_TO(2),
    tiebreak3: 'army-points',
    tiebreak3Text: {
      fr: 'Comptez uniquement les points d’armée dans un rayon de 4 pouces autour du drapeau.',
      en: 'Count only the army points within 4" of the flag.',
    },
  }),
];

const BY_ID = new Map<string, ScenarioCard>(SCENARIOS.map((s) => [s.id, s]));

export function isScenarioId(id: string): id is ScenarioId {
  return BY_ID.has(id);
}

export function scenarioById(id: string): ScenarioCard | undefined {
  return BY_ID.get(id);
}

/** The random table: first die = group, second die = scenario. */
export function scenarioAt(groupDie: number, scenarioDie: number): ScenarioCard | undefined {
  return SCENARIOS.find((s) => s.groupNumber === groupDie && s.dieFace === scenarioDie);
}

/**
 * Who has won on scenario given the current CP. null: nobody yet, or a rule the clock cannot
 * judge from CP alone (Kill Box is decided by casters dying; Demolition has no text).
 * `target` is the current target after any reopening (see nextScenarioTarget).
 */
export function scenarioWinner(rule: WinRule, cpA: number, cpB: number, target = rule.targetCp): 'a' | 'b' | null {
  if (rule.kind !== 'control-points' || target === null) return null;
  const aOk = cpA >= target && (!rule.moreThanOpponent || cpA > cpB);
  const bOk = cpB >= target && (!rule.moreThanOpponent || cpB > cpA);
  // both at once can only happen on a rule without "more than": the source says "the first",
  // which a CP total cannot tell, so the table decides
  if (aOk === bOk) return null;
  return aOk ? 'a' : 'b';
}

/**
 * After a turn's scoring: when both players reached the target together on a rule that reopens
 * (Process of Elimination, Revelation), per-zone/per-flag caps lift and the target may rise.
 */
export function nextScenarioTarget(rule: WinRule, cpA: number, cpB: number, target = rule.targetCp): { target: number | null; capsReset: boolean } {
  if (rule.reopen === null || target === null) return { target, capsReset: false };
  if (cpA >= target && cpB >= target && scenarioWinner(rule, cpA, cpB, target) === null) {
    return { target: target + rule.reopen.targetIncrease, capsReset: true };
  }
  return { target, capsReset: false };
}

export function scenarioName(id: string, lang: Lang): string {
  return BY_ID.get(id)?.name[lang] ?? id;
}

export interface ScenarioPickOptions {
  /** scenarios the organizer leaves out */
  exclude?: readonly string[];
  /**
   * The organizer confirms they have the rules text the source lacks (Demolition). Without it a
   * scenario whose text is missing is never offered by hand and a roll that gives it is re-rolled:
   * the table could never call a scenario win in a game whose rules nobody has.
   */
  missingTextConfirmed?: boolean;
  /** the event's size: scenarios made for larger games (radial, 35 points and up) are left out */
  points?: number;
}

/** The event setting that carries the organizer's confirmation (an optional settings field). */
export const MISSING_TEXT_SETTING = 'demolitionRulesProvided';

export function scenarioPickOptions(settings: { [key: string]: unknown }): ScenarioPickOptions {
  const points = settings.points;
  return { missingTextConfirmed: settings[MISSING_TEXT_SETTING] === true, ...(typeof points === 'number' && { points }) };
}

const textMissingExcluded = (s: ScenarioCard, options: ScenarioPickOptions): boolean => !s.rulesTextProvided && options.missingTextConfirmed !== true;

/** A scenario made for larger games than the event's (radial scenarios below 35 points). */
export const belowScenarioSize = (s: Pick<ScenarioCard, 'minPoints'>, points: number | undefined): boolean =>
  s.minPoints !== null && typeof points === 'number' && points < s.minPoints;

const excluded = (s: ScenarioCard, options: ScenarioPickOptions): boolean => textMissingExcluded(s, options) || belowScenarioSize(s, options.points);

const playedIds = (history: readonly (string | null | undefined)[]): ScenarioCard[] =>
  history.flatMap((h) => {
    const s = h ? BY_ID.get(h) : undefined;
    return s ? [s] : [];
  });

/**
 * Scenarios the organizer may use next. The group rule ("one scenario from each group before a
 * second one from a group already used") is read as: only the groups used the fewest times so
 * far are open. It gives the source's worked example exactly (1 / 4 / 3 / 2 then all four open
 * again) and stays sensible after a history that broke the rule by hand.
 */
export function allowedScenarios(history: readonly (string | null | undefined)[], options: ScenarioPickOptions = {}): ScenarioId[] {
  const played = playedIds(history);
  const playedSet = new Set<string>(played.map((s) => s.id));
  const left = new Set(options.exclude ?? []);
  const candidates = SCENARIOS.filter((s) => !playedSet.has(s.id) && !left.has(s.id) && !excluded(s, options));
  const groupsWithCandidates = new Set(candidates.map((s) => s.group));
  if (groupsWithCandidates.size === 0) return [];
  const uses = new Map<ScenarioGroup, number>(SCENARIO_GROUPS.map((g) => [g, 0]));
  for (const s of played) uses.set(s.group, (uses.get(s.group) ?? 0) + 1);
  // a group with nothing left to offer must not hold the others hostage
  const fewest = Math.min(...[...groupsWithCandidates].map((g) => uses.get(g) ?? 0));
  return candidates.filter((s) => (uses.get(s.group) ?? 0) === fewest).map((s) => s.id);
}

export type ScenarioRoll =
  | {
      ok: true;
      scenario: ScenarioId;
      rolls: Array<[groupDie: number, scenarioDie: number]>;
      /** scenarios the dice gave that were re-rolled because their rules text is missing */
      rerolledTextMissing: ScenarioId[];
      /** scenarios the dice gave that were re-rolled because they are made for larger games */
      rerolledBelowSize: ScenarioId[];
    }
  | { ok: false; reason: 'no-scenario-left'; rolls: [] };

/** Keeps a broken RNG from spinning forever; with 1 allowed cell of 16 this is never reached. */
const MAX_ROLLS = 10_000;

/**
 * The random table: roll 2d4 (first die group, second die scenario) and re-roll both dice until
 * the result is allowed. Every roll is returned so the organizer's log can show them.
 */
export function rollScenario(history: readonly (string | null | undefined)[], rng: Rng, options: ScenarioPickOptions = {}): ScenarioRoll {
  const allowed = new Set<string>(allowedScenarios(history, options));
  if (allowed.size === 0) return { ok: false, reason: 'no-scenario-left', rolls: [] };
  const rolls: Array<[number, number]> = [];
  const rerolledTextMissing: ScenarioId[] = [];
  const rerolledBelowSize: ScenarioId[] = [];
  for (let i = 0; i < MAX_ROLLS; i++) {
    const g = rng.die(4);
    const d = rng.die(4);
    rolls.push([g, d]);
    const s = scenarioAt(g, d);
    if (s && allowed.has(s.id)) return { ok: true, scenario: s.id, rolls, rerolledTextMissing, rerolledBelowSize };
    if (s && textMissingExcluded(s, options) && !rerolledTextMissing.includes(s.id)) rerolledTextMissing.push(s.id);
    else if (s && belowScenarioSize(s, options.points) && !rerolledBelowSize.includes(s.id)) rerolledBelowSize.push(s.id);
  }
  const pick = [...allowed][rng.int(allowed.size)] as ScenarioId;
  return { ok: true, scenario: pick, rolls, rerolledTextMissing, rerolledBelowSize };
}

/**
 * What the scenario panel says under a roll that skipped a scenario without rules text: from a
 * fresh roll, or from the rolls stored with a round (round.scenarioRolls) and the event's options.
 */
export function scenarioRollNotes(roll: ScenarioRoll | ReadonlyArray<readonly [number, number]>, lang: Lang, options: ScenarioPickOptions = {}): string[] {
  let skipped: ScenarioId[];
  let small: ScenarioId[];
  if (Array.isArray(roll)) {
    const rolls = roll as ReadonlyArray<readonly [number, number]>;
    skipped = [];
    small = [];
    for (const [g, d] of rolls.slice(0, -1)) {
      const s = scenarioAt(g, d);
      if (s && textMissingExcluded(s, options) && !skipped.includes(s.id)) skipped.push(s.id);
      else if (s && belowScenarioSize(s, options.points) && !small.includes(s.id)) small.push(s.id);
    }
  } else {
    const r = roll as ScenarioRoll;
    skipped = r.ok ? r.rerolledTextMissing : [];
    small = r.ok ? r.rerolledBelowSize : [];
  }
  return [
    ...skipped.map((id) => {
      const s = BY_ID.get(id)!;
      return lang === 'fr'
        ? `Les dés ont donné ${s.name.fr} (n° ${s.number}) : son texte de règles manque dans la source, les dés ont été relancés.`
        : `The dice gave ${s.name.en} (no. ${s.number}): its rules text is missing from the source, so the dice were rolled again.`;
    }),
    ...small.map((id) => {
      const s = BY_ID.get(id)!;
      return lang === 'fr'
        ? `Les dés ont donné ${s.name.fr} (n° ${s.number}) : un scénario radial, prévu pour ${s.minPoints} points et plus, les dés ont été relancés.`
        : `The dice gave ${s.name.en} (no. ${s.number}): a radial scenario, made for ${s.minPoints} points and up, so the dice were rolled again.`;
    }),
  ];
}

/**
 * Under the « Scénarios (X) » variant the announced list rules, repeats included: each entry is
 * played as many times as it is listed, in the announced order when the organizer gave one (the
 * first entry returned), and the list starts over when the event has more rounds than entries
 * (« Scénario (La Cage) » plays Kill Box every round). The group and no-repeat rules do not apply.
 */
export function announcedScenarioChoices(announced: readonly string[], history: readonly (string | null | undefined)[]): ScenarioId[] {
  const list = announced.filter(isScenarioId);
  if (list.length === 0) return [];
  const played = history.filter((h): h is string => typeof h === 'string' && h !== '');
  // the rounds already past whole passes through the list no longer count
  const inPass = played.slice(played.length - (played.length % list.length));
  const left = [...list];
  for (const id of inPass) {
    const i = left.indexOf(id as ScenarioId);
    if (i >= 0) left.splice(i, 1);
  }
  const open = left.length > 0 ? left : [...list];
  return [...new Set(open)];
}
