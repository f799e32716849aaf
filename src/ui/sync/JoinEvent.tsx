// A second organizer's device: the event comes from its server, then stays in sync like the first.
import { useState } from 'preact/hooks';
import { useI18n } from '../../i18n';
import { useSyncT } from '../../i18n/messages/sync';
import { setSyncConfig } from '../../store/sync-config';
import type { SyncConfig } from '../../sync/couch';
import { navigate } from '../router';
import { useServices } from '../services';
import { receivingText, SyncForm, syncErrorText } from './SyncPanel';

export function JoinEvent() {
  const st = useSyncT();
  const { db, deviceId } = useServices();
  const { lang } = useI18n();
  const [problem, setProblem] = useState('');
  const [receiving, setReceiving] = useState<{ done: number; total: number | null } | null>(null);
  const join = async (cfg: SyncConfig | null): Promise<void> => {
    if (!cfg) return;
    setProblem('');
    try {
      const { joinFromServer } = await import('../../sync/runner');
      const eventId = await joinFromServer(db, deviceId, cfg, (done, total) => setReceiving({ done, total })).finally(() => setReceiving(null));
      if (!eventId) return setProblem(st('sync.joinEmpty'));
      await setSyncConfig(db, eventId, cfg);
      navigate({ name: 'event', id: eventId, tab: 'players' });
    } catch (err) {
      const { SyncError } = await import('../../sync/couch');
      setProblem(err instanceof SyncError ? st('sync.error', { what: syncErrorText(st, err.code) }) : String(err));
    }
  };
  return (
    <main class="screen">
      <h1>{st('sync.join')}</h1>
      <p class="muted">{st('sync.joinHelp')}</p>
      {receiving && (
        <p role="status" data-testid="join-progress">
          {receivingText(st, lang, receiving)}
        </p>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <SyncForm initial={null} onSave={join} onCancel={() => navigate({ name: 'home' })} submitLabel={st('sync.joinAction')} />
    </main>
  );
}
