// The systems' problems worded for a tournament organizer, French first. In the domain (like
// event-file/messages.ts) because the command line prints them too. Registry level, like
// systems/index.ts: it gathers every system's wording (SR2011's rule codes from its own folder),
// so it may import a system's folder and no system may import it (scripts/check-system-names.ts).
import type { Lang } from '../event-file/messages';
import type { ListProblem, SystemProblem } from './game-system';
import { SR2011_RULE_MESSAGES } from '../sr2011/event-rules';

type Params = Record<string, string | number>;
type Template = (p: Params) => string;

const winnerIs = (p: Params, lang: Lang): string => {
  if (p.expected === 'null') return lang === 'fr' ? 'une égalité (winner null)' : 'a draw (winner null)';
  return lang === 'fr' ? `une victoire de « ${p.expected} »` : `a win for "${p.expected}"`;
};

const STEP_NAMES: Record<string, { fr: string; en: string }> = {
  'remaining-value': { fr: 'la valeur des figurines restantes', en: 'the value of the models left' },
  'hero-points': { fr: 'les points dépensés en héros', en: 'the points spent on heroes' },
  'body-count': { fr: 'le solde de figurines', en: 'the body count' },
  kills: { fr: 'les éliminations', en: 'the kills' },
  'perfect-draw': { fr: 'un nul parfait', en: 'a perfect draw' },
};

