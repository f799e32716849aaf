// Issue 20, « La salle », against PouchDB Server (localhost): two table phones run their clocks
// from the desk's tickets and push their signed clock states to the intake; the organizer's
// « La salle » shows each table's turn, the player to act and the time left, with no tap. A
// clock state forged for table 2 (time out) is refused and counted, and table 2 shows what its
// own phone sent. No sideways scroll at 1024x768 nor 768x1024, long names included.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PouchServer } from '../../scripts/pouch-server';
import { encodeHallState, eventTag, parseQrTicket } from '../../src/domain/handoff';
import { sendClockState } from '../../src/sync/intake';
import { readQr } from './camera';
import { SHOTS, tempProfile, type RunningChromium, type Served } from './harness';
import { enableSync, importEvent, plainEvent, startRoundOneAtDesk, WAIT } from './organizer';
import { expectNoSideways } from './screens';
import { syncedOrganizer, type SyncedOrganizer } from './setups';
import { openTicket } from './table-phone';

let setup: SyncedOrganizer;
let server: PouchServer;
let served: Served;
let chrome: RunningChromium;
const profile = tempProfile();
const phoneContexts: BrowserContext[] = [];
let org: Page;

const EVENT = plainEvent('Open de la salle', ['Anne-Laure de Montmorency-Laval', 'Bruno Martin', 'Chloé Petit-Delacroix-Beaumont', 'David Roux']);

async function phoneFor(text: string): Promise<Page> {
  const context = await chrome.browser.newContext({ viewport: { width: 390, height: 844 } });
  phoneContexts.push(context);
  const phone = await context.newPage();
  await openTicket(phone, served.url, text);
  return phone;
}

beforeAll(async () => {
  setup = await syncedOrganizer(profile.dir, ['salle', 'salle-public']);
  ({ server, served, chrome, org } = setup);
});

afterAll(async () => {
  for (const c of phoneContexts) await c.close().catch(() => undefined);
  await setup?.close();
  profile.remove();
});

describe('« La salle »: the tables push their clocks', () => {
  it('shows each table turn, player to act and time left; a forged state is refused and counted', async () => {
    const eventId = await importEvent(org, EVENT, 'salle.json');
    await enableSync(org, server.url, 'salle', 'salle-public');

    await startRoundOneAtDesk(org);
    const tickets: string[] = [];
    for (const table of [1, 2]) {
      const slip = org.getByTestId('desk-tickets').locator(`.ticket-slip[data-table="${table}"]`);
      await slip.locator('svg.qr').waitFor(WAIT);
      tickets.push(await readQr(org, slip.locator('svg.qr')));
    }
    await org.locator('.results-desk').getByRole('button', { name: 'Fermer' }).click();

    // two phones, two clocks: table 1 ends its first player's turn, table 2 just starts
    const names = tickets.map((t) => parseQrTicket(t)!.names);
    const phones = [await phoneFor(tickets[0]!), await phoneFor(tickets[1]!)];
    for (const [i, phone] of phones.entries()) {
      await phone.getByRole('radio', { name: names[i]!.a, exact: true }).click();
      await phone.getByRole('button', { name: 'Démarrer la pendule' }).click();
    }
    await phones[0]!.locator('section.half[data-side=a] button.half-tap').click();
    await phones[0]!.locator('section.half[data-side=b] button.half-tap:not([disabled])').waitFor(WAIT);

    await org.getByTestId('open-hall').click();
    await org.getByTestId('hall-network').filter({ hasText: 'arrivent par le réseau' }).waitFor(WAIT);
    const table = (n: number) => org.locator(`[data-testid=hall-table][data-table="${n}"]`);
    // table 1: the second player to act, turn 1 still (a game turn is both players' turns)
    await table(1).getByTestId('hall-to-act').filter({ hasText: names[0]!.b }).waitFor(WAIT);
    await table(2).getByTestId('hall-to-act').filter({ hasText: names[1]!.a }).waitFor(WAIT);
    expect(await table(1).getByTestId('hall-turn').textContent()).toContain('tour 1');
    // the time left counts down on the organizer's screen between two states
    const time = async (n: number): Promise<number> => {
      const [m, s] = (await table(n).getByTestId('hall-time').textContent())!.trim().split(':').map(Number);
      return m! * 60 + s!;
    };
    const first = await time(2);
    expect(first).toBeGreaterThan(0);
    await expect.poll(() => time(2), { timeout: 20_000 }).toBeLessThan(first);

    // anyone may drop a clock state: one forged for table 2, saying time out, is refused and counted
    const forged = await encodeHallState(
      {
        eventTag: eventTag(eventId),
        round: 1,
        table: 2,
        at: Date.now(),
        turn: 4,
        active: 'b',
        phase: 'running',
        leftMs: -5_000,
        extensionUsed: { a: false, b: false },
        cp: { a: 0, b: 5 },
        diceDown: false,
        timeOut: true,
        resultIn: false,
        dispute: false,
      },
      'ab'.repeat(32),
    );
    expect(await sendClockState(`${server.url}/salle-intake`, forged, Date.now())).toBe('sent');
    await org.getByTestId('hall-network').filter({ hasText: '1 état de pendule refusé' }).waitFor(WAIT);
    expect(await table(2).getByTestId('hall-flags').count()).toBe(0);
    expect(await table(2).getByTestId('hall-to-act').textContent()).toContain(names[1]!.a);

    await org.screenshot({ path: join(SHOTS, 'hall-1024x768.png') });
    await expectNoSideways(org, 'la salle 1024x768');
    await org.setViewportSize({ width: 768, height: 1024 });
    await expectNoSideways(org, 'la salle 768x1024');
    await org.screenshot({ path: join(SHOTS, 'hall-768x1024.png') });
  });
});
