// Saving the event's settings from an end-of-event panel (every system's end check): one
// 'event-updated' action, in the log and undoable, said once it is on disk.
import { useState } from 'preact/hooks';
import type { EventSettings } from '../../../domain/event-file';
import { useI18n } from '../../../i18n';
import { saveErrorMessage } from '../../errors';
import type { TabProps } from '../../screens/event/types';
import { useServices } from '../../services';

/** One 'event-updated' action on settings, said once on disk; `busy` while it is written. */
export function useSettingsSave(dispatch: TabProps['dispatch']) {
  const { t } = useI18n();
  const { notify } = useServices();
  const [busy, setBusy] = useState(false);
  const save = async (settings: Partial<EventSettings>, done: string): Promise<void> => {
    setBusy(true);
    try {
      await dispatch({ type: 'event-updated', patch: { settings } });
      notify(done);
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
