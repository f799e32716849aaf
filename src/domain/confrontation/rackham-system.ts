// Confrontation (Rackham tournament rules, seed 001) behind the GameSystem interface.
// - 200-PA challenge (settings.points 200): a knockout event; the winner of each game goes
//   through, the winner of the final is champion. Standings = the round each player reached.
// - 500 points (settings.points 500): a points event paired Swiss. The source only says who wins
//   a game; the event scores it like chess (win 1, draw 1/2, loss 0; a bye is a win) and breaks
//   ties on the games' totals summed (`score`).
import type { EventFile, EventSettings, GameResult, Pairing, PlayerId } from '../event-file/types';
import { knockoutStage, readBracket } from '../systems/bracket';
import { byePointsProblems, byesProblems, choiceSettingProblems, resultProblems } from '../systems/event-checks';
import { checkDerived, checkResultFields, winnerSide } from '../systems/fields';
import { eventOverByMethod } from '../systems/event-over';
import type { GameSystem, ResultField, StandingRowBase, SystemProblem } from '../systems/game-system';
import { pairKnockoutRound } from '../systems/knockout-round';
import { byValue, rankBySteps } from '../systems/ranking';
import { byePointsSetting, playerGames, roundByes } from '../systems/rounds';
import { bracketPairingWarnings, swissPairingWarnings } from '../systems/swap-warnings';
import { pairSwissRound } from '../systems/swiss-round';
import { stageWinner } from './challenge';
import { decide500, rackhamFormat, score500, validateRackhamLists, type Side500 } from './rackham-rules';
import { POINTS_500 } from './reference';

export interface BracketRow extends StandingRowBase {
  /** the last round the player was in (played, had a bye or a walkover); 0 = not in the bracket */
  roundReached: number;
  /** 'champion', or the name of the round reached: 'final', 'semi-final', 'quarter-final', 'round-of-16'... */
  stage: string | null;
  eliminated: boolean;
  champion: boolean;
  /** place in the seeding, 1 = top seed */
  seed: number | null;
  wins: number;
  /** rounds gone through without a game (bye, or an opponent who dropped) */
  byes: number;
  opponents: PlayerId[];
}

export interface Points500Row extends StandingRowBase {
  /** the games' totals summed (PA killed + bonuses) */
  score: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  opponents: PlayerId[];
}

export type RackhamRow = BracketRow | Points500Row;

export const SEEDING_MODES = ['random', 'organizer'] as const;
export const CHALLENGE_STAGES = ['first-blood', 'revenge', 'duel'] as const;

const CHALLENGE_FIELDS: readonly ResultField[] = [
  { key: 'stage', scope: 'game', kind: 'choice', choices: CHALLENGE_STAGES, required: false, label: { fr: 'Décidé au', en: 'Decided in' } },
  { key: 'objective', scope: 'game', kind: 'integer', min: 1, max: 5, required: false, label: { fr: 'Défi tiré (ligne du tableau)', en: 'Challenge rolled (table row)' } },
  {
    key: 'timeLimitRow',
    scope: 'game',
    kind: 'integer',
    min: 1,
    max: 5,
    required: false,
    derived: true,
    label: { fr: 'Limite de temps (ligne 6 − défi)', en: 'Time limit (row 6 − challenge)' },
  },
  { key: 'stake', scope: 'side', kind: 'integer', min: 0, required: false, label: { fr: 'PA misés', en: 'PA staked' } },
];

