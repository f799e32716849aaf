// @vitest-environment jsdom
// The sync panel says in words what the trust rules set aside, names devices as the organizer
// named them, and admits only behind the PIN; a mistyped code is said, nothing is written.
// Admission by scanning: the joiner's QR carries its code, the organizer's camera reads it, and a
// scanned text goes through the typed code's check.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nContext, loadMessages, translator } from '../../src/i18n';
import { createEvent } from '../../src/store/events';
import { openEventDb } from '../../src/store/db';
import { setSyncConfig } from '../../src/store/sync-config';
import type { TrustState } from '../../src/sync/trust';
import type { TabProps } from '../../src/ui/screens/event/types';
import { ServicesContext } from '../../src/ui/services';
import { SyncPanel } from '../../src/ui/sync/SyncPanel';
import { makeEvent } from '../fixtures/events';
import { directEngine, renderTabOn } from './render-app';

// the camera: what a test hands to `deliver` is what the scanner read
const camera = vi.hoisted(() => ({ deliver: null as ((text: string) => void) | null, stops: 0 }));
vi.mock('../../src/platform/qr', async (real) => ({
  ...(await real<typeof import('../../src/platform/qr')>()),
  startQrScanner: async (_video: HTMLVideoElement, onText: (text: string) => void) => {
    camera.deliver = onText;
    return { stop: () => void camera.stops++ };
  },
}));
// the joiner's side without a server: its request is made, no organizer has admitted it yet
vi.mock('../../src/sync/join', async (real) => ({
  ...(await real<typeof import('../../src/sync/join')>()),
  requestJoin: async () => ({ code: 'K7QM-2XWP-9HTR', kid: '0'.repeat(32) }),
  checkAdmission: async () => null,
}));

afterEach(cleanup);

/** Reads a QR drawn by QrCode (an SVG path, one unit per module) the way a camera would: jsQR on pixels. */
function readSvgQr(svg: Element): string | null {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]) - 8;
  const scale = 6;
  const side = (size + 8) * scale;
  const px = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const m of svg
    .querySelector('path')!
    .getAttribute('d')!
    .matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let yy = (y + 4) * scale; yy < (y + 5) * scale; yy++)
      for (let xx = (x + 4) * scale; xx < (x + 4 + w) * scale; xx++) px.fill(0, (yy * side + xx) * 4, (yy * side + xx) * 4 + 3);
  }
  return jsQR(px, side, side)?.data ?? null;
}

const junk = (id: string) => ({ doc: { _id: id } as TrustState['outbox'][number], why: 'not-admitted' as const });

async function eventWithTrust() {
  const db = await openEventDb({}, `trust-ui-${Math.random()}`);
  const { meta } = await createEvent(db, makeEvent({ name: 'Open de Lyon' }), { deviceId: 'dev-ui' });
  // a server that never answers here: the panel shows what the device already holds
  await setSyncConfig(db, meta.id, { url: 'http://127.0.0.1:9', db: 'open' });
  const trust: Omit<TrustState, 'eventKey'> = {
    genesis: 'k1',
    members: {
      k1: { kid: 'k1', pub: '', writer: 'dev-ui', name: 'Tablette de Léa', by: null },
      k2: { kid: 'k2', pub: '', writer: 'dev-b', name: 'Tablette de Marc', by: 'k1' },
    },
    hashes: {},
    origins: {},
    outbox: [],
    builtSeq: 0,
    forks: [{ kid: 'k2', n: 4, hashes: ['x', 'y'], at: 1 }],
    refused: [{ id: 'k9:1:abc', reason: 'bad-signature', kid: 'k9', n: 1, at: 1 }],
    refusedCount: { 'bad-signature': 1, 'unknown-action': 2 },
    pending: [junk('a'), junk('b'), junk('c')],
  };
  await db.put('settings', trust, `trust:${meta.id}`);
  await db.put('settings', { kid: 'k1' }, 'device-keys');
  return { db, eventId: meta.id };
}

