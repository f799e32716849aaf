// Validation messages a tournament organizer can act on, French first. Kept in the domain (not
// src/i18n) because the command line prints them too.
import type { Problem, ProblemCode } from './problem';

export type Lang = 'fr' | 'en';

type Template = (p: Record<string, string | number>) => string;

/** 12 345 in French (narrow no-break space), 12,345 in English */
const num = (v: string | number | undefined, lang: Lang): string =>
  typeof v === 'number' ? (lang === 'fr' ? String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f') : v.toLocaleString('en-US')) : String(v);

const MESSAGES: Record<ProblemCode, { fr: Template; en: Template }> = {
  'not-json': { fr: (p) => `le fichier n’est pas du JSON lisible (${p.detail})`, en: (p) => `the file is not readable JSON (${p.detail})` },
  'not-object': { fr: () => `doit être un objet { … }`, en: () => `must be an object { … }` },
  'wrong-format': { fr: (p) => `ce n’est pas un fichier d’événement (attendu "${p.expected}")`, en: (p) => `this is not an event file (expected "${p.expected}")` },
  'newer-version': {
    fr: (p) => `fichier de version ${p.version}, créé par une version plus récente de l’application (celle-ci lit jusqu’à la version ${p.supported}) : mettez l’application à jour`,
    en: (p) => `file version ${p.version} was made by a newer version of the app (this one reads up to version ${p.supported}): update the app`,
  },
  'bad-version': { fr: () => `doit être un numéro de version entier (1)`, en: () => `must be a whole version number (1)` },
  'unknown-system': { fr: (p) => `système de jeu inconnu « ${p.value} » (connus : ${p.allowed})`, en: (p) => `unknown game system "${p.value}" (known: ${p.allowed})` },
  required: { fr: () => `champ obligatoire manquant`, en: () => `required field is missing` },
  'not-string': { fr: () => `doit être un texte`, en: () => `must be text` },
  'empty-string': { fr: () => `ne doit pas être vide`, en: () => `must not be empty` },
  'not-number': { fr: () => `doit être un nombre`, en: () => `must be a number` },
  'not-integer': { fr: () => `doit être un nombre entier`, en: () => `must be a whole number` },
  negative: { fr: () => `ne peut pas être négatif`, en: () => `cannot be negative` },
  'not-positive': { fr: () => `doit être au moins 1`, en: () => `must be at least 1` },
  'not-boolean': { fr: () => `doit valoir true ou false`, en: () => `must be true or false` },
  'not-array': { fr: () => `doit être une liste [ … ]`, en: () => `must be a list [ … ]` },
  'bad-date': { fr: () => `date invalide (format AAAA-MM-JJ)`, en: () => `invalid date (format YYYY-MM-DD)` },
  'duplicate-id': { fr: (p) => `identifiant « ${p.id} » utilisé deux fois`, en: (p) => `id "${p.id}" is used twice` },
  'duplicate-number': { fr: (p) => `numéro ${p.number} déjà pris par ${p.other}`, en: (p) => `number ${p.number} is already used by ${p.other}` },
  'duplicate-name': {
    fr: (p) => `« ${p.name} » a le même nom que ${p.other} (ajoutez un pseudo pour les distinguer)`,
    en: (p) => `"${p.name}" has the same name as ${p.other} (add a nickname to tell them apart)`,
  },
  'duplicate-table': { fr: (p) => `table ${p.table} utilisée deux fois dans la ronde`, en: (p) => `table ${p.table} is used twice in the round` },
  'unknown-player': { fr: (p) => `joueur « ${p.id} » inconnu (absent de players)`, en: (p) => `unknown player "${p.id}" (not in players)` },
  'self-pairing': { fr: () => `un joueur ne peut pas jouer contre lui-même`, en: () => `a player cannot play against themselves` },
  'paired-twice': { fr: (p) => `joueur « ${p.id} » déjà placé dans cette ronde (${p.other})`, en: (p) => `player "${p.id}" is already placed in this round (${p.other})` },
  'round-order': { fr: (p) => `les rondes doivent se suivre : numéro ${p.expected} attendu`, en: (p) => `rounds must follow each other: number ${p.expected} expected` },
  'winner-not-in-game': { fr: (p) => `le vainqueur « ${p.id} » ne joue pas à cette table`, en: (p) => `winner "${p.id}" does not play at this table` },
  'unknown-how': { fr: (p) => `type de victoire « ${p.value} » inconnu (${p.allowed})`, en: (p) => `unknown way of winning "${p.value}" (${p.allowed})` },
  'bad-variable-minutes': { fr: () => `les minutes variables sont 1d6 x 2 : un nombre pair de 2 à 12`, en: () => `variable minutes are d6 x 2: an even number from 2 to 12` },
  'bad-list-index': {
    fr: (p) => `liste inexistante (le joueur a ${p.count} liste(s), numérotées à partir de 0)`,
    en: (p) => `no such list (the player has ${p.count} list(s), numbered from 0)`,
  },
  'paired-after-drop': {
    fr: (p) => `joueur « ${p.id} » apparié après son abandon (ronde ${p.round})`,
    en: (p) => `player "${p.id}" is paired after dropping out (round ${p.round})`,
  },
  'bad-tier': { fr: () => `le niveau de thème va de 1 à 4`, en: () => `theme force tier is 1 to 4` },
  rule: { fr: (p) => String(p.fr ?? p.rule), en: (p) => String(p.en ?? p.rule) },
  'too-large': { fr: (p) => `fichier trop gros (${p.size} Mo ; au plus ${p.max} Mo)`, en: (p) => `file too large (${p.size} MB; at most ${p.max} MB)` },
  'too-deep': {
    fr: (p) => `imbrication trop profonde (plus de ${p.max} niveaux d’objets ou de listes) : ce n’est pas un fichier d’événement raisonnable`,
    en: (p) => `nested too deep (more than ${p.max} levels of objects or lists): not a reasonable event file`,
  },
  'too-many-values': { fr: (p) => `trop de valeurs dans le fichier (au plus ${num(p.max, 'fr')})`, en: (p) => `too many values in the file (at most ${num(p.max, 'en')})` },
  'text-too-long': {
    fr: (p) => `texte trop long (${num(p.length, 'fr')} caractères ; au plus ${num(p.max, 'fr')})`,
    en: (p) => `text too long (${num(p.length, 'en')} characters; at most ${num(p.max, 'en')})`,
  },
  'name-too-long': {
    fr: (p) => `nom trop long (${num(p.length, 'fr')} caractères ; au plus ${p.max})`,
    en: (p) => `name too long (${num(p.length, 'en')} characters; at most ${p.max})`,
  },
  'too-many-items': {
    fr: (p) => `liste trop longue (${num(p.count, 'fr')} éléments ; au plus ${num(p.max, 'fr')})`,
    en: (p) => `list too long (${num(p.count, 'en')} items; at most ${num(p.max, 'en')})`,
  },
  'out-of-range': { fr: (p) => `doit être compris entre ${num(p.min, 'fr')} et ${num(p.max, 'fr')}`, en: (p) => `must be between ${num(p.min, 'en')} and ${num(p.max, 'en')}` },
  'unsafe-number': {
    fr: () => `nombre trop grand pour être gardé exactement (au plus 9 007 199 254 740 991 en valeur absolue)`,
    en: () => `number too large to be kept exactly (at most 9,007,199,254,740,991 in absolute value)`,
  },
};

export function problemMessage(problem: Problem, lang: Lang): string {
  const text = MESSAGES[problem.code][lang](problem.params ?? {});
  return problem.path ? `${problem.path} : ${text}`.replace(' : ', lang === 'fr' ? ' : ' : ': ') : text;
}
