// Renders the whole app against a fresh fake-indexeddb database, like a first start on a tablet.
import { render } from '@testing-library/preact';
import { api } from '../../src/worker/api';
import type { EngineClient } from '../../src/platform/engine';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { App } from '../../src/ui/App';

export const directEngine: EngineClient = {
  call: async (method, args) => (api[method] as (...a: unknown[]) => never)(...(args as unknown[])),
  dispose: () => undefined,
};

export async function renderApp(hash = '#/', seed?: (db: WargameDb) => Promise<unknown>) {
  location.hash = hash;
  const db = await openEventDb({}, `ui-${Math.random()}`);
  await seed?.(db);
  const services = { db, deviceId: 'dev-ui', engine: directEngine, now: () => Date.UTC(2026, 11, 5, 9, 0) };
  const utils = render(<App services={services} initialLang="fr" />);
  return { ...utils, db };
}
