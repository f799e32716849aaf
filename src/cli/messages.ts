// Everything the command line says, in English and French. The event file's own problems are
// worded by the domain (problemMessage), and so are the annex variant problems
// (sr2011/variant-messages.ts, shared with the event format screen).
import type { Lang } from '../domain/event-file';
export { suggestVariant, variantProblemText } from '../domain/sr2011';

type Params = Record<string, string | number>;
type Template = (p: Params) => string;

export const USAGE: Record<Lang, string> = {
  en: `Usage: npm run -s cli -- <command> FILE [options]

Commands:
  validate FILE    check an event file: exit 0 when valid, else 1 with one line per problem
  pair FILE        print the event with the next round paired (pairings and bye, no results)
  standings FILE   print the standings as a JSON array, best first

Every game system of the format works (sr2011, confrontation-rackham, confrontation-cdr,
lotr-sbg): pairing follows the system (Swiss, knockout or round robin) and the standings' fields
are the system's own.

FILE is an event file in the "wargame-event" format (shared/EVENT_FORMAT.md), or - to read
standard input.

Options:
  --seed N             pair: pairing seed, a whole number from 0 to 4294967295; the same seed
                       gives the same pairing (default: a random seed, printed on stderr)
  --avoid-same-club    pair: avoid opponents from the same club (after score groups and rematches)
  --avoid-same-table   pair: avoid seating a player at a table number they already played at
  --force              pair: pair even though the event is over (unique leader, final tables
                       played, fixed rounds played, or ended by the organizer)
  --lang fr|en         language of the messages (default: French when LC_ALL, else
                       LC_MESSAGES, else LANG starts with "fr"; English otherwise)
  -h, --help           show this help

Exit codes: 0 done, 1 invalid file or pairing refused, 2 bad usage, 3 internal error.
`,
  fr: `Usage : npm run -s cli -- <commande> FICHIER [options]

Commandes :
  validate FICHIER    vérifie un fichier d’événement : code 0 s’il est valide, sinon 1 et une
                      ligne par problème
  pair FICHIER        affiche l’événement avec la ronde suivante appariée (appariements et
                      exempt, sans résultats)
  standings FICHIER   affiche le classement en tableau JSON, du premier au dernier

Tous les systèmes de jeu du format sont pris en charge (sr2011, confrontation-rackham,
confrontation-cdr, lotr-sbg) : l’appariement suit le système (suisse, élimination directe ou
toutes rondes) et les champs du classement sont ceux du système.

FICHIER est un fichier d’événement au format « wargame-event » (shared/EVENT_FORMAT.md), ou -
pour lire l’entrée standard.

Options :
  --seed N             pair : graine d’appariement, un entier de 0 à 4294967295 ; la même graine
                       donne le même appariement (par défaut : une graine au hasard, affichée sur
                       la sortie d’erreur)
  --avoid-same-club    pair : éviter les adversaires du même club (après les groupes de points et
                       les revanches)
  --avoid-same-table   pair : éviter de placer un joueur à un numéro de table déjà joué
  --force              pair : apparier même si le tournoi est terminé (seul en tête, tables de
                       finale jouées, rondes fixées jouées, ou clos par l’organisateur)
  --lang fr|en         langue des messages (par défaut : français si LC_ALL, sinon
                       LC_MESSAGES, sinon LANG commence par « fr » ; anglais sinon)
  -h, --help           affiche cette aide

Codes de sortie : 0 fait, 1 fichier invalide ou appariement refusé, 2 mauvais usage,
3 erreur interne.
`,
};

