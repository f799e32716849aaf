import { getEventSecret } from '../../../store/secrets';
import { useServices } from '../../services';
// The organizer takes a table's result: the camera reads its QR, or the code is typed. Each
// reading goes through accept-result's checks; a repeat of a recorded result records nothing.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile } from '../../../domain/event-file';
import type { Action } from '../../../domain/log';
import { useI18n } from '../../../i18n';
import { saveErrorMessage } from '../../errors';
import { intakeCode } from './accept-result';
import { Scanner, useCamera } from './Scanner';

export interface ResultIntakeProps {
  event: EventFile;
  eventId: string;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  onClose: () => void;
}

/** The camera sees the same QR many times a second: one reading per code every few seconds. */
const REPEAT_MS = 4000;

export function ResultIntake({ event, eventId, dispatch, onClose }: ResultIntakeProps) {
  const { t, lang } = useI18n();
  const { db } = useServices();
  const [code, setCode] = useState('');
  const camera = useCamera(true);
  const cameraButton = camera.button(t('table.scan.label'), t);
  const [note, setNote] = useState<{ kind: 'ok' | 'info' | 'error'; lines: string[] } | null>(null);
  const busy = useRef(false);
  const last = useRef<{ text: string; at: number } | null>(null);
  const eventRef = useRef(event);
  eventRef.current = event;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'start' }), []);

  const take = async (text: string, fromCamera: boolean): Promise<void> => {
    const clean = text.trim();
    if (busy.current) return;
    if (fromCamera && last.current && last.current.text === clean && Date.now() - last.current.at < REPEAT_MS) return;
    last.current = { text: clean, at: Date.now() };
    busy.current = true;
    try {
      const intake = await intakeCode(eventRef.current, eventId, clean, t, lang, await getEventSecret(db, eventId));
      if (intake.kind === 'refused') return setNote({ kind: 'error', lines: intake.messages });
      if (intake.kind === 'duplicate') return setNote({ kind: 'info', lines: [t('table.intake.duplicate', { table: intake.table, round: intake.round })] });
      await dispatch({ type: 'result-recorded', round: intake.round, table: intake.table, result: intake.result });
      setNote({ kind: 'ok', lines: [t('table.intake.recorded', { table: intake.table, round: intake.round })] });
      if (!fromCamera) setCode('');
    } catch (err) {
      setNote({ kind: 'error', lines: [saveErrorMessage(err, t)] });
    } finally {
      busy.current = false;
    }
  };

  return (
    <section ref={panel} class="panel result-intake" aria-label={t('table.intake.title')}>
      <div class="row">
        <h2>{t('table.intake.title')}</h2>
        {cameraButton && (
          <button type="button" class="btn" onClick={cameraButton.action} aria-expanded={camera.scanning}>
            {cameraButton.label}
          </button>
        )}
        <button type="button" class="btn" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p class="muted">{t('table.intake.help')}</p>
      {camera.scanning && <Scanner key={camera.attempt} onText={(s) => void take(s, true)} onState={camera.onState} />}
      <form
        class="form inline"
        onSubmit={(e) => {
          e.preventDefault();
          void take(code, false);
        }}
      >
        <label>
          {t('table.intake.code')}
          <input
            type="text"
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellcheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
            class="code-input"
          />
        </label>
        <button type="submit" class="btn primary big">
          {t('table.intake.submit')}
        </button>
      </form>
      {note && (
        <div class={`intake-note ${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'} data-testid="intake-note">
          {note.lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
      )}
    </section>
  );
}
