import { useState } from 'preact/hooks';
import { newEvent, SYSTEMS, type SystemId } from '../../domain/event-file';
import { useI18n } from '../../i18n';
import { PIN_PATTERN } from '../../store/pin';

interface Props {
  today: string;
  onCreate: (event: ReturnType<typeof newEvent>, pin: string | null) => Promise<void>;
  onCancel: () => void;
}

export function CreateEvent({ today, onCreate, onCancel }: Props) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [date, setDate] = useState(today);
  const [system, setSystem] = useState<SystemId>('sr2011');
  const [points, setPoints] = useState(50);
  const [pin, setPinValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!name.trim()) return setError(t('create.nameRequired'));
    if (pin && !PIN_PATTERN.test(pin)) return setError(t('pin.invalid'));
    setBusy(true);
    try {
      await onCreate(newEvent({ name: name.trim(), date, system, points }), pin || null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="panel form" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">{t('create.title')}</h2>
      <label>
        {t('create.name')}
        <input name="name" value={name} onInput={(e) => setName(e.currentTarget.value)} autoFocus aria-required="true" />
      </label>
      <div class="row">
        <label>
          {t('create.date')}
          <input name="date" type="date" value={date} onInput={(e) => setDate(e.currentTarget.value)} required />
        </label>
        <label>
          {t('create.points')}
          <input name="points" type="number" min={1} value={points} onInput={(e) => setPoints(Number(e.currentTarget.value))} required />
        </label>
      </div>
      <label>
        {t('create.system')}
        <select name="system" value={system} onChange={(e) => setSystem(e.currentTarget.value as SystemId)}>
          {SYSTEMS.map((s) => (
            <option key={s} value={s}>
              {t(`system.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('pin.label')}
        <input name="pin" type="password" inputMode="numeric" autoComplete="new-password" value={pin} onInput={(e) => setPinValue(e.currentTarget.value)} />
        <span class="muted">{t('pin.help')}</span>
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row end">
        <button type="button" class="btn" onClick={onCancel}>
          {t('create.cancel')}
        </button>
        <button type="submit" class="btn primary" disabled={busy}>
          {t('create.submit')}
        </button>
      </div>
    </form>
  );
}
