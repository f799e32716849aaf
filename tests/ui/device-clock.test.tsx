// @vitest-environment jsdom
// Issue 21 item 5 on the organizer's side: a second tablet whose clock is hours behind the one that
// started the round showed « 7:04:25 » left in a 100-minute round. Its round timers count from the
// corrected time and say so.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { I18nContext, translator } from '../../src/i18n';
import { openEventDb } from '../../src/store/db';
import { appendActions, createEvent } from '../../src/store/events';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { DeviceClock } from '../../src/ui/screens/event/rounds/DeviceClock';
import { HallTimer } from '../../src/ui/screens/event/rounds/HallTimer';
import { ServicesContext, type Services } from '../../src/ui/services';
import { directEngine, renderTabOn } from './render-app';
import { systemEvent } from './systems-fixtures';

afterEach(cleanup);

const MIN = 60_000;
const START = Date.UTC(2026, 11, 5, 14, 0);
const SKEW = (5 * 60 + 32) * MIN;
/** the real time when the tablet looks: 10 minutes into the round */
const REAL = START + 10 * MIN;

function paired(): EventFile {
  const e = systemEvent('confrontation-rackham', 500, 4);
  return {
    ...e,
    rounds: [
      {
        number: 1,
        bye: null,
        pairings: [
          { table: 1, a: 'p1', b: 'p2' },
          { table: 2, a: 'p3', b: 'p4' },
        ],
      },
    ],
  };
}

/** The event created on this tablet in the morning; the round started (and a result typed) by another device, whose entries arrived here. */
async function eventStartedElsewhere(byThisDevice = false) {
  const db = await openEventDb({}, `skew-${Math.random()}`);
  const { meta } = await createEvent(db, paired(), { deviceId: 'dev-ui', now: () => START - 3 * 60 * MIN - SKEW });
  const writer = byThisDevice ? 'dev-ui' : 'dev-starter';
  await appendActions(db, meta.id, [{ type: 'round-updated', number: 1, patch: { startedAt: START, timeLimitMinutes: 100 } }], { deviceId: writer, now: () => START });
  await appendActions(db, meta.id, [{ type: 'player-dropped', id: 'p4', afterRound: 1 }], { deviceId: writer, now: () => REAL });
  return { db, id: meta.id };
}

describe('an organizer device whose clock is behind the device that started the round', () => {
  it('Rounds: says so in words and counts the 100-minute round from the corrected time', async () => {
    const { db, id } = await eventStartedElsewhere();
    await renderTabOn(Rounds, db, id, { now: () => REAL - SKEW });
    const note = await screen.findByTestId('device-clock-behind');
    expect(note.textContent).toBe('L’horloge de cet appareil retarde de 5\u00a0h\u00a032\u00a0min\u00a0: la ronde est comptée à l’heure de l’appareil qui l’a lancée.');
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('1:30:00'));
  });

  it('the hall timer, in English: the same correction and notice', async () => {
    const { db, id } = await eventStartedElsewhere();
    const services: Services = { db, deviceId: 'dev-ui', engine: directEngine, now: () => REAL - SKEW, notify: () => undefined };
    render(
      <ServicesContext.Provider value={services}>
        <I18nContext.Provider value={{ lang: 'en', t: translator('en'), setLang: () => undefined }}>
          <DeviceClock eventId={id} version={1}>
            <HallTimer event={{ ...paired(), rounds: [{ ...paired().rounds[0]!, startedAt: START, timeLimitMinutes: 100 }] }} />
          </DeviceClock>
        </I18nContext.Provider>
      </ServicesContext.Provider>,
    );
    expect((await screen.findByTestId('device-clock-behind')).textContent).toBe(
      "This device's clock is 5\u00a0h\u00a032\u00a0min behind: the round is counted by the time of the device that started it.",
    );
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('1:30:00'));
  });

  it('entries written by this device itself never move its clock: no notice, its own time', async () => {
    const { db, id } = await eventStartedElsewhere(true);
    await renderTabOn(Rounds, db, id, { now: () => REAL - SKEW });
    await screen.findByRole('timer');
    // its own time: the round it stamped itself has not begun yet on this clock, the full 100 minutes stand
    expect(screen.getByRole('timer').textContent).toBe('1:40:00');
    expect(screen.queryByTestId('device-clock-behind')).toBeNull();
  });

  it('a clock at most a minute off is left alone', async () => {
    const { db, id } = await eventStartedElsewhere();
    await renderTabOn(Rounds, db, id, { now: () => REAL - MIN });
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('1:31:00'));
    expect(screen.queryByTestId('device-clock-behind')).toBeNull();
  });
});
