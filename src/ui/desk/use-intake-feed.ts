// The results desk's network side (issue 20): while the desk is open on an event synced through a
// server, the codes table devices dropped in the event's intake (src/sync/intake.ts) are read
// every few seconds and handed to the desk, which checks each one with its table's key exactly
// as a scanned code. Without a server configured nothing is read and the desk works as offline.
import { useEffect, useRef, useState } from 'preact/hooks';
import { getSyncConfig } from '../../store/sync-config';
import type { SelfRegistration } from '../../domain/registration/self-registration';
import { ensureIntake, intakeAddress, readIntake } from '../../sync/intake';
import { useServices } from '../services';

export type IntakeFeed = { state: 'off' } | { state: 'on'; error: boolean };

/** What else a screen takes from the intake: tables' clock states (« La salle »), players' own registrations. */
export interface IntakeHandlers {
  clocks?: (codes: string[]) => Promise<void>;
  registrations?: (regs: SelfRegistration[]) => Promise<void>;
}

/** `onCode` is awaited for each code, in the order the server gave them; `more` gets each batch's other documents. */
export function useIntakeFeed(eventId: string, onCode: (code: string) => Promise<void>, everyMs = 2000, more: IntakeHandlers = {}): IntakeFeed {
  const { db } = useServices();
  const [feed, setFeed] = useState<IntakeFeed>({ state: 'off' });
  const handler = useRef(onCode);
  handler.current = onCode;
  const others = useRef(more);
  others.current = more;
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the event's sync settings are read again each time: a screen open when sync is turned on
    // (or off, or moved to another server) follows without being reopened
    let current: { address: string; since: string } | null = null;
    const loop = async (): Promise<void> => {
      const cfg = await getSyncConfig(db, eventId).catch(() => null);
      if (!alive) return;
      if (!cfg) {
        current = null;
        setFeed({ state: 'off' });
      } else {
        const address = intakeAddress(cfg.url, cfg.db);
        const auth = { user: cfg.user, password: cfg.password };
        if (current?.address !== address) {
          // read from the start each time the screen opens: a code already recorded is a silent repeat
          current = { address, since: '0' };
          // on the hub this creates the intake and its rules; on CouchDB an admin did (README), and
          // an organizer's login may not: refused, and nothing else changes
          void ensureIntake(address, auth).catch(() => undefined);
        }
        const reading = current;
        try {
          const batch = await readIntake(address, reading.since, auth);
          for (const code of batch.codes) {
            if (!alive) return;
            await handler.current(code);
          }
          if (alive && batch.clocks.length) await others.current.clocks?.(batch.clocks);
          if (alive && batch.registrations.length) await others.current.registrations?.(batch.registrations);
          reading.since = batch.last;
          if (alive) setFeed({ state: 'on', error: false });
          // a round's clock states pile up (a table every 10 s): a screen opened late reads on at once
          if (batch.more && alive) {
            timer = setTimeout(() => void loop(), 0);
            return;
          }
        } catch {
          // no network, or no intake on the server yet: the camera and typed codes still work
          if (alive) setFeed({ state: 'on', error: true });
        }
      }
      if (alive) timer = setTimeout(() => void loop(), everyMs);
    };
    void loop();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [db, eventId, everyMs]);
  return feed;
}