const MESSAGES: Record<string, { fr: Template; en: Template }> = {
  'field-required': { fr: () => `champ obligatoire manquant`, en: () => `required field is missing` },
  'tiebreak-to-complete': {
    fr: () => `pas encore saisi (le code de la table ne le porte pas) : à compléter à la table de marque, il ne sert qu’à départager`,
    en: () => `not entered yet (the table's code does not carry it): complete it at the desk; it only breaks ties`,
  },
  'field-not-boolean': { fr: () => `doit valoir true ou false`, en: () => `must be true or false` },
  'field-not-choice': { fr: (p) => `« ${p.value} » n’est pas permis (${p.allowed})`, en: (p) => `"${p.value}" is not allowed (${p.allowed})` },
  'field-not-number': { fr: () => `doit être un nombre`, en: () => `must be a number` },
  'field-not-integer': { fr: () => `doit être un nombre entier`, en: () => `must be a whole number` },
  'field-below-min': { fr: (p) => `doit être au moins ${p.min}`, en: (p) => `must be at least ${p.min}` },
  'field-above-max': { fr: (p) => `doit être au plus ${p.max}`, en: (p) => `must be at most ${p.max}` },
  'derived-mismatch': { fr: (p) => `vaut ${p.value} mais le calcul donne ${p.expected}`, en: (p) => `is ${p.value} but works out at ${p.expected}` },
  'winner-not-in-game': { fr: (p) => `le vainqueur « ${p.id} » ne joue pas à cette table`, en: (p) => `winner "${p.id}" does not play at this table` },
  'draw-with-how': { fr: (p) => `une égalité ne peut pas être gagnée par « ${p.how} »`, en: (p) => `a draw cannot be won by "${p.how}"` },
  'knockout-needs-winner': {
    fr: () => `une partie à élimination directe doit avoir un vainqueur (le duel départage toujours)`,
    en: () => `a knockout game needs a winner (the duel always decides one)`,
  },
  'winner-contradicts-stakes': {
    fr: (p) => `${p.stage === 'first-blood' ? 'au Premier sang' : 'à la Revanche'}, d’après les mises, seul « ${p.expected} » peut gagner`,
    en: (p) => `in the ${p.stage === 'first-blood' ? 'First Blood' : 'Revenge'}, by the stakes, only "${p.expected}" can win`,
  },
  'bonus-both': { fr: (p) => `les deux joueurs ne peuvent pas avoir le bonus ${p.bonus}`, en: (p) => `both players cannot have the ${p.bonus} bonus` },
  'winner-contradicts-score': { fr: (p) => `d’après les totaux le résultat est ${winnerIs(p, 'fr')}`, en: (p) => `by the totals the result is ${winnerIs(p, 'en')}` },
  'vp-over-conditions': {
    fr: (p) => `${p.a} + ${p.b} PV : un scénario à ${p.max} conditions en donne ${p.max} au plus`,
    en: (p) => `${p.a} + ${p.b} VP: a ${p.max}-condition scenario gives at most ${p.max}`,
  },
  'winner-contradicts-vp': { fr: (p) => `d’après les PV le résultat est ${winnerIs(p, 'fr')}`, en: (p) => `by the VP the result is ${winnerIs(p, 'en')}` },
  'kills-not-opponent-losses': {
    fr: (p) => `${p.kills} kills mais l’adversaire déclare ${p.losses} pertes`,
    en: (p) => `${p.kills} kills but the opponent reports ${p.losses} losses`,
  },
  'same-camp': { fr: () => `un joueur joue le Bien, l’autre le Mal`, en: () => `one player is Good, the other Evil` },
  'lotr-points-pair': {
    fr: (p) => `${p.a}-${p.b} n’est pas un résultat (3-0, 2-1 ou 1,5-1,5)`,
    en: (p) => `${p.a}-${p.b} is not a result (3-0, 2-1 or 1.5-1.5)`,
  },
  'winner-contradicts-points': { fr: (p) => `d’après les points le résultat est ${winnerIs(p, 'fr')}`, en: (p) => `by the points the result is ${winnerIs(p, 'en')}` },
  'ending-contradicts-points': {
    fr: (p) =>
      `« ${p.ending} » ${p.ending === 'both-broken' || p.ending === 'time' ? 'donne une victoire aux points (2-1) ou un nul (1,5-1,5)' : 'donne une victoire totale (3-0)'}`,
    en: (p) => `"${p.ending}" ${p.ending === 'both-broken' || p.ending === 'time' ? 'gives a points victory (2-1) or a draw (1.5-1.5)' : 'gives a total victory (3-0)'}`,
  },
  'ending-contradicts-camp': {
    fr: (p) => `« ${p.ending} » fait gagner le joueur du ${p.camp === 'good' ? 'Bien' : 'Mal'}`,
    en: (p) => `"${p.ending}" is won by the ${p.camp === 'good' ? 'Good' : 'Evil'} player`,
  },
  'winner-contradicts-tiebreak': {
    fr: (p) => `d’après ${STEP_NAMES[String(p.step)]?.fr ?? p.step} le résultat est ${winnerIs(p, 'fr')}`,
    en: (p) => `by ${STEP_NAMES[String(p.step)]?.en ?? p.step} the result is ${winnerIs(p, 'en')}`,
  },
  'byes-not-list': { fr: () => `doit être une liste d’identifiants de joueurs`, en: () => `must be a list of player ids` },
  'bye-unknown-player': { fr: (p) => `joueur « ${p.id} » inconnu (absent de players)`, en: (p) => `unknown player "${p.id}" (not in players)` },
  'bye-twice': { fr: (p) => `« ${p.id} » est exempt deux fois dans la ronde`, en: (p) => `"${p.id}" has two byes in the round` },
  'bye-and-table': { fr: (p) => `« ${p.id} » est exempt et assis à une table`, en: (p) => `"${p.id}" has a bye and a table` },
  'bye-not-in-byes': { fr: (p) => `« ${p.id} » doit aussi figurer dans byes`, en: (p) => `"${p.id}" must also be listed in byes` },
  'bad-bye-points': { fr: () => `doit être un nombre positif ou nul`, en: () => `must be a number, zero or more` },
  'bad-setting-choice': { fr: (p) => `« ${p.value} » n’est pas permis (${p.allowed})`, en: (p) => `"${p.value}" is not allowed (${p.allowed})` },
  'rackham-points': {
    fr: (p) => `${p.value} points : les règles de tournoi Rackham se jouent en défi à 200 PA ou en 500 points`,
    en: (p) => `${p.value} points: the Rackham tournament rules are the 200-PA challenge or 500 points`,
  },
  'not-id-list': { fr: () => `doit être une liste d’identifiants de joueurs`, en: () => `must be a list of player ids` },
  'unknown-player-ref': { fr: (p) => `joueur « ${p.id} » inconnu (absent de players)`, en: (p) => `unknown player "${p.id}" (not in players)` },
  'seeded-twice': { fr: (p) => `« ${p.id} » figure deux fois dans la tête de série`, en: (p) => `"${p.id}" is seeded twice` },
  'bracket-game-missing': {
    fr: (p) => `ronde ${p.round} : le tableau prévoit ${p.a} contre ${p.b}, partie absente`,
    en: (p) => `round ${p.round}: the bracket has ${p.a} against ${p.b}, and that game is missing`,
  },
  'off-bracket': {
    fr: (p) => `ronde ${p.round} : ${p.a} contre ${p.b} ne suit pas le tableau à élimination directe`,
    en: (p) => `round ${p.round}: ${p.a} against ${p.b} does not follow the knockout bracket`,
  },
  'not-duel-list': { fr: () => `doit être une liste de duels { players, winner }`, en: () => `must be a list of duels { players, winner }` },
  'duel-players': { fr: () => `un duel oppose au moins deux joueurs`, en: () => `a duel needs at least two players` },
  'duel-winner': { fr: (p) => `le vainqueur « ${p.id} » ne fait pas partie du duel`, en: (p) => `winner "${p.id}" is not one of the duellists` },
};

