// A second organizer's device: the event comes from its server, then stays in sync like the first.
import { useState } from 'preact/hooks';
import { useSyncT } from '../../i18n/messages/sync';
import { setSyncConfig } from '../../store/sync-config';
import type { SyncConfig } from '../../sync/couch';
import { navigate } from '../router';
import { useServices } from '../services';
import { SyncForm } from './SyncPanel';

export function JoinEvent() {
  const st = useSyncT();
  const { db, deviceId } = useServices();
  const [problem, setProblem] = useState('');
  const join = async (cfg: SyncConfig | null): Promise<void> => {
    if (!cfg) return;
    setProblem('');
    try {
      const { joinFromServer } = await import('../../sync/runner');
      const eventId = await joinFromServer(db, deviceId, cfg);
      if (!eventId) return setProblem(st('sync.joinEmpty'));
      await setSyncConfig(db, eventId, cfg);
      navigate({ name: 'event', id: eventId, tab: 'players' });
    } catch (err) {
      const { SyncError } = await import('../../sync/couch');
      setProblem(err instanceof SyncError ? st('sync.error', { what: st(`sync.err.${err.code}`) }) : String(err));
    }
  };
  return (
    <main class="screen">
      <h1>{st('sync.join')}</h1>
      <p class="muted">{st('sync.joinHelp')}</p>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <SyncForm initial={null} onSave={join} onCancel={() => navigate({ name: 'home' })} submitLabel={st('sync.joinAction')} />
    </main>
  );
}
