// @vitest-environment jsdom
// The round clock each system declares (GameSystem.clockProfile), on the one rounds tab: start,
// the system's calls from stored timestamps, close, and the table hand-off once started.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEventFile, serializeEventFile, type EventFile, type Round } from '../../src/domain/event-file';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { renderTab } from './render-app';
import { systemEvent } from './systems-fixtures';

afterEach(cleanup);

const T0 = Date.UTC(2026, 11, 5, 9, 0);
const MIN = 60_000;

/** An event whose round 1 is paired (two tables), optionally already started at T0. */
function paired(system: EventFile['system'], points: number, patch: Partial<Round> = {}, settings: Record<string, unknown> = {}): EventFile {
  const e = systemEvent(system, points, 4);
  return {
    ...e,
    settings: { ...e.settings, ...settings },
    rounds: [
      {
        number: 1,
        bye: null,
        pairings: [
          { table: 1, a: 'p1', b: 'p2' },
          { table: 2, a: 'p3', b: 'p4' },
        ],
        ...patch,
      },
    ],
  };
}

const handOff = (table: number) => [
  screen.queryByRole('link', { name: `Pendule de la table ${table} sur cet appareil` }),
  screen.queryByRole('button', { name: `Ticket QR de la table ${table}` }),
];

describe('LotR: the hall clock at 30 and 50 minutes', () => {
  it('starts the round, then hands every table its ticket and clock', async () => {
    const { current } = await renderTab(Rounds, paired('lotr-sbg', 500), { now: () => T0 });
    expect(handOff(1)).toEqual([null, null]);
    fireEvent.click(await screen.findByRole('button', { name: 'Démarrer la ronde' }));
    await waitFor(async () => expect((await current()).rounds[0]!.startedAt).toBe(T0));
    await waitFor(() => expect(handOff(2).every((x) => x !== null)).toBe(true));
    expect(screen.getByText('Avant l’annonce des 30 minutes')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('30:00');
  });

  it('calls "one more turn at most" at 30 minutes, from the stored start', async () => {
    await renderTab(Rounds, paired('lotr-sbg', 500, { startedAt: T0 }), { now: () => T0 + 31 * MIN });
    const call = await screen.findByRole('alertdialog');
    expect(within(call).getByText('30 MINUTES')).toBeTruthy();
    expect(within(call).getByText(/un seul tour de plus au maximum/)).toBeTruthy();
    fireEvent.click(within(call).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Avant l’arrêt des 50 minutes')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('19:00');
  });

  it('stops the whole hall at 50 minutes, and the close is stored', async () => {
    const { current } = await renderTab(Rounds, paired('lotr-sbg', 500, { startedAt: T0 }), { now: () => T0 + 50 * MIN });
    const call = await screen.findByRole('alertdialog');
    expect(within(call).getByText('STOP')).toBeTruthy();
    fireEvent.click(within(call).getByRole('button', { name: 'Fermer' }));
    expect(screen.getByText(/^Parties arrêtées à \d\d:50:00 \(50 minutes\)\.$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la ronde' }));
    // both results are missing: the close asks first, naming the tables
    const ask = await screen.findByRole('dialog', { hidden: true });
    expect(ask.textContent).toContain('Il manque 2 résultats (tables 1, 2). Clôturer la ronde 1 quand même\u202f?');
    expect((await current()).rounds[0]!.finishedAt).toBeUndefined();
    fireEvent.click(within(ask).getByRole('button', { name: 'Clôturer la ronde', hidden: true }));
    await waitFor(async () => expect((await current()).rounds[0]!.finishedAt).toBe(T0 + 50 * MIN));
    await screen.findByText('Ronde clôturée.');
  });
});

describe('CDR and Rackham 500: a plain timer of the chosen length', () => {
  it('refuses a length that is not a whole number of minutes, then starts with the chosen one', async () => {
    const { current } = await renderTab(Rounds, paired('confrontation-cdr', 400), { now: () => T0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Démarrer la ronde' }));
    expect(screen.getByRole('alert').textContent).toBe('Entrez la durée de la ronde\u00a0: un nombre entier de minutes entre 1 et 600.');
    expect((await current()).rounds[0]!.startedAt).toBeUndefined();
    fireEvent.input(screen.getByLabelText('Durée de la ronde (minutes)'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Démarrer la ronde' }));
    await waitFor(async () => expect((await current()).rounds[0]).toMatchObject({ startedAt: T0, timeLimitMinutes: 120 }));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('2:00:00'));
    expect(handOff(1).every((x) => x !== null)).toBe(true);
  });

  it('calls time up once the stored length has passed, and offers the previous length next round', async () => {
    const event = paired('confrontation-rackham', 500, { startedAt: T0, timeLimitMinutes: 90 });
    await renderTab(Rounds, event, { now: () => T0 + 90 * MIN });
    expect(within(await screen.findByRole('alertdialog')).getByText('TEMPS ÉCOULÉ')).toBeTruthy();
    cleanup();
    const next = {
      ...event,
      rounds: [
        { ...event.rounds[0]!, finishedAt: T0 + 95 * MIN },
        { number: 2, bye: null, pairings: [{ table: 1, a: 'p1', b: 'p3' }] },
      ],
    };
    await renderTab(Rounds, next, { now: () => T0 + 100 * MIN });
    expect(((await screen.findByLabelText('Durée de la ronde (minutes)')) as HTMLInputElement).value).toBe('90');
  });
});

describe('Confrontation challenge: each table its own limit', () => {
  it('records a table’s booklet row and minutes, counts them down and calls that table', async () => {
    let now = T0 + 5 * MIN;
    const { current } = await renderTab(Rounds, paired('confrontation-rackham', 200, { startedAt: T0 }), { now: () => now });
    fireEvent.change(await screen.findByLabelText('Ligne du tableau'), { target: { value: '3' } });
    fireEvent.input(screen.getByLabelText('Limite lue (minutes)'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lancer la limite' }));
    await waitFor(async () => expect((await current()).rounds[0]!.tableLimits).toEqual([{ table: 1, row: 3, minutes: 45, startedAt: T0 + 5 * MIN }]));
    await waitFor(() => expect(screen.getByTestId('table-limits').textContent).toBe('Table 1\u00a0: ligne 3, 45 min · reste 45:00'));
    // the next limit is for table 2 only; a row already read offers its minutes
    expect(
      within(screen.getByLabelText('Table'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2']);
    fireEvent.change(screen.getByLabelText('Ligne du tableau'), { target: { value: '3' } });
    expect((screen.getByLabelText('Limite lue (minutes)') as HTMLInputElement).value).toBe('45');
    now = T0 + 50 * MIN;
    expect(within(await screen.findByRole('alertdialog', {}, { timeout: 2000 })).getByText('TABLE 1 : TEMPS ÉCOULÉ')).toBeTruthy();
  });

  it('refuses a row outside 1..5 with a message naming it', async () => {
    await renderTab(Rounds, paired('confrontation-rackham', 200, { startedAt: T0 }), { now: () => T0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Lancer la limite' }));
    expect(screen.getByRole('alert').textContent).toBe('Choisissez la ligne du tableau des défis, de 1 à 5.');
  });
});

describe('the event file', () => {
  it("keeps the clocks' round fields through export and import, unchanged in shape", () => {
    const event = paired('confrontation-rackham', 200, { startedAt: T0, finishedAt: T0 + 60 * MIN, tableLimits: [{ table: 1, row: 2, minutes: 45, startedAt: T0 + MIN }] });
    const plain = paired('confrontation-cdr', 400, { startedAt: T0, timeLimitMinutes: 90 });
    for (const e of [event, plain]) {
      const back = parseEventFile(serializeEventFile(e));
      expect(back.ok && back.event.rounds[0]).toEqual(e.rounds[0]);
    }
  });
});

describe('the pairing notice and factions per system', () => {
  it('offers no start for a round played without the clock (an older event)', async () => {
    const result = { winner: 'p1', how: null, a: { cp: 0, apd: 0, points: 3 }, b: { cp: 0, apd: 0, points: 0 } };
    const e = paired('lotr-sbg', 500);
    await renderTab(Rounds, { ...e, rounds: [{ ...e.rounds[0]!, pairings: e.rounds[0]!.pairings.map((p) => ({ ...p, result })) }] });
    await screen.findByText('Ronde clôturée.');
    expect(screen.queryByRole('button', { name: 'Démarrer la ronde' })).toBeNull();
  });

  it('SR2011 keeps its scenario panel beside its hidden-length timer; LotR has none', async () => {
    await renderTab(Rounds, paired('lotr-sbg', 500));
    await screen.findByRole('button', { name: 'Démarrer la ronde' });
    expect(screen.queryByRole('button', { name: /Tirer au sort/ })).toBeNull();
  });
});
