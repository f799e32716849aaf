// One check for a player's own registration (issue 20), run twice with the same code: on the
// player's phone before sending, against the event's public rules (system, size, variants), and on
// the organizer's device before accepting, against the event itself (a name already registered).
// The lists are the system's: parsed where its rules take a pasted list, then checked with its
// list rules, every problem in words.
import type { ArmyList, EventFile, EventSettings, Player, SystemId } from '../../domain/event-file';
import { EVENT_FORMAT } from '../../domain/event-file/types';
import { sameListedName } from '../../domain/registration/player-list';
import { SELF_REGISTRATION_LIMITS } from '../../domain/registration/self-registration';
import type { Lang, Translate } from '../../i18n';
import { findTwin } from '../screens/event/players/model';
import { intakeAddressProblem } from '../../sync/intake';
import { uiFor } from '../systems';

export interface SelfRegistrationInput {
  name: string;
  club: string;
  faction: string;
  lists: string[];
}

export interface SelfRegistrationCheck {
  /** the player's fields and lists as they would be registered */
  fields: Pick<Player, 'name' | 'club' | 'faction'>;
  lists: ArmyList[];
  /** what stops it, in words (a namesake aside) */
  problems: string[];
  /** a player of that name is registered already: flagged, never merged; it stops it too */
  twin: Player | null;
}

/** The event the phone knows from the public page: its system and settings, nobody in it. */
export function publicEvent(system: SystemId, settings: Pick<EventSettings, 'points' | 'variants' | 'rounds'>, name = ''): EventFile {
  return {
    format: EVENT_FORMAT,
    version: 1,
    system,
    name,
    date: '',
    settings: { points: settings.points, variants: settings.variants, rounds: settings.rounds },
    players: [],
    rounds: [],
  };
}

/** Whether the event's system takes lists pasted as text (the form shows list boxes only then). */
export function takesPastedLists(system: SystemId): boolean {
  return !!uiFor(system)?.lists?.paste;
}

export function checkSelfRegistration(input: SelfRegistrationInput, event: EventFile, t: Translate, lang: Lang): SelfRegistrationCheck {
  const L = SELF_REGISTRATION_LIMITS;
  const problems: string[] = [];
  const fields = { name: input.name.trim(), ...(input.club.trim() && { club: input.club.trim() }), ...(input.faction.trim() && { faction: input.faction.trim() }) };
  if (!fields.name) problems.push(t('players.nameRequired'));
  if (fields.name.length > L.name || (fields.club ?? '').length > L.club || (fields.faction ?? '').length > L.faction) problems.push(t('selfReg.tooLong', { max: L.name }));
  // a namesake as the desk's form sees it, or written with other accents or spaces: flagged all the same
  const twin = fields.name ? (findTwin(event.players, fields.name, '') ?? event.players.find((p) => sameListedName(p.name, fields.name)) ?? null) : null;
  const rules = uiFor(event.system)?.lists ?? null;
  const texts = input.lists.filter((l) => l.trim() !== '');
  const lists: ArmyList[] = [];
  const paste = rules?.paste;
  if (rules && paste) {
    const max = rules.maxLists(event) ?? L.lists;
    if (texts.length > Math.min(max, L.lists)) problems.push(t('selfReg.tooManyLists', { max: Math.min(max, L.lists) }));
    texts.forEach((text, i) => {
      if (text.length > L.listChars) return problems.push(t('selfReg.listTooLong', { n: i + 1, max: L.listChars }));
      const parsed = paste.read(text, t);
      for (const p of parsed.problems) problems.push(t('selfReg.listProblem', { n: i + 1, text: p }));
      if (parsed.list) lists.push(parsed.list);
    });
    // the system's list rules, as the organizer's lists editor applies them
    for (const issue of rules.problems(lists, fields, event, t, lang, (_l, m) => m + 1))
      problems.push(issue.list === null ? issue.text : t('selfReg.listProblem', { n: issue.list + 1, text: issue.text }));
  }
  return { fields, lists, problems: [...new Set(problems)], twin };
}

/** The public page's registration block, if it is one the phone can use (the page is the server's, so hostile). */
export function openRegistration(
  system: unknown,
  reg: unknown,
): { system: SystemId; registration: { intake: string; points: number; variants: string[]; rounds: number | null } } | null {
  if (typeof system !== 'string' || !uiFor(system as SystemId) || !reg || typeof reg !== 'object') return null;
  const r = reg as Record<string, unknown>;
  if (typeof r.intake !== 'string' || intakeAddressProblem(r.intake) !== null) return null;
  if (typeof r.points !== 'number' || !Number.isInteger(r.points) || r.points <= 0 || r.points > 100_000) return null;
  if (!Array.isArray(r.variants) || r.variants.length > 50 || !r.variants.every((v) => typeof v === 'string' && v.length <= 60)) return null;
  if (r.rounds !== null && (typeof r.rounds !== 'number' || !Number.isInteger(r.rounds) || r.rounds < 1 || r.rounds > 99)) return null;
  return { system: system as SystemId, registration: { intake: r.intake, points: r.points, variants: r.variants as string[], rounds: r.rounds as number | null } };
}
