// Issue 20, players register themselves, against PouchDB Server (localhost): from the public
// page a player types their name, club and faction and pastes two lists; the phone checks them
// with the event's list rules and names the problem before anything leaves; sent, the
// registration waits in the intake. The organizer sees « Inscriptions reçues (2) » in the
// Players tab: a second player's name already registered is flagged and cannot be accepted;
// « Tout accepter » registers the other one (with their lists, logged once), the flagged one is
// refused with a reason; after a reload neither comes back.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PouchServer } from '../../scripts/pouch-server';
import { SHOTS, tempProfile, type RunningChromium } from './harness';
import { enableSync, importEvent, plainEvent, storedEvent, WAIT } from './organizer';
import { expectNoSideways } from './screens';
import { syncedOrganizer, type SyncedOrganizer } from './setups';

let setup: SyncedOrganizer;
let server: PouchServer;
let chrome: RunningChromium;
const profile = tempProfile();
const contexts: BrowserContext[] = [];
let org: Page;

const EVENT = plainEvent('Open des inscriptions', ['Ana Duval', 'Bruno Martin'], 25);

const LIST_A = ['Stryker (+6)', '- Ironclad 7', '* Lancer : 6 pts', '• Stormblade Infantry (max) - 9', '2x Arcane Tempest Gun Mage Officer 2', 'Journeyman Warcaster = 3'].join(
  '\n',
);
const LIST_B = ['Haley2 : bonus 5', 'Defender 9', 'Charger 6', 'Trencher Infantry (max) 10', 'Journeyman Warcaster 3'].join('\n');

async function phone(url: string): Promise<Page> {
  const context = await chrome.browser.newContext({ viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'S’inscrire' }).waitFor(WAIT);
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  return page;
}

/** The players as the tablet stores them, once its projection has caught up with the log. */
async function players(page: Page, eventId: string): Promise<Array<{ name: string; lists: unknown[]; selfRegistration?: string }>> {
  return (await storedEvent(page, eventId)).players;
}

beforeAll(async () => {
  setup = await syncedOrganizer(profile.dir, ['inscr', 'inscr-public']);
  ({ server, chrome, org } = setup);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await setup?.close();
  profile.remove();
});

describe('players register themselves from the public page', () => {
  it('the phone checks the lists, the organizer accepts one and refuses a duplicate name', async () => {
    const eventId = await importEvent(org, EVENT, 'inscr.json');
    await enableSync(org, server.url, 'inscr', 'inscr-public');
    const publicUrl = (await org.getByTestId('public-link').getAttribute('href'))!;
    // the Players tab takes the registrations in (and on the hub makes the intake)
    await org.locator('nav.tabs a', { hasText: 'Joueurs' }).click();
    await org.getByTestId('checked-in-count').waitFor(WAIT);

    // Zoé's first try: list 1 is over the points window; nothing leaves the phone
    const zoe = await phone(publicUrl);
    await zoe.getByLabel('Nom', { exact: true }).fill('Zoé Lefèvre-Montgolfier');
    await zoe.getByLabel('Club / ville').fill('Les Dragons de Villeurbanne');
    await zoe.getByLabel('Faction').fill('Cygnar');
    await zoe.getByLabel('Liste 1 (collée telle quelle)').fill(`${LIST_A}\nJuggernaut 7`);
    await zoe.getByRole('button', { name: 'Ajouter une liste' }).click();
    await zoe.getByLabel('Liste 2 (collée telle quelle)').fill(LIST_B);
    await zoe.getByRole('button', { name: 'Envoyer l’inscription' }).click();
    const problems = zoe.getByTestId('self-register-problems');
    await problems.waitFor(WAIT);
    expect((await problems.innerText()).replace(/\u00a0|\u202f/g, ' ')).toContain('Liste 1 : 36 points : 5 points de trop (maximum 31).');
    await expectNoSideways(zoe, 'inscription 390x844');
    await zoe.getByLabel('Liste 1 (collée telle quelle)').fill(LIST_A);
    await zoe.getByRole('button', { name: 'Envoyer l’inscription' }).click();
    await zoe.getByTestId('self-register-sent').waitFor(WAIT);
    await zoe.screenshot({ path: join(SHOTS, 'self-register-390x844.png') });

    // another phone: a name already registered, written otherwise
    const bruno = await phone(publicUrl);
    await bruno.getByLabel('Nom', { exact: true }).fill('bruno  MARTIN');
    await bruno.getByLabel('Faction').fill('Khador');
    await bruno.getByLabel('Liste 1 (collée telle quelle)').fill(LIST_A);
    await bruno.getByRole('button', { name: 'Ajouter une liste' }).click();
    await bruno.getByLabel('Liste 2 (collée telle quelle)').fill(LIST_B);
    await bruno.getByRole('button', { name: 'Envoyer l’inscription' }).click();
    await bruno.getByTestId('self-register-sent').waitFor(WAIT);

    // the organizer: two received, the namesake flagged and not acceptable, the other accepted
    const panel = org.getByTestId('registrations');
    await panel.getByRole('heading', { name: 'Inscriptions reçues (2)' }).waitFor(WAIT);
    const flagged = panel.locator('[data-testid=registration][data-name="bruno  MARTIN"]');
    expect(await flagged.getByTestId('registration-duplicate').innerText()).toContain('Bruno Martin');
    expect(await flagged.getByRole('button', { name: 'Accepter' }).isDisabled()).toBe(true);
    await org.screenshot({ path: join(SHOTS, 'registrations-1024x768.png') });
    await expectNoSideways(org, 'inscriptions reçues 1024x768');
    await panel.getByRole('button', { name: 'Tout accepter (1)' }).click();
    await panel.getByRole('heading', { name: 'Inscriptions reçues (1)' }).waitFor(WAIT);
    const after = await players(org, eventId);
    const zoeP = after.filter((p) => p.name === 'Zoé Lefèvre-Montgolfier');
    expect(zoeP).toHaveLength(1);
    expect(zoeP[0]!.lists).toHaveLength(2);
    expect(zoeP[0]!.selfRegistration).toMatch(/^registration:[0-9a-f]{16}$/);
    expect(after.filter((p) => /bruno/i.test(p.name))).toHaveLength(1);

    await flagged.getByRole('button', { name: 'Refuser' }).click();
    await flagged.getByLabel('Motif du refus').fill('Déjà inscrit');
    await flagged.getByRole('button', { name: /^Refuser bruno/ }).click();
    await panel.waitFor({ state: 'detached', ...WAIT });

    // a reload: the intake still holds both, neither comes back, nothing registered twice
    await org.reload();
    await org.waitForSelector('body[data-ready="true"]');
    await org.getByTestId('checked-in-count').waitFor(WAIT);
    await org.waitForTimeout(4_000); // one intake read (every 3 s) has happened
    expect(await org.getByTestId('registrations').count()).toBe(0);
    expect((await players(org, eventId)).filter((p) => p.name === 'Zoé Lefèvre-Montgolfier')).toHaveLength(1);
  });
});
