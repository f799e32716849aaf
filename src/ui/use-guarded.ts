// A screen's action run so that a failure to save is said in the status line, never silent.
import { useI18n } from '../i18n';
import { saveErrorMessage } from './errors';
import { useServices } from './services';

export function useGuarded(): (work: () => Promise<void>) => Promise<void> {
  const { notify } = useServices();
  const { t } = useI18n();
  return async (work) => {
    try {
      await work();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };
}