const POINTS_500_FIELDS: readonly ResultField[] = [
  { key: 'apd', scope: 'side', kind: 'number', min: 0, required: true, label: { fr: 'PA des figurines ennemies tuées', en: 'PA of enemy models killed' } },
  {
    key: 'killedMostExpensive',
    scope: 'side',
    kind: 'boolean',
    required: false,
    label: { fr: '+20 : a tué la figurine ennemie la plus chère', en: "+20: killed the enemy's most expensive model" },
  },
  {
    key: 'halfWithoutDamage',
    scope: 'side',
    kind: 'boolean',
    required: false,
    label: { fr: '+20 : 50 % des ennemis éliminés sans dommage subi', en: '+20: 50% of the enemy eliminated without taking damage' },
  },
  {
    key: 'objectiveHeld',
    scope: 'side',
    kind: 'boolean',
    required: false,
    label: { fr: '+20 : une figurine à 5 cm de l’objectif, aucun ennemi', en: '+20: a model within 5 cm of the objective, no enemy' },
  },
  { key: 'noModelLeft', scope: 'side', kind: 'boolean', required: false, label: { fr: 'Plus aucune figurine sur la table', en: 'No model left on the table' } },
  { key: 'score', scope: 'side', kind: 'number', required: false, derived: true, label: { fr: 'Total', en: 'Total' } },
  { key: 'turns', scope: 'game', kind: 'integer', min: 1, max: POINTS_500.maxTurns, required: false, label: { fr: 'Tours joués (8 au plus)', en: 'Turns played (at most 8)' } },
];

const side500 = (r: GameResult['a']): Side500 => ({
  apd: typeof r.apd === 'number' ? r.apd : 0,
  killedMostExpensive: r.killedMostExpensive === true,
  halfWithoutDamage: r.halfWithoutDamage === true,
  objectiveHeld: r.objectiveHeld === true,
  noModelLeft: r.noModelLeft === true,
});

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function validateChallengeResult(result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): SystemProblem[] {
  const out = checkResultFields(result, CHALLENGE_FIELDS);
  const side = winnerSide(result, pairing);
  if (side === 'draw') out.push({ path: 'winner', code: 'knockout-needs-winner' });
  const objective = numberOrNull(result.objective);
  if (objective !== null && objective >= 1 && objective <= 5) out.push(...checkDerived('timeLimitRow', result.timeLimitRow, 6 - objective));
  const stage = result.stage;
  if ((side === 'a' || side === 'b') && (stage === 'first-blood' || stage === 'revenge')) {
    const expected = stageWinner(stage, { a: numberOrNull(result.a.stake), b: numberOrNull(result.b.stake) });
    if ((expected === 'a' || expected === 'b') && expected !== side)
      out.push({ path: 'winner', code: 'winner-contradicts-stakes', params: { stage, expected: expected === 'a' ? pairing.a : pairing.b } });
  }
  return out;
}

function validate500Result(result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): SystemProblem[] {
  const out = checkResultFields(result, POINTS_500_FIELDS);
  const [a, b] = [side500(result.a), side500(result.b)];
  if (a.objectiveHeld && b.objectiveHeld) out.push({ path: 'b.objectiveHeld', code: 'bonus-both', params: { bonus: 'objectiveHeld' } });
  if (a.halfWithoutDamage && b.halfWithoutDamage) out.push({ path: 'b.halfWithoutDamage', code: 'bonus-both', params: { bonus: 'halfWithoutDamage' } });
  out.push(...checkDerived('a.score', result.a.score, score500(a)), ...checkDerived('b.score', result.b.score, score500(b)));
  const side = winnerSide(result, pairing);
  const decided = decide500(a, b);
  const expected = decided.winner ?? 'draw';
  if (side !== null && side !== expected)
    out.push({ path: 'winner', code: 'winner-contradicts-score', params: { expected: expected === 'draw' ? 'null' : expected === 'a' ? pairing.a : pairing.b } });
  return out;
}

