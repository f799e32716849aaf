// The Confrontation 200-PA challenge's parts of table mode: the challenge set up at the start
// (its roll and limit, then the hands and stakes), a turn counter without limits, and the
// challenge wizard at the end starting from that roll. Rackham's 500-point games and CDR play
// the plain table (../shared/plain-table.tsx).
import { useEffect, useState } from 'preact/hooks';
import { ticketEvent, type TableTicket } from '../../../domain/handoff';
import type { ChallengeHands } from '../../../store/table-games';
import type { SetupPartProps, TableParts, TableResultProps } from '../shared/table-parts';
import { ChallengeSetup, challengeStart, type ChallengeSetupValue } from './ChallengeSetup';
import { RackhamChallengeWizard } from './RackhamChallengeWizard';

/** a ticket without the organizer's noted limit sets its challenge up here, once */
const needsChallenge = (ticket: TableTicket): boolean => ticket.timeLimit === undefined;
/** the hands and stakes are revealed before the game (a ticket without the row: after the roll) */
const needsHands = (ticket: TableTicket): boolean => ticket.timeLimit === undefined || ticket.timeLimit.row !== undefined;

function ChallengeSetupStep({ record, onChange }: SetupPartProps) {
  const { ticket } = record;
  const [challenge, setChallenge] = useState<ChallengeSetupValue | null>(null);
  const [hands, setHands] = useState<ChallengeHands | null>(null);
  const missing = (needsChallenge(ticket) && challenge === null) || (needsHands(ticket) && hands === null);
  useEffect(() => {
    onChange(missing ? null : { ...(needsChallenge(ticket) && challenge && { challenge }), ...(needsHands(ticket) && hands && { hands }) });
  }, [challenge, hands]);
  return <ChallengeSetup ticket={ticket} onChange={setChallenge} onHands={setHands} />;
}

function ChallengeResult({ record, onSubmit, onCancel }: TableResultProps) {
  const { event, round, pairing } = ticketEvent(record.ticket);
  // what the table set up at its start (the roll) is not asked again; its hands and stakes
  // revealed then leave the stages only
  const initial = challengeStart(record);
  const hands = initial ? record.setup?.hands : undefined;
  return (
    <main class="screen table-result">
      <RackhamChallengeWizard
        event={event}
        round={round}
        pairing={pairing}
        initial={initial}
        rollKnown={initial !== undefined}
        hands={hands}
        atTable
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </main>
  );
}

export const CHALLENGE_TABLE: TableParts = {
  setup: { Part: ChallengeSetupStep, waits: (ticket) => needsChallenge(ticket) || needsHands(ticket), asksFirst: true, choosesLists: false },
  Result: ChallengeResult,
  clock: { kind: 'turns', timed: false, clockEnds: false },
};
