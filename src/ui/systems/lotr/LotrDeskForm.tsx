// Lord of the Rings at the organizer's desk: a result typed from the players' sheet. The points
// follow from the winner and the kind of victory (3-0 total, 2-1 on points, 1.5-1.5 a perfect
// draw), so the desk asks those and only the numbers nothing derives: each side's body count and
// kills, the standings' tiebreaks. A correction keeps the fields it does not show (camp, the tie
// chain's tallies, the ending) unless the victory they describe changed.
import { useState } from 'preact/hooks';
import type { GameResult, SideResult } from '../../../domain/event-file';
import { pointsFor, victoryOf, type LotrVictory } from '../../../domain/lotr';
import { useI18n } from '../../../i18n';
import { parseNumber } from '../../screens/event/results/result-draft';
import { Choices, ErrorList, NumberStepper, ResultHead, SaveRow, useSave } from '../../screens/event/results/parts';
import type { ResultFormProps } from '../../screens/event/results/ResultForm';
import { formatNumber } from '../shared/model';
import { nameOf } from '../../screens/event/results/result-draft';
import { blockingProblems, SIDES, type Side } from '../shared/wizard-parts';

type Winner = Side | 'draw';
type Kind = Exclude<LotrVictory, 'draw'>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (num(v) === null ? '' : String(v));

/** The winner and kind of victory a saved result's points say, when they say one. */
function readInitial(initial: GameResult | undefined): { winner: Winner | null; kind: Kind | null } {
  const pa = num(initial?.a.points);
  const pb = num(initial?.b.points);
  const v = pa === null || pb === null ? null : victoryOf(pa, pb);
  if (!v) return { winner: null, kind: null };
  return v.victory === 'draw' ? { winner: 'draw', kind: null } : { winner: v.winner!, kind: v.victory };
}

export function LotrDeskForm({ event, round, pairing, initial, atTable, onSubmit, onCancel }: ResultFormProps) {
  const { t, lang } = useI18n();
  const name = (s: Side): string => nameOf(event, pairing[s]);
  const start = readInitial(initial);
  const [winner, setWinner] = useState<Winner | null>(start.winner);
  const [kind, setKind] = useState<Kind | null>(start.kind);
  const [values, setValues] = useState<Record<string, string>>(() => ({
    'a.bodyCount': text(initial?.a.bodyCount),
    'b.bodyCount': text(initial?.b.bodyCount),
    'a.kills': text(initial?.a.kills),
    'b.kills': text(initial?.b.kills),
  }));
  const [errors, setErrors] = useState<string[]>([]);
  const { saving, error: saveError, save } = useSave(onSubmit);

  const victory: LotrVictory | null = winner === 'draw' ? 'draw' : winner === null ? null : kind;
  const points = victory === null ? null : pointsFor(victory, winner === 'draw' ? null : winner);

  const build = (): GameResult | null => {
    if (points === null || victory === null) return null;
    const kept = readInitial(initial);
    // the tallies and ending of another kind of victory would contradict the new points
    const sameVictory = kept.winner === winner && kept.kind === kind;
    const side = (s: Side): SideResult => {
      const base: SideResult = sameVictory && initial ? { ...initial[s] } : { cp: 0, apd: 0, listIndex: initial?.[s].listIndex ?? null, ...(initial?.[s].camp !== undefined && { camp: initial[s].camp }) };
      const number = (key: string): number | undefined => parseNumber(values[`${s}.${key}`] ?? '') ?? undefined;
      return { ...base, cp: num(base.cp) ?? 0, apd: num(base.apd) ?? 0, points: points[s], bodyCount: number('bodyCount'), kills: number('kills') };
    };
    const { ending: _ending, ...rest } = initial ?? ({} as Partial<GameResult>);
    return {
      ...(sameVictory ? initial : rest),
      winner: winner === 'draw' || winner === null ? null : pairing[winner],
      // as the table's wizard saves it: a victory condition is 'scenario', the tie chain 'tiebreak'
      how: victory === 'total' ? 'scenario' : 'tiebreak',
      a: side('a'),
      b: side('b'),
    } as GameResult;
  };

  const submit = (e: Event): void => {
    e.preventDefault();
    const result = build();
    if (!result) return setErrors([t(winner === null ? 'lotr.desk.winnerMissing' : 'lotr.desk.kindMissing')]);
    const problems = blockingProblems('lotr-sbg', result, pairing, event.settings, lang);
    if (problems.length > 0) return setErrors(problems);
    setErrors([]);
    void save(result);
  };

  return (
    <form class="form result-form generic-result" onSubmit={submit} noValidate data-system={event.system}>
      <ResultHead correcting={Boolean(initial)} atTable={atTable} context={t('results.context', { round: round.number, table: pairing.table })} />
      <Choices
        label={t('results.winner')}
        value={winner}
        options={[
          { value: 'a', label: name('a') },
          { value: 'draw', label: t('lotr.desk.perfectDraw') },
          { value: 'b', label: name('b') },
        ]}
        onChange={setWinner}
      />
      {winner !== null && winner !== 'draw' && (
        <Choices
          label={t('lotr.desk.kind')}
          value={kind}
          options={[
            { value: 'total', label: t('lotr.desk.total') },
            { value: 'points', label: t('lotr.desk.points') },
          ]}
          onChange={setKind}
        />
      )}
      {points && (
        <p class="result-consequence" data-testid="lotr-points">
          {t('lotr.desk.pointsLine', { a: name('a'), pa: formatNumber(points.a, lang), b: name('b'), pb: formatNumber(points.b, lang) })}
        </p>
      )}
      <div class="result-sides">
        {SIDES.map((s) => (
          <fieldset class="panel result-side" key={s}>
            <legend>{name(s)}</legend>
            <NumberStepper label={t('lotr.desk.bodyCount')} name={t('systems.form.fieldOf', { label: t('lotr.desk.bodyCount'), name: name(s) })} min={-9999} value={values[`${s}.bodyCount`]!} onChange={(v) => setValues({ ...values, [`${s}.bodyCount`]: v })} />
            <NumberStepper label={t('lotr.desk.kills')} name={t('systems.form.fieldOf', { label: t('lotr.desk.kills'), name: name(s) })} value={values[`${s}.kills`]!} onChange={(v) => setValues({ ...values, [`${s}.kills`]: v })} />
          </fieldset>
        ))}
      </div>
      <ErrorList errors={errors} title="results.errorsTitle" />
      <SaveRow saving={saving} saveError={saveError}>
        <button type="button" class="btn big" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
      </SaveRow>
    </form>
  );
}
