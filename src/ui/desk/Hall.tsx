// « La salle » (issue 20): every table's clock on one screen, for the organizer's tablet or the
// projector. The table devices send their signed clock states through the event's intake
// (hall-push.ts); the clocks running on this tablet are read from its own store. Each state is
// checked with its table's key (a forged one is refused and counted), the newest one per table
// kept, and the time left counted from when the state was taken. Tables that need the
// organizer come first: time out, then dice down, then a dispute, then the clocks running. No system is named
// here: what each clock sends is its own kind's business.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile } from '../../domain/event-file';
import { checkHallState, hallLeftAt, hallUrgency, openSealedInstant, ticketId, type HallState } from '../../domain/handoff';
import { useI18n } from '../../i18n';
import { getEventSecret } from '../../store/secrets';
import { listTableGames } from '../../store/table-games';
import { useServices } from '../services';
import { formatDuration, useNow } from '../use-now';
import { hallStateOf } from '../screens/table/hall-push';
import { useIntakeFeed } from './use-intake-feed';

export interface HallProps {
  event: EventFile;
  eventId: string;
  round: number;
  onClose: () => void;
}

/** The clocks running on this tablet are read again this often. */
const LOCAL_MS = 2_000;

export function Hall({ event, eventId, round, onClose }: HallProps) {
  const { t } = useI18n();
  const { db, now } = useServices();
  const at = useNow(now, 1_000);
  const [states, setStates] = useState<Map<number, HallState>>(new Map());
  const [refused, setRefused] = useState(0);
  const secret = useRef<Promise<string | null> | null>(null);
  secret.current ??= getEventSecret(db, eventId);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'start' }), []);

  const keep = (incoming: HallState[]): void =>
    setStates((before) => {
      const next = new Map(before);
      for (const s of incoming) {
        if (s.round !== round) continue;
        const had = next.get(s.table);
        if (!had || had.at <= s.at) next.set(s.table, s);
      }
      return next;
    });

  const feed = useIntakeFeed(eventId, async () => undefined, 2_000, {
    clocks: async (codes) => {
      const key = await secret.current;
      if (!key) return setRefused((n) => n + codes.length);
      const ok: HallState[] = [];
      let bad = 0;
      for (const code of codes) {
        const r = await checkHallState(code, eventId, key);
        if (r.ok && pairings.some((p) => p.table === r.state.table)) ok.push(r.state);
        else bad++;
      }
      keep(ok);
      if (bad) setRefused((n) => n + bad);
    },
  });

  // the clocks on this tablet: the dice-down instant is opened in memory, only its passing shown
  useEffect(() => {
    let alive = true;
    const seals = new Map<string, number | null>();
    const read = async (): Promise<void> => {
      const games = (await listTableGames(db)).filter((g) => g.ticket.eventId === eventId && g.ticket.round === round);
      const mine: HallState[] = [];
      for (const g of games) {
        const id = ticketId(g.ticket);
        if (!seals.has(id)) seals.set(id, g.ticket.sealedEnd ? await openSealedInstant(g.ticket.sealedEnd, id, g.ticket.sealKey).catch(() => null) : null);
        mine.push(hallStateOf(g, seals.get(id) ?? null, now()));
      }
      if (alive) keep(mine);
    };
    void read();
    const timer = setInterval(() => void read(), LOCAL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [db, eventId, round]);

  const pairings = event.rounds.find((r) => r.number === round)?.pairings ?? [];
  const nameOf = (id: string): string => event.players.find((p) => p.id === id)?.name ?? id;
  const rows = pairings
    .map((p) => {
      const state = states.get(p.table) ?? null;
      const resultIn = !!p.result || !!state?.resultIn;
      return { p, state, resultIn, urgency: resultIn ? 6 : state ? hallUrgency(state) : 4.5 };
    })
    .sort((x, y) => x.urgency - y.urgency || x.p.table - y.p.table);

  return (
    <section ref={panel} class="panel hall" aria-label={t('salle.title', { round })}>
      <div class="row">
        <h2>{t('salle.title', { round })}</h2>
        <button type="button" class="btn" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p class={feed.state === 'on' && feed.error ? 'warning-text' : 'muted'} data-testid="hall-network">
        {t(feed.state === 'off' ? 'salle.local' : feed.error ? 'salle.networkDown' : 'salle.network')}
        {refused > 0 && ` ${t('salle.refused', { n: refused })}`}
      </p>
      <ul class="hall-grid" data-testid="hall">
        {rows.map(({ p, state, resultIn }) => (
          <HallTable key={p.table} p={p} state={state} resultIn={resultIn} at={at} nameOf={nameOf} />
        ))}
      </ul>
    </section>
  );
}

/** One table's card: its clock as last heard, who is to act, and what needs the organizer. */
function HallTable({
  p,
  state,
  resultIn,
  at,
  nameOf,
}: {
  p: EventFile['rounds'][number]['pairings'][number];
  state: HallState | null;
  resultIn: boolean;
  at: number;
  nameOf: (id: string) => string;
}) {
  const { t } = useI18n();
  const left = state ? hallLeftAt(state, at) : null;
  const toAct = state?.active ? nameOf(state.active === 'a' ? p.a : p.b) : null;
  const flags = [state?.timeOut && t('salle.timeOut'), state?.diceDown && t('salle.diceDown'), state?.dispute && t('salle.dispute'), resultIn && t('salle.resultIn')].filter(
    (x): x is string => !!x,
  );
  return (
    <li class={`hall-table${state?.timeOut ? ' alarm' : state?.diceDown || state?.dispute ? ' warn' : resultIn ? ' done' : ''}`} data-table={p.table} data-testid="hall-table">
      <p class="hall-head">
        {t('salle.table', { table: p.table })}
        {state && state.turn > 0 && (
          <span class="hall-turn" data-testid="hall-turn">
            {' '}
            · {t('salle.turn', { turn: state.turn })}
          </span>
        )}
      </p>
      <p class="hall-names">
        {nameOf(p.a)} – {nameOf(p.b)}
      </p>
      {!state ? (
        <p class="muted">{t(resultIn ? 'salle.resultIn' : 'salle.noNews')}</p>
      ) : (
        <>
          {left !== null && (
            <p class="hall-time" data-testid="hall-time">
              {left < 0 ? `−${formatDuration(-left)}` : formatDuration(left)}
              {state.phase === 'paused' && ` (${t('salle.paused')})`}
            </p>
          )}
          {state.phase === 'waiting' && <p class="muted">{t('salle.waiting')}</p>}
          {toAct && state.phase !== 'over' && <p data-testid="hall-to-act">{t('salle.toAct', { name: toAct })}</p>}
          {state.cp && <p>{t('salle.cp', { a: state.cp.a, b: state.cp.b })}</p>}
          {(state.extensionUsed.a || state.extensionUsed.b) && (
            <p>
              {t('salle.extension', {
                names: [state.extensionUsed.a && nameOf(p.a), state.extensionUsed.b && nameOf(p.b)].filter(Boolean).join(', '),
              })}
            </p>
          )}
        </>
      )}
      {flags.length > 0 && state && (
        <p class="hall-flags" data-testid="hall-flags">
          {flags.join(' · ')}
        </p>
      )}
    </li>
  );
}
