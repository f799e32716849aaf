// The Confrontation challenge set up once, at the table's start: the challenge die (rolled by the
// app or thrown at the table) gives the objective row and the time-limit row, and the players
// read that row's minutes in the booklet. A ticket that already carries the table's limit (the
// organizer noted its row on the tablet) asks nothing: it is shown. At the end the challenge
// wizard starts from this roll instead of asking it again.
import { useState } from 'preact/hooks';
import type { ChallengeRoll } from '../../../domain/confrontation';
import type { GameResult } from '../../../domain/event-file';
import { ticketEvent, type TableTicket } from '../../../domain/handoff';
import { useI18n } from '../../../i18n';
import type { ChallengeHands, TableGameRecord, TableSetup } from '../../../store/table-games';
import { ChallengeRollButtons, RackhamChallengeWizard } from './RackhamChallengeWizard';
import { diceText, useSeed, wholeNumber } from '../shared/wizard-parts';

export type ChallengeSetupValue = NonNullable<TableSetup['challenge']>;

/** The stakes, once the challenge's rows are known: the challenge wizard's hands step. */
function ChallengeStakes({
  ticket,
  rolls,
  at,
  rollSeed,
  onHands,
}: {
  ticket: TableTicket;
  rolls: readonly number[];
  at: boolean;
  rollSeed?: number;
  onHands: (hands: ChallengeHands | null) => void;
}) {
  const { event, round, pairing } = ticketEvent(ticket);
  const side = { cp: 0, apd: 0, listIndex: null };
  const initial: GameResult = {
    winner: null,
    how: null,
    objective: rolls[rolls.length - 1]!,
    dice: { ...(rollSeed !== undefined && { seed: rollSeed }), challenge: [...rolls], challengeAtTable: at, rollOff: null },
    a: side,
    b: side,
  };
  return (
    <RackhamChallengeWizard
      key={rolls.join(',')}
      event={event}
      round={round}
      pairing={pairing}
      initial={initial}
      rollKnown
      atTable
      onHands={onHands}
      onSubmit={async () => undefined}
      onCancel={() => undefined}
    />
  );
}

/** The booklet's minutes for the row, 1 to 600. */
function MinutesField({ minutes, onInput }: { minutes: string; onInput: (minutes: string) => void }) {
  const { t } = useI18n();
  const n = wholeNumber(minutes);
  const bad = minutes.trim() !== '' && (n === null || n < 1 || n > 600);
  return (
    <>
      <label class="field">
        <span>{t('table.challenge.minutes')}</span>
        <input type="number" inputMode="numeric" min={1} max={600} value={minutes} aria-invalid={bad ? 'true' : undefined} onInput={(e) => onInput(e.currentTarget.value)} />
      </label>
      {bad && (
        <p class="error" role="alert">
          {t('clock.plain.bad', { value: minutes })}
        </p>
      )}
    </>
  );
}

/** The setup's part: reports a complete set-up (roll and minutes) or null while incomplete. */
export function ChallengeSetup({
  ticket,
  onChange,
  onHands,
}: {
  ticket: TableTicket;
  onChange: (value: ChallengeSetupValue | null) => void;
  /** the hands and stakes revealed before the game (null until then) */
  onHands: (hands: ChallengeHands | null) => void;
}) {
  const { t } = useI18n();
  const seed = useSeed();
  const [roll, setRoll] = useState<ChallengeRoll | null>(null);
  const [atTable, setAtTable] = useState(false);
  const [minutes, setMinutes] = useState('');
  const limit = ticket.timeLimit;
  if (limit)
    return (
      <>
        <p class="setup-timing" data-testid="challenge-limit">
          {limit.row !== undefined
            ? t('table.challenge.fromTicketRow', { row: limit.row, objective: 6 - limit.row, minutes: limit.minutes })
            : t('table.limit.line', { minutes: limit.minutes })}
        </p>
        {limit.row !== undefined && <ChallengeStakes ticket={ticket} rolls={[6 - limit.row]} at onHands={onHands} />}
      </>
    );
  const report = (r: ChallengeRoll | null, at: boolean, m: string): void => {
    const n = wholeNumber(m);
    onChange(r && n !== null && n >= 1 && n <= 600 ? { rolls: r.rolls, seed, atTable: at, minutes: n } : null);
  };
  return (
    <div class="panel challenge-setup" data-testid="challenge-setup">
      <h2>{t('challenge.step.roll')}</h2>
      {!(roll && !atTable) && (
        <ChallengeRollButtons
          seed={seed}
          roll={roll}
          atTable={atTable}
          onRoll={(r, at) => {
            setRoll(r);
            setAtTable(at);
            onHands(null);
            report(r, at, minutes);
          }}
        />
      )}
      {roll && (
        <div class="tools-result" data-testid="challenge-roll">
          <p class="tools-line">{t('challenge.roll.dice', { dice: diceText(roll.rolls) })}</p>
          <p class="tools-big">{t('challenge.roll.objective', { row: roll.objective })}</p>
          <p class="tools-big">{t('challenge.roll.time', { row: roll.timeLimitRow, objective: roll.objective })}</p>
        </div>
      )}
      <MinutesField
        minutes={minutes}
        onInput={(m) => {
          setMinutes(m);
          report(roll, atTable, m);
        }}
      />
      {roll && <ChallengeStakes ticket={ticket} rolls={roll.rolls} at={atTable} rollSeed={atTable ? undefined : seed} onHands={onHands} />}
    </div>
  );
}

/**
 * What the end-of-game wizard starts from: the roll made at the start (here, or the organizer's
 * row carried by the ticket), so it is not asked again. Undefined when the table set nothing up.
 */
export function challengeStart(record: TableGameRecord): GameResult | undefined {
  const side = { cp: 0, apd: 0, listIndex: null };
  const set = record.setup?.challenge;
  const row = record.ticket.timeLimit?.row;
  const dice = set
    ? { seed: set.seed, challenge: set.rolls, challengeAtTable: set.atTable, rollOff: null }
    : row !== undefined
      ? { challenge: [6 - row], challengeAtTable: true, rollOff: null }
      : null;
  if (!dice) return undefined;
  const objective = dice.challenge[dice.challenge.length - 1]!;
  return { winner: null, how: null, objective, dice, a: { ...side, listIndex: record.setup?.lists.a ?? null }, b: { ...side, listIndex: record.setup?.lists.b ?? null } };
}
