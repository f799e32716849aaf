// @vitest-environment jsdom
// The Warmaster campaign screens on a real (fake-indexeddb) store: the set-up's refusals in both
// languages, a move with its previewed path and cost, a fate roll shown with its effect, undo,
// and the campaign list (create, delete, import refused whole). The app's dice are seeded from
// randomSeed(), mocked here so each roll is the one the test needs.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHexMap, hexKey, offsetToHex, type CampaignAction, type Hex } from '../../src/domain/warmaster';
import { CATALOG } from '../../src/i18n/catalog';
import { campaignState, getCampaign, listCampaigns } from '../../src/store/campaigns';
import type { WargameDb } from '../../src/store/db';
import { seedRolling } from '../domain/warmaster/helpers';
import { renderApp } from './render-app';

const seeds: number[] = [];
vi.mock('../../src/platform/seed', () => ({ randomSeed: () => seeds.shift() ?? 1 }));

afterEach(cleanup);
beforeEach(() => {
  seeds.length = 0;
});

const ID = 'cp-test';
const T0 = Date.UTC(2026, 11, 5, 9, 0);
/** odd-r offset, as the hex labels read: col 0 = A, row 0 = 1 */
const at = (col: number, row: number): Hex => offsetToHex(col, row);
const P1_FIRST = seedRolling([6, 6], [6, 1]);

const CREATE: CampaignAction = {
  type: 'create-campaign',
  name: 'Marches',
  map: createHexMap({ width: 16, height: 6 }),
  players: [
    { id: 'p1', name: 'Alice', faction: 'empire' },
    { id: 'p2', name: 'Bruno', faction: 'orcs' },
  ],
};
const SETUP: CampaignAction[] = [
  CREATE,
  { type: 'place-city', player: 'p1', hex: at(1, 2) },
  { type: 'place-city', player: 'p2', hex: at(13, 2) },
  { type: 'recruit', player: 'p1', hex: at(1, 2), points: 500 },
  { type: 'recruit', player: 'p2', hex: at(13, 2), points: 400 },
  { type: 'start-campaign' },
];

function store(actions: CampaignAction[]) {
  return (db: WargameDb) => db.put('campaigns', { id: ID, name: 'Marches', createdAt: T0, updatedAt: T0, actions });
}

function hexEl(col: number, row: number): Element {
  const el = document.querySelector(`[data-hex="${hexKey(at(col, row))}"]`);
  if (!el) throw new Error(`no hex ${col},${row}`);
  return el;
}

/** the refusal on screen, once it reads `text` (a new refusal replaces the previous one) */
async function expectAlert(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
}

async function stored(db: WargameDb) {
  return (await getCampaign(db, ID))!;
}

describe('campaign set-up', () => {
  it('shows each refusal of the rules in plain French, then in English', async () => {
    const { db } = await renderApp(`#/campaign/${ID}`, store([CREATE]));
    await screen.findByRole('heading', { name: 'Mise en place', exact: true });
    // Alice's city, then Bruno's four hexes away: too close at the start
    fireEvent.click(hexEl(1, 0));
    await waitFor(async () => expect((await stored(db)).actions).toHaveLength(2));
    fireEvent.click(screen.getByRole('radio', { name: 'Bruno' }));
    fireEvent.click(hexEl(5, 0));
    await expectAlert('Au départ, chaque ressource doit être à plus de 6 hexagones de toute ressource ennemie\u00a0: ville d’Alice (B1) est à 4.');
    // a detachment below the Orcs' MP
    fireEvent.click(screen.getByRole('radio', { name: 'Alice' }));
    fireEvent.input(screen.getByLabelText('Points'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recruter 200 pts (ville B1)' }));
    await expectAlert('Il faut au moins 325 points (MP de la faction)\u00a0: 200 ne suffisent pas.');
    // a village too near the city
    fireEvent.click(screen.getByRole('radio', { name: 'Village (100 PDR)' }));
    fireEvent.click(hexEl(3, 0));
    await expectAlert('Un village doit être à plus de 3 hexagones de tout autre village ou ville\u00a0: ville d’Alice (B1) est à 2.');
    fireEvent.click(screen.getByRole('button', { name: 'Commencer la campagne' }));
    await expectAlert('Bruno n’a pas encore placé sa ville.');
    expect((await stored(db)).actions).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'EN — English' }));
    await screen.findByRole('heading', { name: 'Set-up', exact: true });
    fireEvent.click(screen.getByRole('button', { name: 'Start the campaign' }));
    await expectAlert('Bruno has not placed their city yet.');
    fireEvent.click(screen.getByRole('button', { name: 'FR — Français' }));
  });

  it('dims the hexes where the chosen building is not allowed', async () => {
    await renderApp(`#/campaign/${ID}`, store(SETUP.slice(0, 3)));
    await screen.findByRole('heading', { name: 'Mise en place', exact: true });
    fireEvent.click(screen.getByRole('radio', { name: 'Mine (50 PDR)' }));
    const blocked = (col: number, row: number) => document.querySelector(`[data-blocked="${hexKey(at(col, row))}"]`) !== null;
    // next to her own city, or within 6 hexes of Bruno's at the start: dimmed; two hexes off: allowed
    expect([blocked(1, 2), blocked(2, 2), blocked(3, 2), blocked(8, 2), blocked(13, 2)]).toEqual([true, true, false, true, true]);
  });
});

