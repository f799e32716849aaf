// Renders the whole app against a fresh fake-indexeddb database, like a first start on a tablet.
import { render } from '@testing-library/preact';
import { api } from '../../src/worker/api';
import type { EngineClient } from '../../src/platform/engine';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { App } from '../../src/ui/App';
import type { JSX } from 'preact';
import type { EventFile } from '../../src/domain/event-file';
import { I18nContext, translator } from '../../src/i18n';
import { createEvent, loadEvent } from '../../src/store/events';
import type { TabProps } from '../../src/ui/screens/event/types';
import { ServicesContext, type Services } from '../../src/ui/services';
import { useEvent } from '../../src/ui/use-event';

export const directEngine: EngineClient = {
  call: async (method, args) => (api[method] as (...a: unknown[]) => never)(...(args as unknown[])),
  dispose: () => undefined,
};

export async function renderApp(hash = '#/', seed?: (db: WargameDb) => Promise<unknown>, opts: { now?: () => number } = {}) {
  location.hash = hash;
  const db = await openEventDb({}, `ui-${Math.random()}`);
  await seed?.(db);
  const services = { db, deviceId: 'dev-ui', engine: directEngine, now: opts.now ?? (() => Date.UTC(2026, 11, 5, 9, 0)) };
  const utils = render(<App services={services} initialLang="fr" />);
  return { ...utils, db };
}

/** Renders one tab of the event screen on a stored event, with the real store behind dispatch. */
export async function renderTab(Tab: (p: TabProps) => JSX.Element, event: EventFile, opts: { now?: () => number; lang?: 'fr' | 'en' } = {}) {
  const db = await openEventDb({}, `tab-${Math.random()}`);
  const { meta } = await createEvent(db, event, { deviceId: 'dev-ui' });
  return renderTabOn(Tab, db, meta.id, opts);
}

/** The same tab on an event already stored: a reload, as far as the page is concerned. */
export async function renderTabOn(Tab: (p: TabProps) => JSX.Element, db: WargameDb, eventId: string, opts: { now?: () => number; lang?: 'fr' | 'en' } = {}) {
  const meta = { id: eventId };
  const notes: string[] = [];
  const services: Services = { db, deviceId: 'dev-ui', engine: directEngine, now: opts.now ?? (() => Date.UTC(2026, 11, 5, 9, 0)), notify: (text) => void notes.push(text) };
  const lang = opts.lang ?? 'fr';
  function Harness() {
    const { state, dispatch } = useEvent(meta.id);
    return state ? <Tab eventId={meta.id} meta={state.meta} event={state.event} dispatch={dispatch} /> : null;
  }
  const utils = render(
    <ServicesContext.Provider value={services}>
      <I18nContext.Provider value={{ lang, t: translator(lang), setLang: () => undefined }}>
        <Harness />
      </I18nContext.Provider>
    </ServicesContext.Provider>,
  );
  return { ...utils, db, eventId: meta.id, notes, current: async () => (await loadEvent(db, meta.id)).event };
}
