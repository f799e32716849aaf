// « Bureau des résultats »: the organizer's tablet takes the tables' results as the players walk
// up with their phones. The camera stays on; every code it reads goes through accept-result's
// checks and a verified one is recorded at once, with a beep and the table's line, so a round's
// results cost the organizer no tap per table. A code the desk cannot take (unsigned, forged,
// for another round, already in) says why and records nothing. Typed codes are the fallback.
// Beside the camera: the round's tables, received and still playing; below, the tickets of the
// tables still playing, for their phones to scan from the desk (the printed sheet's slips), so a
// round costs the organizer no tap per table either way.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile, Pairing } from '../../domain/event-file';
import type { Action } from '../../domain/log';
import { useI18n } from '../../i18n';
import { getEventSecret } from '../../store/secrets';
import { saveErrorMessage } from '../errors';
import { useServices } from '../services';
import { resultSummary } from '../systems/shared/words';
import { intakeCode } from '../screens/table/accept-result';
import { Scanner, useCamera } from '../screens/table/Scanner';
import { signal } from '../screens/table/signal';
import { SlipList, useSlips } from '../screens/table/TicketSheet';
import { useIntakeFeed } from './use-intake-feed';
import { Form } from '../components/Form';

export interface ResultsDeskProps {
  event: EventFile;
  eventId: string;
  /** the round whose results the desk takes */
  round: number;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  onClose: () => void;
}

/**
 * The camera reads the QR a phone holds up several times a second, for as long as the player
 * holds it: a text already handled is not handled again for this long, so a result just
 * recorded is not then announced as « déjà enregistré » while the phone is still there.
 */
const HOLD_MS = 15_000;

const nameOf = (ev: EventFile, id: string): string => ev.players.find((p) => p.id === id)?.name ?? id;

type Note = { kind: 'ok' | 'info' | 'error'; lines: string[]; line?: string };

/**
 * What the desk does with a code, wherever it came from (camera, typed, the network's feed):
 * checked, recorded, and announced in `note`; the network's refusals only counted in `refused`.
 */
function useDeskIntake({ event, eventId, round, dispatch }: Pick<ResultsDeskProps, 'event' | 'eventId' | 'round' | 'dispatch'>) {
  const { t, lang } = useI18n();
  const { db, now } = useServices();
  const [code, setCode] = useState('');
  const [note, setNote] = useState<Note | null>(null);
  const busy = useRef(false);
  const seen = useRef(new Map<string, number>());
  const eventRef = useRef(event);
  eventRef.current = event;

  const tableLine = (ev: EventFile, p: Pairing): string => t('desk.line', { table: p.table, result: resultSummary(ev, p, (id) => nameOf(ev, id), t, lang) });

  const take = async (text: string, from: 'camera' | 'typed' | 'network'): Promise<void> => {
    const clean = text.trim();
    if (from === 'camera') {
      // the camera reads again in a moment: a frame met while a code is being checked is skipped
      if (busy.current) return;
    } else {
      // a typed or dropped code waits its turn: a tap on « Valider » is never lost
      while (busy.current) await new Promise((r) => setTimeout(r, 50));
    }
    if (from === 'camera') {
      const at = seen.current.get(clean);
      if (at !== undefined && now() - at < HOLD_MS) return;
      seen.current.set(clean, now());
    }
    busy.current = true;
    try {
      const intake = await intakeCode(eventRef.current, eventId, clean, t, lang, await getEventSecret(db, eventId), round);
      if (from === 'network') {
        // the network's codes are anyone's: a refused one is counted, not announced; a repeat is silent
        if (intake.kind === 'refused') return setRefused((n) => n + 1);
        if (intake.kind === 'duplicate') return;
      }
      if (intake.kind === 'refused') {
        signal('refused');
        return setNote({ kind: 'error', lines: intake.messages });
      }
      if (intake.kind === 'duplicate') return setNote({ kind: 'info', lines: [t('table.intake.duplicate', { table: intake.table, round: intake.round })] });
      const after = await dispatch({ type: 'result-recorded', round: intake.round, table: intake.table, result: intake.result });
      const pairing = after.rounds.find((r) => r.number === intake.round)?.pairings.find((p) => p.table === intake.table);
      signal('received');
      const head =
        from === 'network' ? t('desk.fromTable', { table: intake.table, round: intake.round }) : t('table.intake.recorded', { table: intake.table, round: intake.round });
      setNote({ kind: 'ok', lines: [head], ...(pairing && { line: tableLine(after, pairing) }) });
      if (from === 'typed') setCode('');
    } catch (err) {
      setNote({ kind: 'error', lines: [saveErrorMessage(err, t)] });
    } finally {
      busy.current = false;
    }
  };
  const [refused, setRefused] = useState(0);
  return { code, setCode, note, refused, take, tableLine };
}

