// The routes of table mode: a table device's game (from a ticket) and the organizer's tablet
// used as the clock of one of its own tables. Its result goes straight into the event only while
// the organizer mode is open (no PIN, or unlocked); on a locked tablet anyone could reach this
// route and tap both « confirme », so the result then leaves as a signed code, like any table's,
// for the organizer to take in the results desk behind the PIN.
import { useEffect, useState } from 'preact/hooks';
import { ticketId } from '../../../domain/handoff';
import { useI18n } from '../../../i18n';
import { getTableGame, openTableGame, type TableGameRecord } from '../../../store/table-games';
import { getPin } from '../../../store/pin';
import { eventSecret } from '../../../store/secrets';
import { saveErrorMessage } from '../../errors';
import { isUnlocked } from '../../pin-session';
import { href } from '../../router';
import { useServices } from '../../services';
import { useEvent } from '../../use-event';
import { checkIncomingResult } from './accept-result';
import type { RecordResult } from './EndOfGame';
import { TableGameView } from './TableGame';
import { issueTicket } from './ticket-for';
import { useTableGame } from './use-table-game';

export { TableHome } from './TableHome';

function Game({ id, initial, exitHref, onRecord }: { id: string; initial?: TableGameRecord; exitHref: string; onRecord?: RecordResult }) {
  const handle = useTableGame(id, initial);
  return <TableGameView handle={handle} exitHref={exitHref} onRecord={onRecord} />;
}

export function TableGameScreen({ id }: { id: string }) {
  return <Game id={id} exitHref={href({ name: 'table-home' })} />;
}

export function OrganizerTable({ id, round, table }: { id: string; round: number; table: number }) {
  const { t, lang } = useI18n();
  const { db, now } = useServices();
  const { state, missing, dispatch } = useEvent(id);
  const [game, setGame] = useState<TableGameRecord | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const exitHref = href({ name: 'event', id, tab: 'rounds' });
  const gameId = ticketId({ eventId: id, round, table });
  const loaded = state !== null;

  useEffect(() => {
    if (!loaded || game) return;
    let alive = true;
    void (async () => {
      try {
        const existing = await getTableGame(db, gameId);
        if (existing) return alive && setGame(existing);
        // with this table's key, so a result handed over as a code is signed like any table's
        const issued = await issueTicket(state.event, id, round, table, await eventSecret(db, id));
        if (!issued) return alive && setProblem(t('table.ticketDialog.notStarted'));
        const { record } = await openTableGame(db, gameId, issued.ticket, 'organizer', now());
        if (alive) setGame(record);
      } catch (err) {
        if (alive) setProblem(saveErrorMessage(err, t));
      }
    })();
    return () => {
      alive = false;
    };
  }, [loaded, gameId]);

  const onRecord: RecordResult = async (result) => {
    if (!state) return [t('app.loading')];
    // decided at the moment of recording: the tablet may have been locked since the game began
    if ((await getPin(db, id)) !== null && !isUnlocked(id)) return 'as-code';
    const ticket = game?.ticket;
    const intake = checkIncomingResult(state.event, round, table, result, t, lang, ticket && { a: ticket.a.id, b: ticket.b.id });
    if (intake.kind === 'refused') return intake.messages;
    if (intake.kind === 'record') await dispatch({ type: 'result-recorded', round, table, result });
    return null;
  };

  if (missing || problem)
    return (
      <main class="screen">
        <h1>{t('table.home.title')}</h1>
        <p class="error" role="alert">
          {missing ? t('event.notFound') : problem}
        </p>
        <a class="btn" href={exitHref}>
          {t('nav.back')}
        </a>
      </main>
    );
  if (!game) return <main class="screen">{t('app.loading')}</main>;
  return <Game id={gameId} initial={game} exitHref={exitHref} onRecord={onRecord} />;
}
