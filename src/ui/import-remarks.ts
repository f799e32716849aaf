// A remark on an imported file in the organizer's words (issue 21): the file's path
// (« rounds[0].pairings[5].result.how ») becomes the round, the table and its players, and a
// player's id in the message becomes the player's name. The command line keeps the paths (a file's
// author edits the file); the organizer looks for a table in the hall.
import type { EventFile, Problem } from '../domain/event-file';
import { problemMessage } from '../domain/event-file/messages';
import type { MessageKey, Translate } from '../i18n';
import { typeset } from '../i18n/typography';

const FIELDS = new Set(['how', 'winner', 'scenario', 'lists', 'list', 'bye', 'name', 'result']);
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where in the event a path points, in words; '' when it names nothing an organizer would look for. */
export function remarkPlace(path: string, event: EventFile, t: Translate): string {
  const steps = [...path.matchAll(/([A-Za-z_$][\w$]*)|\[(\d+)\]/g)].map((m) => m[1] ?? Number(m[2]));
  const nameOf = (id: unknown): string => event.players.find((p) => p.id === id)?.name ?? String(id);
  const parts: string[] = [];
  let field = '';
  if (steps[0] === 'rounds' && typeof steps[1] === 'number') {
    const round = event.rounds[steps[1]];
    const number = round?.number ?? steps[1] + 1;
    const pairing = steps[2] === 'pairings' && typeof steps[3] === 'number' ? round?.pairings[steps[3]] : undefined;
    if (pairing) {
      parts.push(t('remark.table', { round: number, table: pairing.table, a: nameOf(pairing.a), b: nameOf(pairing.b) }));
      // result.a / result.b: that side's player
      const side = steps[4] === 'result' ? steps[5] : undefined;
      if (side === 'a' || side === 'b') parts.push(nameOf(pairing[side]));
    } else parts.push(t('remark.round', { round: number }));
    field = String(
      steps
        .slice(2)
        .reverse()
        .find((s) => typeof s === 'string' && FIELDS.has(s)) ?? '',
    );
  } else if (steps[0] === 'players' && typeof steps[1] === 'number') {
    const player = event.players[steps[1]];
    parts.push(player ? t('remark.player', { name: player.name, number: player.number }) : t('remark.player', { name: '?', number: steps[1] + 1 }));
    field = String(
      steps
        .slice(2)
        .reverse()
        .find((s) => typeof s === 'string' && FIELDS.has(s) && s !== 'name') ?? '',
    );
  } else if (steps[0] === 'settings') parts.push(t('remark.settings'));
  if (field) parts.push(t(`remark.field.${field}` as MessageKey));
  return parts.join(', ');
}

/** The whole remark: its place, then the message with each player's id replaced by the player's name. */
export function remarkText(problem: Problem, event: EventFile, t: Translate, lang: 'fr' | 'en'): string {
  let what = problemMessage({ ...problem, path: '' }, lang);
  // longest ids first, so « p1 » never eats the start of « p10 »
  for (const p of [...event.players].sort((x, y) => y.id.length - x.id.length))
    what = what.replace(new RegExp(`(^|[^\\w-])${escapeRegExp(p.id)}(?![\\w-])`, 'g'), (_m, before: string) => `${before}${p.name}`);
  const where = remarkPlace(problem.path, event, t);
  // a message already naming its round (« ronde 2, table 3 : … ») needs no place before it
  const named = /^(ronde|round) \d/i.test(what);
  return typeset(where && !named ? t('remark.at', { where, what }) : what, lang);
}