const CLI_MESSAGES = {
  'usage-hint': { en: () => `run with --help for usage`, fr: () => `lancez avec --help pour l’aide` },
  'no-command': { en: () => `missing command (validate, pair or standings)`, fr: () => `commande manquante (validate, pair ou standings)` },
  'unknown-command': {
    en: (p: Params) => `unknown command "${p.command}" (validate, pair or standings)`,
    fr: (p: Params) => `commande inconnue « ${p.command} » (validate, pair ou standings)`,
  },
  'unknown-option': { en: (p: Params) => `unknown option ${p.option}`, fr: (p: Params) => `option inconnue ${p.option}` },
  'option-not-for-command': {
    en: (p: Params) => `option ${p.option} does not apply to "${p.command}"`,
    fr: (p: Params) => `l’option ${p.option} ne s’applique pas à « ${p.command} »`,
  },
  'option-needs-value': { en: (p: Params) => `option ${p.option} needs a value`, fr: (p: Params) => `l’option ${p.option} attend une valeur` },
  'option-takes-no-value': { en: (p: Params) => `option ${p.option} takes no value`, fr: (p: Params) => `l’option ${p.option} n’attend pas de valeur` },
  'option-twice': { en: (p: Params) => `option ${p.option} is given twice`, fr: (p: Params) => `l’option ${p.option} est donnée deux fois` },
  'bad-seed': {
    en: (p: Params) => `--seed must be a whole number from 0 to 4294967295, not "${p.value}"`,
    fr: (p: Params) => `--seed doit être un entier de 0 à 4294967295, pas « ${p.value} »`,
  },
  'bad-lang': { en: (p: Params) => `--lang must be fr or en, not "${p.value}"`, fr: (p: Params) => `--lang doit valoir fr ou en, pas « ${p.value} »` },
  'missing-file': {
    en: (p: Params) => `"${p.command}" needs a FILE (or - for standard input)`,
    fr: (p: Params) => `« ${p.command} » attend un FICHIER (ou - pour l’entrée standard)`,
  },
  'extra-argument': { en: (p: Params) => `unexpected argument "${p.arg}"`, fr: (p: Params) => `argument en trop « ${p.arg} »` },
  'file-not-found': { en: (p: Params) => `cannot read ${p.file}: no such file`, fr: (p: Params) => `impossible de lire ${p.file} : fichier introuvable` },
  'file-is-directory': { en: (p: Params) => `cannot read ${p.file}: it is a directory`, fr: (p: Params) => `impossible de lire ${p.file} : c’est un dossier` },
  'file-no-permission': { en: (p: Params) => `cannot read ${p.file}: permission denied`, fr: (p: Params) => `impossible de lire ${p.file} : permission refusée` },
  'file-unreadable': { en: (p: Params) => `cannot read ${p.file}: ${p.detail}`, fr: (p: Params) => `impossible de lire ${p.file} : ${p.detail}` },
  'stdin-name': { en: () => `standard input`, fr: () => `entrée standard` },
  'invalid-summary': {
    en: (p: Params) => `${p.file}: not a valid event file (${p.count} ${p.count === 1 ? 'problem' : 'problems'})`,
    fr: (p: Params) => `${p.file} : fichier d’événement invalide (${p.count} problème${p.count === 1 ? '' : 's'})`,
  },
  'valid-summary': {
    en: (p: Params) =>
      `OK: ${p.file}: "${p.name}" (${p.system}, ${p.date}), ${p.players} ${p.players === 1 ? 'player' : 'players'}, ${p.rounds} ${p.rounds === 1 ? 'round' : 'rounds'}${p.warnings ? `, ${p.warnings} ${p.warnings === 1 ? 'warning' : 'warnings'}` : ''}`,
    fr: (p: Params) =>
      `OK : ${p.file} : « ${p.name} » (${p.system}, ${p.date}), ${p.players} joueur${p.players === 1 ? '' : 's'}, ${p.rounds} ronde${p.rounds === 1 ? '' : 's'}${p.warnings ? `, ${p.warnings} avertissement${p.warnings === 1 ? '' : 's'}` : ''}`,
  },
  warning: { en: (p: Params) => `warning: ${p.text}`, fr: (p: Params) => `avertissement : ${p.text}` },
  'round-unfinished': {
    en: (p: Params) => `cannot pair round ${p.next}: round ${p.round} is not finished (no result yet at ${p.tables})`,
    fr: (p: Params) => `impossible d’apparier la ronde ${p.next} : la ronde ${p.round} n’est pas finie (pas encore de résultat ${p.tables})`,
  },
  tables: {
    en: (p: Params) => `${String(p.list).includes(',') ? 'tables' : 'table'} ${p.list}`,
    fr: (p: Params) => `${String(p.list).includes(',') ? 'aux tables' : 'à la table'} ${p.list}`,
  },
  'too-few-players': {
    en: (p: Params) => `cannot pair: ${p.active} active ${p.active === 1 ? 'player' : 'players'} (at least 2 are needed; dropped players are never paired)`,
    fr: (p: Params) =>
      `appariement impossible : ${p.active} joueur${p.active === 1 ? '' : 's'} actif${p.active === 1 ? '' : 's'} (il en faut au moins 2 ; un joueur qui a abandonné n’est plus apparié)`,
  },
  'fewer-than-four-players': {
    en: () => `cannot pair the final tables: they need at least 4 active players`,
    fr: () => `impossible d’apparier les tables de finale : il faut au moins 4 joueurs actifs`,
  },
  paired: {
    en: (p: Params) =>
      `round ${p.round} paired: ${p.tables} ${p.tables === 1 ? 'table' : 'tables'}, ${Number(p.byes) > 1 ? 'byes' : 'bye'} ${p.bye}, seed ${p.seed} (replay with --seed ${p.seed})`,
    fr: (p: Params) =>
      `ronde ${p.round} appariée : ${p.tables} table${p.tables === 1 ? '' : 's'}, exempt${Number(p.byes) > 1 ? 's' : ''} ${p.bye}, graine ${p.seed} (rejouer avec --seed ${p.seed})`,
  },
  'knockout-complete': {
    en: (p: Params) => `nothing to pair: the knockout is over, ${p.name} (${p.id}) is champion`,
    fr: (p: Params) => `rien à apparier : l’élimination directe est terminée, ${p.name} (${p.id}) est champion`,
  },
  'round-robin-complete': {
    en: (p: Params) => `nothing to pair: every pair has met in the ${p.rounds} rounds of the round robin`,
    fr: (p: Params) => `rien à apparier : toutes les paires se sont rencontrées dans les ${p.rounds} rondes du tournoi toutes rondes`,
  },
  'nobody-left': {
    en: () => `nothing to pair: no player is left in the knockout`,
    fr: () => `rien à apparier : plus aucun joueur en lice dans l’élimination directe`,
  },
  'knockout-needs-winner': {
    en: (p: Params) => `cannot pair round ${p.next}: round ${p.round} has a draw at ${p.tables}, and a knockout game needs a winner`,
    fr: (p: Params) => `impossible d’apparier la ronde ${p.next} : la ronde ${p.round} a une égalité ${p.tables}, or une partie à élimination directe doit avoir un vainqueur`,
  },
  'bracket-invalid': {
    en: () => `cannot pair: the recorded rounds do not follow the knockout bracket (validate names the games)`,
    fr: () => `appariement impossible : les rondes enregistrées ne suivent pas le tableau à élimination directe (validate indique les parties)`,
  },
  'option-no-effect': {
    en: (p: Params) => `${p.option} has no effect: this event is paired as a ${p.method === 'knockout' ? 'knockout' : 'round robin'}`,
    fr: (p: Params) => `${p.option} est sans effet : cet événement est apparié ${p.method === 'knockout' ? 'en élimination directe' : 'en toutes rondes'}`,
  },
  unscheduled: {
    en: (p: Params) => `not in the round robin's schedule (registered after round 1): ${p.ids}`,
    fr: (p: Params) => `hors du calendrier du tournoi toutes rondes (inscrits après la ronde 1) : ${p.ids}`,
  },
  'no-bye': { en: () => `none`, fr: () => `aucun` },
  rematches: {
    en: (p: Params) => `${p.count} ${p.count === 1 ? 'rematch' : 'rematches'} could not be avoided`,
    fr: (p: Params) => `${p.count} revanche${p.count === 1 ? '' : 's'} impossible${p.count === 1 ? '' : 's'} à éviter`,
  },
  'has-leader': {
    en: (p: Params) => `${p.name} already leads alone after round ${p.round}: by the rules the event ends with no further game`,
    fr: (p: Params) => `${p.name} est déjà seul en tête après la ronde ${p.round} : selon les règles le tournoi s’arrête sans partie supplémentaire`,
  },
  'final-tables-played': {
    en: (p: Params) => `the final tables were played in round ${p.round}: the event is over`,
    fr: (p: Params) => `les tables de finale ont été jouées à la ronde ${p.round} : le tournoi est terminé`,
  },
  'event-over': {
    en: (p: Params) => `cannot pair: ${p.reason} (--force pairs anyway)`,
    fr: (p: Params) => `appariement refusé : ${p.reason} (--force apparie quand même)`,
  },
  'fixed-rounds-played': {
    en: (p: Params) => `the ${p.planned} rounds fixed for this event are played (settings.rounds): the event is over`,
    fr: (p: Params) => `les ${p.planned} rondes fixées pour cet événement sont jouées (settings.rounds) : le tournoi est terminé`,
  },
  'event-finished': {
    en: (p: Params) => `the organizer ended this event after round ${p.round} (settings.finished)`,
    fr: (p: Params) => `l’organisateur a clos ce tournoi après la ronde ${p.round} (settings.finished)`,
  },
  'internal-error': { en: (p: Params) => `internal error: ${p.detail}`, fr: (p: Params) => `internal error: ${p.detail}` },
  // SR2011 checks of a file the common format accepts
  'unknown-scenario': {
    en: (p: Params) => `unknown scenario "${p.value}" (use the kebab-case ids of RULES.md, e.g. ${p.example})`,
    fr: (p: Params) => `scénario inconnu « ${p.value} » (utilisez les identifiants de RULES.md, p. ex. ${p.example})`,
  },
  'scenario-repeated': {
    en: (p: Params) => `scenario "${p.value}" was already played in round ${p.round} (no scenario twice in a standard event)`,
    fr: (p: Params) => `le scénario « ${p.value} » a déjà été joué à la ronde ${p.round} (pas deux fois le même scénario dans un tournoi standard)`,
  },
  'draw-with-how': {
    en: (p: Params) => `a draw (winner null) cannot be won by "${p.how}": leave "how" out, null, or "tiebreak" for a game that went to time`,
    fr: (p: Params) => `une égalité (winner null) ne peut pas être gagnée par « ${p.how} » : omettez "how", ou mettez null, ou "tiebreak" pour une partie allée au temps`,
  },
  'how-forbidden-by-variant': {
    en: (p: Params) => `"${p.how}" is impossible under the "${p.variant}" variant`,
    fr: (p: Params) => `« ${p.how} » est impossible avec la variante « ${p.variant} »`,
  },
} satisfies Record<string, { en: Template; fr: Template }>;

export type CliMessageKey = keyof typeof CLI_MESSAGES;

export function say(key: CliMessageKey, lang: Lang, params: Params = {}): string {
  return CLI_MESSAGES[key][lang](params);
}

/** "path: text", the shape problemMessage gives the domain's problems. */
export function atPath(path: string, text: string, lang: Lang): string {
  return path ? `${path}${lang === 'fr' ? ' : ' : ': '}${text}` : text;
}
