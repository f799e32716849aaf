// What every screen needs from the platform, passed by context so component tests can hand in a
// fake-indexeddb database and a fake clock.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { EngineClient } from '../platform/engine';
import type { WargameDb } from '../store/db';

export interface Services {
  db: WargameDb;
  deviceId: string;
  engine: EngineClient;
  now: () => number;
  /** message shown in the status bar (role=status); kind 'error' uses role=alert */
  notify: (text: string, kind?: 'info' | 'error') => void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesContext missing');
  return s;
}