export function ResultsDesk({ event, eventId, round, dispatch, onClose }: ResultsDeskProps) {
  const { t } = useI18n();
  const { code, setCode, note, refused, take, tableLine } = useDeskIntake({ event, eventId, round, dispatch });
  const camera = useCamera(true);
  const cameraButton = camera.button(t('table.scan.label'), t);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'start' }), []);
  const feed = useIntakeFeed(eventId, (code) => take(code, 'network'));

  const pairings = event.rounds.find((r) => r.number === round)?.pairings ?? [];
  const playing = pairings.filter((p) => !p.result);
  const slips = useSlips(
    event,
    eventId,
    round,
    playing.map((p) => p.table),
  );

  return (
    <section ref={panel} class="panel result-intake results-desk" aria-label={t('desk.title', { round })}>
      <div class="row">
        <h2>{t('desk.title', { round })}</h2>
        {cameraButton && (
          <button type="button" class="btn" onClick={cameraButton.action} aria-expanded={camera.scanning}>
            {cameraButton.label}
          </button>
        )}
        <button type="button" class="btn" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div class="desk-grid">
        <div class="desk-camera">
          <p class="muted">{t('desk.help')}</p>
          {feed.state === 'on' && (
            <p class={feed.error ? 'warning-text' : 'muted'} data-testid="desk-network">
              {t(feed.error ? 'desk.networkDown' : 'desk.network')}
              {refused > 0 && ` ${t('desk.networkRefused', { n: refused })}`}
            </p>
          )}
          {camera.scanning && <Scanner key={camera.attempt} onText={(s) => void take(s, 'camera')} onState={camera.onState} />}
          {note && <DeskNote note={note} />}
          <TypedCode code={code} setCode={setCode} onSubmit={() => void take(code, 'typed')} />
        </div>
        <DeskTables pairings={pairings} tableLine={(p) => tableLine(event, p)} nameOf={(id) => nameOf(event, id)} />
      </div>
      {Array.isArray(slips) && slips.length > 0 && (
        <details class="desk-tickets" open data-testid="desk-tickets">
          <summary>{t('desk.tickets', { n: slips.length })}</summary>
          <p class="muted">{t('desk.ticketsHelp')}</p>
          <SlipList slips={slips} />
        </details>
      )}
    </section>
  );
}

/** A code typed by hand, when the camera cannot read it. */
function TypedCode({ code, setCode, onSubmit }: { code: string; setCode: (code: string) => void; onSubmit: () => void }) {
  const { t } = useI18n();
  return (
    <Form class="form inline" onSubmit={() => onSubmit()}>
      <label>
        {t('table.intake.code')}
        <input
          type="text"
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
          class="code-input"
        />
      </label>
      <button type="submit" class="btn primary big">
        {t('table.intake.submit')}
      </button>
    </Form>
  );
}

/** The round's tables still playing, then the results in. */
function DeskTables({ pairings, tableLine, nameOf }: { pairings: Pairing[]; tableLine: (p: Pairing) => string; nameOf: (id: string) => string }) {
  const { t } = useI18n();
  const received = pairings.filter((p) => p.result);
  const playing = pairings.filter((p) => !p.result);
  return (
    <div class="desk-tables" data-testid="desk-tables">
      <h3>{t('desk.playing', { n: playing.length })}</h3>
      {playing.length === 0 ? (
        <p class="muted">{t('desk.allIn')}</p>
      ) : (
        <ul class="desk-list" data-testid="desk-playing">
          {playing.map((p) => (
            <li key={p.table} data-table={p.table}>
              {t('desk.playingLine', { table: p.table, a: nameOf(p.a), b: nameOf(p.b) })}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('desk.received', { n: received.length, of: pairings.length })}</h3>
      <ul class="desk-list done" data-testid="desk-received">
        {received.map((p) => (
          <li key={p.table} data-table={p.table}>
            {tableLine(p)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the last code did: recorded (with the table's line), a repeat, or why it was refused. */
function DeskNote({ note }: { note: Note }) {
  return (
    <>
      <div class={`intake-note ${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'} data-testid="intake-note">
        {note.lines.map((l, i) => (
          <p key={i}>{l}</p>
        ))}
      </div>
      {note.line && (
        <p class="desk-last" data-testid="desk-last">
          {note.line}
        </p>
      )}
    </>
  );
}
