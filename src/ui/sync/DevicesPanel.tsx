// What the sync's trust rules did, in words, on every organizer tab: documents refused and why
// (« 3 entrées refusées : appareil non admis »), entries waiting for an earlier one, forks. With
// the PIN unlocked: the event's devices under the names the organizer gave them, removing one,
// and admitting a new one by the code it shows (scanned from its QR, or typed). The crypto loads
// only when an organizer acts.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../../i18n';
import { useSyncT, type SyncKey } from '../../i18n/messages/sync';
import { getTrustView, ownKid } from '../../store/sync-config';
import type { SyncConfig } from '../../sync/couch';
import { REFUSED_SHOWN, type RefusalReason, type TrustView } from '../../sync/trust-view';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Scanner, useCamera } from '../screens/table/Scanner';
import { useServices } from '../services';

export function DevicesPanel({ eventId, cfg, refresh, locked, onChanged }: { eventId: string; cfg: SyncConfig; refresh: unknown; locked: boolean; onChanged: () => void }) {
  const tt = useSyncT();
  const { db, deviceId } = useServices();
  const [trust, setTrust] = useState<TrustView | null>(null);
  const [me, setMe] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    void Promise.all([getTrustView(db, eventId), ownKid(db)]).then(([t, k]) => {
      if (!alive) return;
      setTrust(t);
      setMe(k);
    });
    return () => {
      alive = false;
    };
  }, [db, eventId, refresh, tick]);
  if (!trust) return null;

  const members = Object.values(trust.members);

  return (
    <section class="devices" aria-label={tt('trust.devices')} data-testid="devices-panel">
      <TrustAlerts trust={trust} />
      {!locked && (
        <details>
          <summary>
            <h2 id="devices-title" class="inline">
              {tt('trust.devicesCount', { n: members.filter((m) => m.removedUpTo === undefined).length })}
            </h2>
          </summary>
          <ul class="device-list">
            {members.map((m) => (
              <li key={m.kid} data-testid="device-row">
                <span>{m.name || m.writer}</span>
                {m.kid === me && <span class="muted"> · {tt('trust.thisDevice')}</span>}
                {m.by === null && <span class="muted"> · {tt('trust.first')}</span>}
                {m.removedUpTo !== undefined && <span class="muted"> · {tt('trust.removedTag')}</span>}
                {m.kid !== me && m.removedUpTo === undefined && me && trust.members[me] && (
                  <RemoveButton
                    name={m.name || m.writer}
                    onConfirm={async () => {
                      const { removeDevice, withEventLock } = await import('../../sync/trust');
                      await withEventLock(eventId, () => removeDevice(db, eventId, m.kid));
                      setTick((n) => n + 1);
                      onChanged();
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
          {me && trust.members[me] && trust.members[me].removedUpTo === undefined && (
            <AdmitForm
              eventId={eventId}
              cfg={cfg}
              writer={deviceId}
              onAdmitted={() => {
                setTick((n) => n + 1);
                onChanged();
              }}
            />
          )}
        </details>
      )}
    </section>
  );
}

/** What the trust rules refused or hold, in words; nothing when all went through. */
function TrustAlerts({ trust }: { trust: TrustView }) {
  const tt = useSyncT();
  const counts = new Map<RefusalReason, number>();
  for (const [r, n] of Object.entries(trust.refusedCount ?? {})) if (n) counts.set(r as RefusalReason, n);
  const notAdmitted = trust.held['not-admitted'] ?? 0;
  if (notAdmitted) counts.set('not-admitted', (counts.get('not-admitted') ?? 0) + notAdmitted);
  const held = (trust.held.gap ?? 0) + (trust.held.fork ?? 0);
  const heldKey = trust.held.key ?? 0;
  const nameOf = (kid: string): string => trust.members[kid]?.name || trust.members[kid]?.writer || kid.slice(0, 8);
  if (counts.size === 0 && held === 0 && heldKey === 0 && trust.forks.length === 0) return null;
  return (
    <div role="alert" class="error" data-testid="sync-refusals">
      {[...counts].map(([reason, n]) => (
        <p key={reason} data-reason={reason}>
          {tt('trust.refused', { n, why: tt(`trust.why.${reason}` as SyncKey) })}
        </p>
      ))}
      {held > 0 && <p>{tt('trust.held', { n: held })}</p>}
      {heldKey > 0 && <p>{tt('trust.heldKey', { n: heldKey })}</p>}
      {trust.forks.map((f) => (
        <p key={`${f.kid}:${f.n}`} data-testid="sync-fork">
          {f.hashes[1] === 'server' ? tt('trust.forkServer', { n: f.n }) : tt('trust.fork', { device: nameOf(f.kid), n: f.n })}
        </p>
      ))}
      {trust.refused.length > 0 && (
        <details>
          <summary>{tt('trust.details')}</summary>
          <ul class="refused-list">
            {trust.refused
              .slice(-REFUSED_SHOWN)
              .reverse()
              .map((r, i) => (
                <li key={i}>
                  <code>{r.id.slice(0, 48)}</code> · {tt(`trust.why.${r.reason}` as SyncKey)}
                  {r.detail ? ` (${r.detail})` : ''}
                </li>
              ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function RemoveButton({ name, onConfirm }: { name: string; onConfirm: () => Promise<void> }) {
  const tt = useSyncT();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" class="btn" onClick={() => setAsking(true)}>
        {tt('trust.remove', { name })}
      </button>
      {asking && (
        <ConfirmDialog
          message={tt('trust.removeConfirm', { name })}
          confirmLabel={tt('trust.remove', { name })}
          danger
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void onConfirm();
          }}
        />
      )}
    </>
  );
}

function AdmitForm({ eventId, cfg, writer, onAdmitted }: { eventId: string; cfg: SyncConfig; writer: string; onAdmitted: () => void }) {
  const tt = useSyncT();
  const { t } = useI18n();
  const { db } = useServices();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const camera = useCamera(false);
  const nameField = useRef<HTMLInputElement>(null);
  const cameraButton = camera.button(tt('trust.scan'), t);
  // a scanned text is anyone's: it goes through the very check a typed code does (join.ts readCode)
  const scanned = async (text: string): Promise<void> => {
    const { readCode } = await import('../../sync/join');
    const read = readCode(text);
    if (!read) return setMessage({ ok: false, text: tt('trust.badCode') });
    camera.stop();
    setCode(read);
    setMessage({ ok: true, text: tt('trust.scanned', { code: read }) });
    nameField.current?.focus();
  };
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!name.trim()) return setMessage({ ok: false, text: tt('trust.noName') });
    setMessage(null);
    setBusy(true);
    try {
      const { admitByCode } = await import('../../sync/join');
      const out = await admitByCode(db, eventId, writer, cfg, code, name.trim().slice(0, 100));
      if (out.ok) {
        setMessage({ ok: true, text: tt('trust.admitted', { name: name.trim() }) });
        setCode('');
        setName('');
        onAdmitted();
      } else {
        const key: Record<typeof out.problem, SyncKey> = {
          'bad-code': 'trust.badCode',
          'no-request': 'trust.noRequest',
          'writer-taken': 'trust.writerTaken',
          already: 'trust.already',
          'not-organizer': 'trust.notOrganizer',
        };
        setMessage({ ok: false, text: tt(key[out.problem]) });
      }
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="form" onSubmit={(e) => void submit(e)} aria-label={tt('trust.admit')} aria-busy={busy}>
      <h3>{tt('trust.admit')}</h3>
      <p class="muted">{tt('trust.admitHelp')}</p>
      {cameraButton && (
        <button type="button" class="btn" onClick={cameraButton.action} aria-expanded={camera.scanning}>
          {cameraButton.label}
        </button>
      )}
      {camera.scanning && <Scanner key={camera.attempt} onText={(s) => void scanned(s)} onState={camera.onState} />}
      <label>
        {tt('trust.code')}
        <input
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          spellcheck={false}
          placeholder="ABCD-EFGH-JKLM"
          onInput={(e) => setCode(e.currentTarget.value)}
          required
        />
      </label>
      <label>
        {tt('trust.name')}
        <input ref={nameField} value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} required />
      </label>
      {message && (
        <p class={message.ok ? 'ok' : 'error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <button type="submit" class="btn primary big" disabled={busy}>
        {tt('trust.admitAction')}
      </button>
    </form>
  );
}