describe('sync panel: trust', () => {
  it('counts refused documents by reason in words, shows forks by device name, lists devices, and refuses a mistyped code', async () => {
    const { db, eventId } = await eventWithTrust();
    const Tab = (p: TabProps) => <SyncPanel eventId={p.eventId} event={p.event} seq={p.meta.lastSeq} dispatch={p.dispatch} />;
    await renderTabOn(Tab, db, eventId);
    const refusals = await screen.findByTestId('sync-refusals');
    const text = refusals.textContent!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('3 entrées refusées : appareil non admis');
    expect(text).toContain('2 entrées refusées : type d’action inconnu');
    expect(text).toContain('1 entrée refusée : signature invalide');
    expect(
      within(refusals)
        .getByTestId('sync-fork')
        .textContent!.replace(/[\u00a0\u202f]/g, ' '),
    ).toContain('Fourche : « Tablette de Marc » a écrit deux entrées n° 4 différentes');
    const rows = screen.getAllByTestId('device-row').map((r) => r.textContent);
    expect(rows[0]).toContain('Tablette de Léa');
    expect(rows[0]).toContain('cet appareil');
    expect(rows[1]).toContain('Tablette de Marc');
    expect(screen.getByRole('button', { name: 'Retirer Tablette de Marc' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Admettre un appareil' });
    fireEvent.input(within(form).getByLabelText('Code de l’appareil'), { target: { value: 'ABC' } });
    fireEvent.input(within(form).getByLabelText('Nom de l’appareil'), { target: { value: 'Tablette de Zoé' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(
        within(form)
          .getByRole('alert')
          .textContent!.replace(/[\u00a0\u202f]/g, ' '),
      ).toBe('Un code a 12 lettres ou chiffres, par exemple ABCD-EFGH-JKLM.'),
    );
    const stored = (await db.get('settings', `trust:${eventId}`)) as TrustState;
    expect(Object.keys(stored.members)).toEqual(['k1', 'k2']);
  });

  it('behind the organizer PIN: the refusals are said, no device list, no admission', async () => {
    const { db, eventId } = await eventWithTrust();
    const Locked = (p: TabProps) => <SyncPanel eventId={p.eventId} event={p.event} seq={p.meta.lastSeq} dispatch={p.dispatch} locked />;
    await renderTabOn(Locked, db, eventId);
    await screen.findByTestId('sync-refusals');
    expect(screen.queryByRole('form', { name: 'Admettre un appareil' })).toBeNull();
    expect(screen.queryByTestId('device-row')).toBeNull();
  });

  it("the organizer scans the joiner's code: a hostile text is refused as a typed one is, a good one fills the code and asks the name", async () => {
    await loadMessages(['table']);
    const { db, eventId } = await eventWithTrust();
    const Tab = (p: TabProps) => <SyncPanel eventId={p.eventId} event={p.event} seq={p.meta.lastSeq} dispatch={p.dispatch} />;
    await renderTabOn(Tab, db, eventId);
    const form = await screen.findByRole('form', { name: 'Admettre un appareil' });
    fireEvent.click(within(form).getByRole('button', { name: 'Scanner le code' }));
    await waitFor(() => expect(camera.deliver).not.toBeNull());
    const plain = (el: Element): string => el.textContent!.replace(/[\u00a0\u202f]/g, ' ');
    // someone else's QR, a huge one, a near miss (0 is not in the alphabet): the typed code's message
    for (const hostile of ['https://example.org/#/public/x', 'A'.repeat(3_000), 'K7QM-2XWP-9HT0', '{"_id":"join:x"}']) {
      camera.deliver!(hostile);
      await waitFor(() => expect(plain(within(form).getByRole('alert'))).toBe('Un code a 12 lettres ou chiffres, par exemple ABCD-EFGH-JKLM.'));
      expect((within(form).getByLabelText('Code de l’appareil') as HTMLInputElement).value).toBe('');
    }
    const stopsBefore = camera.stops;
    // a code read in lower case with spaces (another scanner app's copy) is the same code
    camera.deliver!(' k7qm 2xwp 9htr ');
    await waitFor(() => expect((within(form).getByLabelText('Code de l’appareil') as HTMLInputElement).value).toBe('K7QM-2XWP-9HTR'));
    expect(plain(within(form).getByRole('status'))).toBe('Code lu : K7QM-2XWP-9HTR. Nommez l’appareil, puis « Admettre ».');
    expect(document.activeElement).toBe(within(form).getByLabelText('Nom de l’appareil'));
    // the camera stops once a code is read
    await waitFor(() => expect(camera.stops).toBeGreaterThan(stopsBefore));
    expect(form.querySelector('video')).toBeNull();
    const stored = (await db.get('settings', `trust:${eventId}`)) as TrustState;
    expect(Object.keys(stored.members)).toEqual(['k1', 'k2']);
  });

  it('the joining device shows its code as a QR that reads back as the very code shown', async () => {
    const { JoinEvent } = await import('../../src/ui/sync/JoinEvent');
    const db = await openEventDb({}, `join-ui-${Math.random()}`);
    render(
      <ServicesContext.Provider value={{ db, deviceId: 'dev-new', engine: directEngine, now: () => Date.UTC(2026, 11, 5, 9, 0), notify: () => undefined }}>
        <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>
          <JoinEvent />
        </I18nContext.Provider>
      </ServicesContext.Provider>,
    );
    fireEvent.input(screen.getByLabelText('Adresse du serveur'), { target: { value: 'http://127.0.0.1:5984' } });
    fireEvent.input(screen.getByLabelText('Base du tournoi'), { target: { value: 'open-lyon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rejoindre' }));
    const qr = await screen.findByTestId('join-qr');
    expect(screen.getByTestId('join-code').textContent).toBe('K7QM-2XWP-9HTR');
    expect(qr.getAttribute('aria-label')).toBe('QR code du code de cet appareil, à scanner par un organisateur');
    expect(readSvgQr(qr)).toBe('K7QM-2XWP-9HTR');
  });
});
