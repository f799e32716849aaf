// Issue 20, with a network: an organizer's tablet synced through PouchDB Server (localhost) and a
// table phone. The ticket the desk shows carries the event's intake address; the phone sends its
// signed result there when both players confirm, and the desk records it « reçu de la table 1 »
// with no tap. A forged result dropped in the intake by anyone records nothing and is
// counted. Prints the time from the players' confirmation to the row on the tablet.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PouchServer } from '../../scripts/pouch-server';
import { encodeResultCode, parseQrTicket, payloadFromResult, signPayload } from '../../src/domain/handoff';
import { readQr } from './camera';
import { SHOTS, tempProfile, waitForServiceWorker, type Served } from './harness';
import { enableSync, importEvent, plainEvent, startRoundOneAtDesk, storedEvent, WAIT } from './organizer';
import { syncedOrganizer, type SyncedOrganizer } from './setups';
import { openTicket } from './table-phone';

let setup: SyncedOrganizer;
let server: PouchServer;
let served: Served;
const profile = tempProfile();
let phoneContext: BrowserContext;
let org: Page;
let phone: Page;

const EVENT = plainEvent('Open en réseau', ['Ana Duval', 'Bruno Martin', 'Chloé Petit', 'David Roux']);

beforeAll(async () => {
  setup = await syncedOrganizer(profile.dir, ['open', 'open-public']);
  ({ server, served, org } = setup);
  phoneContext = await setup.chrome.browser.newContext({ viewport: { width: 390, height: 844 } });
  phone = await phoneContext.newPage();
  await phone.goto(served.url);
  await phone.waitForSelector('body[data-ready="true"]');
  await waitForServiceWorker(phone);
});

afterAll(async () => {
  await phoneContext?.close().catch(() => undefined);
  await setup?.close();
  profile.remove();
});

describe('results pushed by the tables through the intake', () => {
  it('the phone sends, the desk records « reçu de la table 1 » with no tap; a forged drop is counted', async () => {
    const eventId = await importEvent(org, EVENT, 'net.json');
    await enableSync(org, server.url, 'open', 'open-public');

    await startRoundOneAtDesk(org);
    await org.getByTestId('desk-network').filter({ hasText: 'arrivent aussi par le réseau' }).waitFor(WAIT);
    // from here the organizer touches nothing

    // the ticket the desk shows carries the intake's address, never credentials
    const slip = org.getByTestId('desk-tickets').locator('.ticket-slip[data-table="1"]');
    await slip.locator('svg.qr').waitFor(WAIT);
    const text = await readQr(org, slip.locator('svg.qr'));
    const qr = parseQrTicket(text);
    expect(qr?.names.intake).toBe(`${server.url}/open-intake`);

    await openTicket(phone, served.url, text);
    const [a, b] = [qr!.names.a, qr!.names.b];
    await phone.getByRole('radio', { name: a, exact: true }).click();
    await phone.getByRole('button', { name: 'Démarrer la pendule' }).click();
    await phone.getByRole('button', { name: 'Fin de partie…' }).click();
    await phone.getByRole('button', { name: `Assassinat\u00a0: ${b} gagne` }).click();
    await phone.getByRole('button', { name: 'Confirmer' }).click();
    await phone.getByRole('button', { name: 'Saisir le résultat' }).click();
    await phone.getByRole('button', { name: 'Enregistrer le résultat' }).click();
    await phone.getByRole('button', { name: `${a} confirme` }).click();
    const confirmedAt = Date.now();
    await phone.getByRole('button', { name: `${b} confirme` }).click();
    await phone.getByTestId('result-sent').and(phone.locator('[data-state=sent]')).waitFor(WAIT);
    await phone.screenshot({ path: join(SHOTS, 'table-result-sent-390x844.png') });

    // the desk, untouched: it reads the intake every 2 s (the time is printed, not asserted: a
    // loaded machine is slower, the bench measures it)
    await org.getByTestId('intake-note').filter({ hasText: 'Reçu de la table 1 (ronde 1).' }).waitFor(WAIT);
    await org.locator('[data-testid=pairings-table] tr[data-table="1"].done').waitFor(WAIT);
    console.log(`players' confirmation to the row on the organizer's tablet (push path, PouchDB Server): ${Date.now() - confirmedAt} ms`);
    expect(await org.getByTestId('desk-last').textContent()).toBe(`Table 1\u00a0: ${b} gagne (assassinat) · 0 – 0 PC`);

    // anyone may drop a result: a forged one for table 2 records nothing and is counted
    const file = await storedEvent(org, eventId);
    const t2 = file.rounds[0]!.pairings.find((p) => p.table === 2)!;
    const forged = encodeResultCode(
      await signPayload(payloadFromResult({ winner: t2.a, how: 'assassination', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } }, { eventId, round: 1, pairing: t2 }), 'ab'.repeat(32)),
    );
    const put = await fetch(`${server.url}/open-intake/${encodeURIComponent(`result:${forged.replace(/-/g, '')}`)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'result', code: forged, at: Date.now() }),
    });
    expect(put.status).toBe(201);
    await org.getByTestId('desk-network').filter({ hasText: '1 résultat reçu du réseau refusé' }).waitFor(WAIT);
    expect(await org.locator('[data-testid=pairings-table] tr[data-table="2"].done').count()).toBe(0);
    await org.screenshot({ path: join(SHOTS, 'results-desk-network-1024x768.png') });
  });
});
