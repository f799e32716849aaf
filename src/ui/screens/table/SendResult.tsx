// A table device with a network sends its signed result to the event's intake as soon as both
// players have confirmed (issue 20), so the organizer's desk records it with no walk and no tap.
// The QR and the code stay on screen: without a network, or if the server refuses, the players
// show them at the desk as before. Sending twice is harmless: the same code is one document.
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { sendResultCode, type SendOutcome } from '../../../sync/intake';
import { useServices } from '../../services';

export function SendResult({ address, code }: { address: string; code: string }) {
  const { t } = useI18n();
  const { now } = useServices();
  const [state, setState] = useState<SendOutcome | 'sending'>('sending');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    setState('sending');
    void sendResultCode(address, code, now()).then((r) => alive && setState(r));
    return () => {
      alive = false;
    };
  }, [address, code, attempt]);
  const sent = state === 'sent' || state === 'already';
  return (
    <div class="row" data-testid="result-sent" data-state={state}>
      <p class={sent ? 'ok-text' : state === 'sending' ? 'muted' : 'warning-text'} role="status">
        {t(sent ? 'table.send.sent' : state === 'sending' ? 'table.send.sending' : state === 'unreachable' ? 'table.send.unreachable' : 'table.send.refused')}
      </p>
      {(state === 'unreachable' || state === 'refused') && (
        <button type="button" class="btn" onClick={() => setAttempt((a) => a + 1)}>
          {t('table.send.retry')}
        </button>
      )}
    </div>
  );
}
