// A second organizer's device: it puts its public keys on the event's server and shows their
// code; an organizer device (PIN unlocked) admits it by typing that code. Only then does the
// event key reach this device (sealed for it), and the event comes from the server. Knowing the
// server's address and database alone (a player holding the public QR) gives nothing.
import { useEffect, useState } from 'preact/hooks';

import { useI18n } from '../../i18n';
import { useSyncT } from '../../i18n/messages/sync';
import type { SyncConfig } from '../../sync/couch';
import { navigate } from '../router';
import { QrCode } from '../screens/table/QrCode';
import { useServices } from '../services';
import { receivingText, SyncForm, syncErrorText } from './SyncPanel';

const POLL_MS = 3_000;

export function JoinEvent() {
  const st = useSyncT();
  const { db, deviceId } = useServices();
  const { lang } = useI18n();
  const [problem, setProblem] = useState('');
  const [waiting, setWaiting] = useState<{ cfg: SyncConfig; code: string } | null>(null);

  const [receiving, setReceiving] = useState<{ done: number; total: number | null } | null>(null);
  const say = async (err: unknown): Promise<void> => {
    const { SyncError } = await import('../../sync/couch');
    setProblem(err instanceof SyncError ? st('sync.error', { what: syncErrorText(st, err.code) }) : String(err));
  };

  const join = async (cfg: SyncConfig | null): Promise<void> => {
    if (!cfg) return;
    setProblem('');
    try {
      const { requestJoin } = await import('../../sync/join');
      const { code } = await requestJoin(db, deviceId, cfg);
      setWaiting({ cfg, code });
    } catch (err) {
      await say(err);
    }
  };

  useEffect(() => {
    if (!waiting) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (): Promise<void> => {
      try {
        const { checkAdmission } = await import('../../sync/join');
        const eventId = await checkAdmission(db, deviceId, waiting.cfg, (done, total) => alive && setReceiving({ done, total })).finally(() => alive && setReceiving(null));
        if (!alive) return;
        if (eventId) return navigate({ name: 'event', id: eventId, tab: 'players' });
        setProblem('');
      } catch (err) {
        if (alive) await say(err);
      }
      // timers from timestamps elsewhere; here a retry cadence, not a clock the user reads
      if (alive) timer = setTimeout(() => void check(), POLL_MS);
    };
    void check();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [waiting, db, deviceId]);

  return (
    <main class="screen">
      <h1>{st('sync.join')}</h1>
      {receiving && (
        <p role="status" data-testid="join-progress">
          {receivingText(st, lang, receiving)}
        </p>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {waiting ? (
        <section class="panel join-waiting" aria-labelledby="join-code-title" data-testid="join-waiting">
          <h2 id="join-code-title">{st('trust.myCode')}</h2>
          {/* the code alone, in the QR alphanumeric mode: the smallest QR, read at arm's length */}
          <QrCode text={waiting.code} label={st('trust.codeQr')} testId="join-qr" ecc="auto" />
          <p class="join-code" data-testid="join-code">
            {waiting.code}
          </p>
          <p role="status">{st('trust.waiting')}</p>
          <button type="button" class="btn big" onClick={() => navigate({ name: 'home' })}>
            {st('sync.cancel')}
          </button>
        </section>
      ) : (
        <>
          <p class="muted">{st('sync.joinHelp')}</p>
          <SyncForm initial={null} onSave={join} onCancel={() => navigate({ name: 'home' })} submitLabel={st('sync.joinAction')} />
        </>
      )}
    </main>
  );
}
