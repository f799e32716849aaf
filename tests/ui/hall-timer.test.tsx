// @vitest-environment jsdom
// The hall's read-only timer asks the clock profile's registered round clock for its line
// (src/ui/systems/round-clocks.ts): SR2011's base time then its variable minutes as elapsed time
// only, LotR's two calls at 30 and 50 minutes, a plain round's chosen limit or its elapsed time,
// and the challenge's elapsed time (its limits are per table).
import { cleanup, render, screen } from '@testing-library/preact';
import { lightFormat } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile, Round, SystemId } from '../../src/domain/event-file';
import { eventTiming } from '../../src/domain/sr2011';
import { I18nContext, translator } from '../../src/i18n';
import { HallTimer } from '../../src/ui/screens/event/rounds/HallTimer';
import { ServicesContext, type Services } from '../../src/ui/services';
import { directEngine } from './render-app';
import { systemEvent } from './systems-fixtures';

afterEach(cleanup);

const MIN = 60_000;
const START = Date.UTC(2026, 11, 5, 14, 0);
const t = translator('en');

function event(system: SystemId, points: number, round: Partial<Round>): EventFile {
  return systemEvent(system, points, 2, { rounds: [{ number: 1, bye: null, pairings: [{ table: 1, a: 'p1', b: 'p2' }], startedAt: START, ...round }] });
}

/** The timer's label, its big figure (null when none) and its help line, at `at`. */
function hallAt(e: EventFile, at: number): { label: string; value: string | null; text: string } {
  cleanup();
  const services = { db: null, deviceId: 'dev-ui', engine: directEngine, now: () => at, notify: () => undefined } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <I18nContext.Provider value={{ lang: 'en', t, setLang: () => undefined }}>
        <HallTimer event={e} />
      </I18nContext.Provider>
    </ServicesContext.Provider>,
  );
  const box = screen.getByTestId('hall-timer');
  return { label: box.querySelector('.timer-label')!.textContent!, value: screen.queryByRole('timer')?.textContent ?? null, text: box.textContent! };
}

describe('the hall timer asks the round clock of the event’s clock profile', () => {
  it('SR2011: the base time left, then the variable minutes as elapsed time without their length, then DICE DOWN', () => {
    const e = event('sr2011', 35, { scenario: null, variableMinutes: 8 });
    const base = eventTiming(e.settings).gameBaseMinutes!;
    expect(hallAt(e, START + 10 * MIN)).toMatchObject({ label: t('timer.base'), value: `${Math.floor((base - 10) / 60)}:${String((base - 10) % 60).padStart(2, '0')}:00` });
    const variable = hallAt(e, START + (base + 3) * MIN);
    expect(variable.label).toBe(t('timer.variable'));
    expect(variable.value).toBe(`${Math.floor((base + 3) / 60)}:${String((base + 3) % 60).padStart(2, '0')}:00`);
    expect(variable.text).toContain(t('timer.variableHelp'));
    expect(variable.text).not.toContain(String(base + 8));
    expect(hallAt(e, START + (base + 9) * MIN)).toMatchObject({ label: t('timer.diceDown'), value: null });
  });

  it('LotR: to the 30-minute call, to the 50-minute stop, then the stop time', () => {
    const e = event('lotr-sbg', 600, {});
    expect(hallAt(e, START + 10 * MIN)).toMatchObject({ label: t('clock.lotr.toAnnounce'), value: '20:00' });
    expect(hallAt(e, START + 40 * MIN)).toMatchObject({ label: t('clock.lotr.toStop'), value: '10:00' });
    expect(hallAt(e, START + 55 * MIN)).toMatchObject({ label: t('clock.lotr.stopped', { time: lightFormat(START + 50 * MIN, 'HH:mm:ss') }), value: null });
  });

  it('a plain round: the chosen limit counted down, then its end time; without a limit, the elapsed time', () => {
    expect(hallAt(event('confrontation-cdr', 400, { timeLimitMinutes: 90 }), START + 30 * MIN)).toMatchObject({ label: t('clock.plain.left', { n: 90 }), value: '1:00:00' });
    expect(hallAt(event('confrontation-cdr', 400, { timeLimitMinutes: 90 }), START + 95 * MIN)).toMatchObject({
      label: t('timer.over', { time: lightFormat(START + 90 * MIN, 'HH:mm:ss') }),
      value: null,
    });
    expect(hallAt(event('confrontation-rackham', 500, {}), START + 12 * MIN)).toMatchObject({ label: t('hall.elapsed'), value: '12:00' });
  });

  it('the Confrontation challenge: the elapsed time; a closed round says so whatever the profile', () => {
    expect(hallAt(event('confrontation-rackham', 200, {}), START + 7 * MIN)).toMatchObject({ label: t('hall.elapsed'), value: '07:00' });
    for (const system of ['sr2011', 'lotr-sbg', 'confrontation-rackham'] as const)
      expect(hallAt(event(system, system === 'confrontation-rackham' ? 200 : 600, { finishedAt: START + 20 * MIN }), START + 30 * MIN)).toMatchObject({
        label: t('timer.finished'),
        value: null,
      });
  });
});