describe('campaign turn', () => {
  it('previews a move with its path and cost, explains a hex out of reach, then moves', async () => {
    const { db } = await renderApp(`#/campaign/${ID}`, store([...SETUP, { type: 'roll-initiative', seed: P1_FIRST }]));
    const panel = await screen.findByText('Déplace un détachement au MP :');
    expect(panel.closest('[data-step]')!.getAttribute('data-player')).toBe('p1');
    expect(screen.getByTestId('initiative').textContent).toContain('Ordre du tour\u00a0: Alice, Bruno');
    // the only detachment is picked already; two plain hexes east
    fireEvent.click(hexEl(3, 2));
    const preview = await screen.findByTestId('path-preview');
    expect(preview.textContent).toContain('Chemin\u00a0: B3 → C3 (1) → D3 (1)');
    expect(within(preview).getByText('Coût : 2 sur 3 points de mouvement')).toBeTruthy();
    // four hexes: one too far, with the rules' own reason
    fireEvent.click(hexEl(5, 2));
    await expectAlert('Trop loin\u00a0: il faudrait 4 points de mouvement, le détachement en a 3.');
    fireEvent.click(hexEl(4, 2));
    fireEvent.click(await screen.findByRole('button', { name: 'Déplacer vers E3' }));
    await waitFor(async () => expect(campaignState(await stored(db))!.detachments.find((d) => d.owner === 'p1')!.hex).toEqual(at(4, 2)));
    // Bruno's turn now
    await waitFor(() => expect(document.querySelector('[data-step]')!.getAttribute('data-player')).toBe('p2'));
    fireEvent.click(screen.getByRole('tab', { name: 'Journal' }));
    expect((await screen.findByTestId('journal')).textContent).toContain('D3 va en E3 (coût 3).');
  });

  it('undoes the last action: stored as an undo, the screen steps back', async () => {
    const { db } = await renderApp(
      `#/campaign/${ID}`,
      store([...SETUP, { type: 'roll-initiative', seed: P1_FIRST }, { type: 'move', detachmentId: 'd3', path: [at(2, 2), at(3, 2)] }]),
    );
    await waitFor(() => expect(document.querySelector('[data-step]')?.getAttribute('data-player')).toBe('p2'));
    fireEvent.click(screen.getByRole('button', { name: /Annuler/ }));
    await screen.findByText('Annulé : déplacement.');
    expect(document.querySelector('[data-step]')!.getAttribute('data-player')).toBe('p1');
    const rec = await stored(db);
    expect(rec.actions.at(-1)).toMatchObject({ type: 'undo' });
    expect(campaignState(rec)!.detachments.find((d) => d.id === 'd3')!.hex).toEqual(at(1, 2));
  });

  it('rolls fate with the app dice and shows the result and its effect', async () => {
    const passBoth: CampaignAction[] = [
      { type: 'roll-initiative', seed: P1_FIRST },
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ];
    const { db } = await renderApp(`#/campaign/${ID}`, store([...SETUP, ...passBoth]));
    // a 2 (reinforcements), then 3 on the d3: 75 RP
    seeds.push(seedRolling([6, 2], [3, 3]));
    fireEvent.click(await screen.findByRole('button', { name: /Lancer le destin d’Alice/ }));
    const list = await screen.findByTestId('fate-list');
    await waitFor(() => expect(list.textContent).toContain('Renforts — +75 PDR au trésor.'));
    expect(within(screen.getByTestId('last-rolls')).getByText('Destin, Alice (d6) : 2')).toBeTruthy();
    expect(within(screen.getByTestId('last-rolls')).getByText('Renforts, Alice (d3) : 3')).toBeTruthy();
    expect(screen.getByTestId('bank-p1').textContent).toBe(String(1000 - 500 + 75));
    // a 4 for Bruno: a raid, which asks for its target; declining is a choice too
    seeds.push(seedRolling([6, 4], [3, 2]));
    fireEvent.click(await screen.findByRole('button', { name: /Lancer le destin de Bruno/ }));
    await screen.findByText(/^Choix du destin :/);
    expect((await screen.findByTestId('fate-list')).textContent).toContain('Raid — un adversaire perd 50 PDR sur ses revenus de ce tour.');
    fireEvent.click(screen.getByRole('radio', { name: 'Alice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(async () => expect(campaignState(await stored(db))!.raids).toEqual([{ by: 'p2', target: 'p1', amount: 50 }]));
    expect((await stored(db)).actions.filter((a) => a.type === 'roll-fate').map((a) => (a as { seed: number }).seed)).toEqual([
      seedRolling([6, 2], [3, 3]),
      seedRolling([6, 4], [3, 2]),
    ]);
  });
});

describe('campaign list', () => {
  it('creates a draft, paints it and creates the campaign', async () => {
    const { db } = await renderApp('#/campaigns');
    await screen.findByText('Aucune campagne pour l’instant.');
    fireEvent.click(screen.getByRole('button', { name: /Nouvelle campagne/ }));
    fireEvent.input(screen.getByLabelText('Nom de la campagne'), { target: { value: 'Marches' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer et dessiner la carte' }));
    await screen.findByRole('heading', { name: 'Préparer la campagne' });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la campagne' }));
    await expectAlert('Donnez un nom à chaque joueur.');
    fireEvent.input(screen.getByLabelText('Joueur 1'), { target: { value: 'Alice' } });
    fireEvent.input(screen.getByLabelText('Joueur 2'), { target: { value: 'Bruno' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Montagne' }));
    fireEvent.click(hexEl(4, 4));
    fireEvent.click(screen.getByRole('button', { name: 'Créer la campagne' }));
    await screen.findByRole('heading', { name: 'Mise en place', exact: true });
    const [rec] = await listCampaigns(db);
    const s = campaignState(rec!)!;
    expect(s.players.map((p) => [p.name, p.faction])).toEqual([
      ['Alice', 'empire'],
      ['Bruno', 'orcs'],
    ]);
    expect(s.map.cells.find((c) => hexKey(c) === hexKey(at(4, 4)))!.terrain).toBe('mountain');
  });

  it('refuses a bad file whole, leaving the stored campaigns as they were, and deletes after confirmation', async () => {
    const { db } = await renderApp('#/campaigns', store(SETUP));
    await screen.findByText('Marches');
    const before = await listCampaigns(db);
    const input = screen.getByTestId('campaign-import-input');
    const file = new File(['{"format":"warmaster-campaign","version":1,"actions":[{"type":"create-campaign"}]}'], 'x.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('Fichier refusé\u00a0: x.json');
    expect(problem.textContent).toContain('Rien n’a été importé\u00a0: les campagnes de cet appareil sont inchangées.');
    expect(await listCampaigns(db)).toEqual(before);

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Supprimer la campagne «\u00a0Marches\u00a0» de cet appareil\u202f?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler', hidden: true }));
    expect(await listCampaigns(db)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Supprimer', hidden: true }));
    await waitFor(async () => expect(await listCampaigns(db)).toHaveLength(0));
  });
});

describe('campaign wording', () => {
  // every code the domain can refuse with, or write in the journal, read from its source
  const dir = join(__dirname, '../../src/domain/warmaster');
  const source = readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  const refusals = new Set([...source.matchAll(/(?:no|refuse)\('([a-z-]+)'/g)].map((m) => m[1]!));
  refusals.add('map-invalid');
  const journal = new Set([...source.matchAll(/note\(s, '([a-z-]+)'/g)].map((m) => m[1]!));

  it('has a French and an English sentence for every refusal code', () => {
    expect(refusals.size).toBeGreaterThan(60);
    for (const code of refusals) {
      for (const lang of ['fr', 'en'] as const) expect(CATALOG[lang], `${lang} ${code}`).toHaveProperty([`campaign.refusal.${code}`]);
    }
  });

  it('has a sentence for every journal entry', () => {
    expect(journal.size).toBeGreaterThan(20);
    for (const code of journal) {
      const keys = code === 'destroy-attempted' ? [`${code}.success`, `${code}.failure`] : [code];
      for (const k of keys) for (const lang of ['fr', 'en'] as const) expect(CATALOG[lang], `${lang} ${k}`).toHaveProperty([`campaign.journal.${k}`]);
    }
  });
});
