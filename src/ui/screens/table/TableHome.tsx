// A table device's start: scan the organizer's ticket (or paste its text), and the games kept on
// this device. Scanning a ticket already here resumes its game: the ticket id is the game's key.
import { useEffect, useRef, useState } from 'preact/hooks';
import { decodeQrTicket, decodeResultCode, decodeShortTicket, decodeTicket, isShortTicketText, parseQrTicket, ticketId, type TableTicket } from '../../../domain/handoff';
import { useI18n } from '../../../i18n';
import { deleteTableGame, listTableGames, openTableGame, type TableGameRecord } from '../../../store/table-games';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { href, navigate } from '../../router';
import { useServices } from '../../services';
import { ToolLinks, ToolScreen, type ToolId } from '../../systems/shared/TableTools';
import { Scanner, useCamera } from './Scanner';
import { clockBehindBy } from './time-limit';
import { Form } from '../../components/Form';

function stateKey(g: TableGameRecord) {
  if (g.outcome?.delivered) return 'table.home.state.sent' as const;
  if (g.outcome) return 'table.home.state.result' as const;
  if (!g.setup) return 'table.home.state.setup' as const;
  return 'table.home.state.playing' as const;
}

/** A scanned or pasted ticket, or its short code typed by hand. */
async function readTicket(raw: string, at: number, t: ReturnType<typeof useI18n>['t']): Promise<{ ok: true; ticket: TableTicket } | { ok: false; message: string }> {
  // the QR ticket (the short code and the names, qr-ticket.ts) or the short code typed
  const qr = parseQrTicket(raw) !== null;
  if ((qr || isShortTicketText(raw)) && !/^WT\d+:/.test(raw.trim())) {
    try {
      const labels = {
        event: t('shortTicket.event'),
        player: (n: number) => t('shortTicket.player', { n }),
        list: (i: number) => t('shortTicket.list', { n: i + 1 }),
      };
      const short = qr ? (await decodeQrTicket(raw, at, labels))! : await decodeShortTicket(raw, at, labels);
      return short.ok ? short : { ok: false, message: t(`shortTicket.${short.reason}`) };
    } catch {
      return { ok: false, message: t('shortTicket.noCrypto') };
    }
  }
  const decoded = decodeTicket(raw);
  if (decoded.ok) return decoded;
  if (decodeResultCode(raw).ok) return { ok: false, message: t('table.ticket.isResult') };
  // something code-like (no JSON) of the wrong length: the short code's message helps more
  if (!/^WT\d+:/.test(raw.trim()) && /^[0-9a-z\s\-_.]+$/i.test(raw.trim())) return { ok: false, message: t('shortTicket.length') };
  return { ok: false, message: t(`table.ticket.${decoded.reason}`) };
}

export function TableHome() {
  const { t } = useI18n();
  const { db, now } = useServices();
  const [games, setGames] = useState<TableGameRecord[] | null>(null);
  const camera = useCamera(false);
  const cameraButton = camera.button(t('table.home.scan'), t);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TableGameRecord | null>(null);
  const [tool, setTool] = useState<ToolId | null>(null);
  const busy = useRef(false);

  const refresh = (): void => void listTableGames(db).then(setGames);
  useEffect(refresh, [db]);

  const open = async (raw: string): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    try {
      const decoded = await readTicket(raw, now(), t);
      if (!decoded.ok) return setError(decoded.message);
      const id = ticketId(decoded.ticket);
      const at = now();
      await openTableGame(db, id, decoded.ticket, 'ticket', at, clockBehindBy(decoded.ticket, at));
      camera.stop();
      navigate({ name: 'table-game', id });
    } finally {
      busy.current = false;
    }
  };

  if (tool) return <ToolScreen tool={tool} onClose={() => setTool(null)} />;

  return (
    <main class="screen table-home">
      <h1>{t('table.home.title')}</h1>
      <p class="muted">{t('shortTicket.intro')}</p>
      {cameraButton && (
        <div class="row">
          <button type="button" class="btn primary big" onClick={cameraButton.action} aria-expanded={camera.scanning}>
            {cameraButton.label}
          </button>
        </div>
      )}
      {camera.scanning && <Scanner key={camera.attempt} onText={(s) => void open(s)} onState={camera.onState} />}
      <Form class="form" onSubmit={() => void open(text)}>
        <label>
          {t('shortTicket.field')}
          <textarea
            rows={3}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            spellcheck={false}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
            data-testid="ticket-entry"
          />
        </label>
        <div class="row">
          <button type="submit" class="btn big" disabled={text.trim() === ''}>
            {t('table.home.open')}
          </button>
        </div>
      </Form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <h2>{t('table.home.games')}</h2>
      {games !== null && games.length === 0 && <p class="empty">{t('table.home.none')}</p>}
      <GameCards games={games ?? []} onDelete={setDeleting} />
      <ToolLinks onOpen={setTool} />
      {deleting && (
        <ConfirmDialog
          message={t('table.home.deleteConfirm', { table: deleting.ticket.table })}
          confirmLabel={t('table.home.delete')}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.id;
            setDeleting(null);
            void deleteTableGame(db, id).then(refresh);
          }}
        />
      )}
    </main>
  );
}

/** The games kept on this device, each opened where it belongs (the organizer's table or a ticket's game). */
function GameCards({ games, onDelete }: { games: TableGameRecord[]; onDelete: (game: TableGameRecord) => void }) {
  const { t } = useI18n();
  return (
    <ul class="cards">
      {games.map((g) => (
        <li key={g.id} class="card">
          <a
            class="card-main"
            href={
              g.origin === 'organizer' ? href({ name: 'event-table', id: g.ticket.eventId, round: g.ticket.round, table: g.ticket.table }) : href({ name: 'table-game', id: g.id })
            }
          >
            <strong class="card-title">{t('table.home.vs', { a: g.ticket.a.name, b: g.ticket.b.name })}</strong>
            <span class="muted">{t('table.home.gameLine', { event: g.ticket.eventName, round: g.ticket.round, table: g.ticket.table })}</span>
            <span>{t(stateKey(g))}</span>
          </a>
          <div class="card-actions">
            <button type="button" class="btn danger" onClick={() => onDelete(g)}>
              {t('table.home.delete')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