const LIST_MESSAGES: Record<string, { fr: Template; en: Template }> = {
  'no-list': { fr: () => `aucune liste d’armée`, en: () => `no army list` },
  'no-model': { fr: (p) => `liste ${Number(p.list) + 1} : aucune figurine`, en: (p) => `list ${Number(p.list) + 1}: no model` },
  'bad-cost': {
    fr: (p) => `liste ${Number(p.list) + 1} : coût invalide (figurine ${Number(p.model) + 1})`,
    en: (p) => `list ${Number(p.list) + 1}: invalid cost (model ${Number(p.model) + 1})`,
  },
  'army-over-cap': {
    fr: (p) => `liste ${Number(p.list) + 1} : ${p.total} points, plafond ${p.max}`,
    en: (p) => `list ${Number(p.list) + 1}: ${p.total} points, the cap is ${p.max}`,
  },
  'challenge-over': {
    fr: (p) => `liste ${Number(p.list) + 1} : ${p.total} PA ; au plus ${p.max} (200 + la moitié des ${p.cheapest} PA de la figurine la moins chère)`,
    en: (p) => `list ${Number(p.list) + 1}: ${p.total} PA; at most ${p.max} (200 + half the ${p.cheapest} PA of the cheapest model)`,
  },
  'commander-not-first': {
    fr: (p) => `liste ${Number(p.list) + 1} : le commandeur (${p.commander}) doit être en première ligne`,
    en: (p) => `list ${Number(p.list) + 1}: the commander (${p.commander}) must be on the first line`,
  },
};

function word(table: Record<string, { fr: Template; en: Template }>, code: string, params: Params | undefined, lang: Lang): string {
  const m = table[code] ?? SR2011_RULE_MESSAGES[code];
  return m ? m[lang](params ?? {}) : code;
}

export function systemProblemMessage(problem: SystemProblem, lang: Lang): string {
  const text = word(MESSAGES, problem.code, problem.params, lang);
  return problem.path ? `${problem.path}${lang === 'fr' ? ' : ' : ': '}${text}` : text;
}

/** Confrontation and LotR list problems; SR2011's are worded by its list editor. */
export function listProblemMessage(problem: ListProblem, lang: Lang): string {
  return word(LIST_MESSAGES, problem.code, problem.params, lang);
}