function bracketStandings(event: EventFile): BracketRow[] {
  const bracket = readBracket(event);
  type Tally = Omit<BracketRow, 'rank' | 'decidedBy' | 'stage'>;
  const rows = new Map<PlayerId, Tally>();
  const seedOf = new Map(bracket.seeding.map((id, i) => [id, i + 1]));
  for (const p of event.players)
    rows.set(p.id, {
      id: p.id,
      name: p.name,
      number: p.number,
      points: 0,
      dropped: p.dropped,
      roundReached: 0,
      eliminated: false,
      champion: false,
      seed: seedOf.get(p.id) ?? null,
      wins: 0,
      byes: 0,
      opponents: [],
    });
  const fields = new Map<number, number>();
  for (const round of bracket.rounds) {
    fields.set(round.number, round.field);
    for (const m of round.matches) {
      for (const id of [m.a, m.b]) {
        const row = id === null ? undefined : rows.get(id);
        if (!row) continue;
        const other = id === m.a ? m.b : m.a;
        // a player placed in a round reached it, even one who dropped and gave a walkover there
        row.roundReached = round.number;
        if (m.kind === 'game') {
          if (other !== null) row.opponents.push(other);
          if (m.winner === id) row.wins += 1;
          else if (m.winner !== undefined) row.eliminated = true;
        } else if (m.winner === id) row.byes += 1;
        else row.eliminated = true;
      }
    }
  }
  const scored = [...rows.values()].map((r): Tally => {
    const champion = bracket.champion === r.id;
    return { ...r, champion, eliminated: !champion && (r.eliminated || r.dropped), points: r.wins + r.byes };
  });
  // still in before out at the same round; equal players listed by seed
  const steps = [byValue<Tally>('roundReached', (r) => r.roundReached), byValue<Tally>('eliminated', (r) => (r.eliminated ? 0 : 1))];
  const display = (x: Tally, y: Tally): number => (x.seed ?? Number.MAX_SAFE_INTEGER) - (y.seed ?? Number.MAX_SAFE_INTEGER) || x.number - y.number;
  return rankBySteps(scored, steps, display).map(({ item, rank, decidedBy }) => ({
    ...item,
    rank,
    decidedBy,
    stage: item.champion ? 'champion' : item.roundReached === 0 ? null : knockoutStage(fields.get(item.roundReached) ?? 2),
  }));
}

function points500Standings(event: EventFile): Points500Row[] {
  const rows = new Map<PlayerId, Omit<Points500Row, 'rank' | 'decidedBy'>>();
  for (const p of event.players)
    rows.set(p.id, { id: p.id, name: p.name, number: p.number, points: 0, score: 0, wins: 0, draws: 0, losses: 0, byes: 0, dropped: p.dropped, opponents: [] });
  const bye = byePointsSetting(event.settings) ?? 1;
  for (const round of event.rounds)
    for (const id of roundByes(round)) {
      const row = rows.get(id);
      if (row) (row.points += bye), (row.byes += 1);
    }
  for (const g of playerGames(event)) {
    const row = rows.get(g.id);
    if (!row) continue;
    row.opponents.push(g.opponent);
    row.score += score500(side500(g.own));
    if (g.result.winner === null) (row.draws += 1), (row.points += 0.5);
    else if (g.result.winner === g.id) (row.wins += 1), (row.points += 1);
    else row.losses += 1;
  }
  type Tally = Omit<Points500Row, 'rank' | 'decidedBy'>;
  const steps = [byValue<Tally>('points', (r) => r.points), byValue<Tally>('score', (r) => r.score)];
  return rankBySteps([...rows.values()], steps, (x, y) => x.number - y.number).map(({ item, rank, decidedBy }) => ({ ...item, rank, decidedBy }));
}

function validateRackhamResult(result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>, settings: EventSettings): SystemProblem[] {
  const out = rackhamFormat(settings) === 'points-500' ? validate500Result(result, pairing) : validateChallengeResult(result, pairing);
  if (winnerSide(result, pairing) === null) out.push({ path: 'winner', code: 'winner-not-in-game', params: { id: String(result.winner) } });
  return out;
}

function seedingMode(settings: EventSettings): 'random' | 'organizer' {
  return settings.seeding === 'organizer' ? 'organizer' : 'random';
}

