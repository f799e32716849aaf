// Lord of the Rings' parts of the one result form, at the organizer's desk: a result typed from
// the players' sheet. The points follow from the winner and the kind of victory (3-0 total, 2-1 on
// points, 1.5-1.5 a perfect draw), so the desk asks those and only the numbers nothing derives:
// each side's body count and kills, the standings' tiebreaks. A correction keeps the fields it
// does not show (camp, the tie chain's tallies, the ending) unless the victory they describe changed.
import type { GameResult, SideResult } from '../../../domain/event-file';
import { pointsFor, victoryOf, type LotrVictory } from '../../../domain/lotr';
import { Choices, NumberStepper } from '../../screens/event/results/parts';
import {
  nameOf,
  parseNumber,
  setValues,
  SIDES,
  textOf,
  type ResultDraft,
  type ResultPartProps,
  type ResultParts,
  type Side,
  type WinnerPick,
} from '../../screens/event/results/result-draft';
import { formatNumber } from '../shared/model';
import { blockingProblems } from '../shared/wizard-parts';

type Kind = Exclude<LotrVictory, 'draw'>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (num(v) === null ? '' : String(v));

/** The winner and kind of victory a saved result's points say, when they say one. */
function readInitial(initial: GameResult | undefined): { winner: WinnerPick | null; kind: Kind | null } {
  const pa = num(initial?.a.points);
  const pb = num(initial?.b.points);
  const v = pa === null || pb === null ? null : victoryOf(pa, pb);
  if (!v) return { winner: null, kind: null };
  return v.victory === 'draw' ? { winner: 'draw', kind: null } : { winner: v.winner!, kind: v.victory };
}

const kindOf = (d: ResultDraft): Kind | null => {
  const k = textOf(d, 'kind');
  return k === 'total' || k === 'points' ? k : null;
};

function victoryPoints(d: ResultDraft): { victory: LotrVictory; points: Record<Side, number> } | null {
  const winner = d.picked;
  const victory: LotrVictory | null = winner === 'draw' ? 'draw' : winner === null ? null : kindOf(d);
  return victory === null ? null : { victory, points: pointsFor(victory, winner === 'draw' || winner === null ? null : winner) };
}

type Context = Parameters<ResultParts['start']>[0];

function start({ initial }: Context): ResultDraft {
  const { winner, kind } = readInitial(initial);
  const values: ResultDraft['values'] = { kind: kind ?? '' };
  for (const s of SIDES) {
    values[`${s}.bodyCount`] = text(initial?.[s].bodyCount);
    values[`${s}.kills`] = text(initial?.[s].kills);
  }
  return { values, picked: winner };
}

function build(d: ResultDraft, { pairing, initial }: Context): GameResult | null {
  const vp = victoryPoints(d);
  if (!vp) return null;
  const winner = d.picked;
  const kept = readInitial(initial);
  // the tallies and ending of another kind of victory would contradict the new points
  const sameVictory = kept.winner === winner && kept.kind === kindOf(d);
  const side = (s: Side): SideResult => {
    const base: SideResult =
      sameVictory && initial ? { ...initial[s] } : { cp: 0, apd: 0, listIndex: initial?.[s].listIndex ?? null, ...(initial?.[s].camp !== undefined && { camp: initial[s].camp }) };
    const number = (key: string): number | undefined => parseNumber(textOf(d, `${s}.${key}`)) ?? undefined;
    return { ...base, cp: num(base.cp) ?? 0, apd: num(base.apd) ?? 0, points: vp.points[s], bodyCount: number('bodyCount'), kills: number('kills') };
  };
  const { ending: _ending, ...rest } = initial ?? ({} as Partial<GameResult>);
  return {
    ...(sameVictory ? initial : rest),
    winner: winner === 'draw' || winner === null ? null : pairing[winner],
    // as the table's wizard saves it: a victory condition is 'scenario', the tie chain 'tiebreak'
    how: vp.victory === 'total' ? 'scenario' : 'tiebreak',
    a: side('a'),
    b: side('b'),
  } as GameResult;
}

function check(d: ResultDraft, ctx: Context) {
  const result = build(d, ctx);
  const errors = result
    ? blockingProblems('lotr-sbg', result, ctx.pairing, ctx.event.settings, ctx.lang)
    : [ctx.t(d.picked === null ? 'lotr.desk.winnerMissing' : 'lotr.desk.kindMissing')];
  // the points are said above the sides (Kind), as the kind of victory is chosen
  return { result, winner: d.picked, inferred: null, errors, warnings: [], consequence: null };
}

/** The kind of victory, then the points it gives. */
function Kind({ event, pairing, draft, setDraft, t, lang }: ResultPartProps) {
  const vp = victoryPoints(draft);
  const name = (s: Side): string => nameOf(event, pairing[s]);
  return (
    <>
      {draft.picked !== null && draft.picked !== 'draw' && (
        <Choices
          label={t('lotr.desk.kind')}
          value={kindOf(draft)}
          options={[
            { value: 'total', label: t('lotr.desk.total') },
            { value: 'points', label: t('lotr.desk.points') },
          ]}
          onChange={(kind) => setDraft((d) => setValues(d, { kind }))}
        />
      )}
      {vp && (
        <p class="result-consequence" data-testid="lotr-points">
          {t('lotr.desk.pointsLine', { a: name('a'), pa: formatNumber(vp.points.a, lang), b: name('b'), pb: formatNumber(vp.points.b, lang) })}
        </p>
      )}
    </>
  );
}

function Tallies({ event, pairing, draft, setDraft, t, side: s }: ResultPartProps & { side: Side }) {
  const name = nameOf(event, pairing[s]);
  const stepper = (key: 'bodyCount' | 'kills', min?: number) => (
    <NumberStepper
      label={t(`lotr.desk.${key}`)}
      name={t('systems.form.fieldOf', { label: t(`lotr.desk.${key}`), name })}
      min={min}
      value={textOf(draft, `${s}.${key}`)}
      onChange={(v) => setDraft((d) => setValues(d, { [`${s}.${key}`]: v }))}
    />
  );
  return (
    <fieldset class="panel result-side">
      <legend>{name}</legend>
      {stepper('bodyCount', -9999)}
      {stepper('kills')}
    </fieldset>
  );
}

export const LOTR_DESK_RESULT: ResultParts = {
  start,
  check,
  context: ({ round, pairing, t }) => t('results.context', { round: round.number, table: pairing.table }),
  draw: () => 'lotr.desk.perfectDraw',
  Game: Kind,
  Side: Tallies,
  formClass: 'generic-result',
};