export const RACKHAM_SYSTEM: GameSystem<RackhamRow> = {
  id: 'confrontation-rackham',
  names: { fr: 'Confrontation (règles de tournoi Rackham)', en: 'Confrontation (Rackham tournament rules)' },
  resultFields: (settings) => (rackhamFormat(settings) === 'points-500' ? POINTS_500_FIELDS : CHALLENGE_FIELDS),
  validateResult: validateRackhamResult,
  scoreGame(result, pairing) {
    const side = winnerSide(result, pairing);
    if (side === 'draw') return { a: 0.5, b: 0.5 };
    return { a: side === 'a' ? 1 : 0, b: side === 'b' ? 1 : 0 };
  },
  byeScore: (settings) => (rackhamFormat(settings) === 'points-500' ? (byePointsSetting(settings) ?? 1) : 1),
  computeStandings: (event) => (rackhamFormat(event.settings) === 'points-500' ? points500Standings(event) : bracketStandings(event)),
  standingsOrder: (settings) => (rackhamFormat(settings) === 'points-500' ? ['points', 'score'] : ['roundReached', 'eliminated']),
  standingsJson(row) {
    if ('roundReached' in row) {
      const { rank, id, name, stage, roundReached, eliminated, points: _points, ...rest } = row;
      return { rank, id, name, stage, roundReached, eliminated, ...rest };
    }
    const { rank, id, name, points, score, ...rest } = row;
    return { rank, id, name, points, score, ...rest };
  },
  pairingMethod: (settings) => (rackhamFormat(settings) === 'points-500' ? { kind: 'swiss' } : { kind: 'knockout', seeding: seedingMode(settings) }),
  eventOver(event) {
    return eventOverByMethod(event, this.pairingMethod(event.settings));
  },
  pairNextRound(event, options) {
    if (rackhamFormat(event.settings) === 'points-500') return pairSwissRound(event, points500Standings(event), options);
    return pairKnockoutRound(event, options, seedingMode(event.settings));
  },
  // the 500-point variant is Swiss in its points (win 1, draw 1/2, bye 1); the challenge, a knockout bracket
  pairingWarnings: (event, round) =>
    rackhamFormat(event.settings) === 'points-500' ? swissPairingWarnings(event, round, points500Standings) : bracketPairingWarnings(event, round),
  clockProfile: (settings) => (rackhamFormat(settings) === 'points-500' ? 'none' : 'confrontation-challenge'),
  validateLists: (player, settings) => validateRackhamLists(player, settings),
  validateEvent(event) {
    const out: SystemProblem[] = [];
    const { settings } = event;
    if (settings.points !== 200 && settings.points !== POINTS_500.armyCap) out.push({ path: 'settings.points', code: 'rackham-points', params: { value: settings.points } });
    out.push(...choiceSettingProblems(settings, 'seeding', SEEDING_MODES), ...byePointsProblems(settings));
    const known = new Set(event.players.map((p) => p.id));
    if (settings.seedOrder !== undefined && settings.seedOrder !== null) {
      if (!Array.isArray(settings.seedOrder)) out.push({ path: 'settings.seedOrder', code: 'not-id-list' });
      else
        settings.seedOrder.forEach((id, i) => {
          if (typeof id !== 'string' || !known.has(id)) out.push({ path: `settings.seedOrder[${i}]`, code: 'unknown-player-ref', params: { id: String(id) } });
        });
    }
    out.push(...byesProblems(event), ...resultProblems(event, validateRackhamResult));
    if (rackhamFormat(settings) === 'challenge') {
      const seeding = event.rounds[0]?.seeding;
      if (seeding !== undefined) {
        if (!Array.isArray(seeding)) out.push({ path: 'rounds[0].seeding', code: 'not-id-list' });
        else {
          const seen = new Set<unknown>();
          seeding.forEach((id, i) => {
            if (typeof id !== 'string' || !known.has(id)) out.push({ path: `rounds[0].seeding[${i}]`, code: 'unknown-player-ref', params: { id: String(id) } });
            else if (seen.has(id)) out.push({ path: `rounds[0].seeding[${i}]`, code: 'seeded-twice', params: { id } });
            seen.add(id);
          });
        }
      }
      if (out.length === 0) out.push(...readBracket(event).problems);
    }
    return out;
  },
};
