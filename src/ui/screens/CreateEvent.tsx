import { useState } from 'preact/hooks';
import { newEvent, SYSTEMS, type SystemId } from '../../domain/event-file';
import { useI18n } from '../../i18n';
import { PIN_PATTERN } from '../../store/pin';
import { DEFAULT_POINTS, RACKHAM_SIZES } from './system-defaults';

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
  // as typed: a system without a default size starts empty and the organizer must fill it
  const [points, setPoints] = useState<string>(String(DEFAULT_POINTS.sr2011));
  const [pin, setPinValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!name.trim()) return setError(t('create.nameRequired'));
    const size = Math.round(Number(points));
    if (!points.trim() || !Number.isFinite(size) || size < 1) return setError(t('systems.create.pointsRequired'));
    if (pin && !PIN_PATTERN.test(pin)) return setError(t('pin.invalid'));
    setBusy(true);
    try {
      await onCreate(newEvent({ name: name.trim(), date, system, points: size }), pin || null);
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
      <label>
        {t('create.system')}
        <select
          name="system"
          value={system}
          onChange={(e) => {
            const next = e.currentTarget.value as SystemId;
            setSystem(next);
            setPoints(DEFAULT_POINTS[next] === null ? '' : String(DEFAULT_POINTS[next]));
          }}
        >
          {SYSTEMS.map((s) => (
            <option key={s} value={s}>
              {t(`system.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <div class="row">
        <label>
          {t('create.date')}
          <input name="date" type="date" value={date} onInput={(e) => setDate(e.currentTarget.value)} required />
        </label>
        {system === 'confrontation-rackham' ? (
          <div class="radios" role="radiogroup" aria-label={t('systems.rackham.format')}>
            {RACKHAM_SIZES.map((n) => (
              <label class="check" key={n}>
                <input type="radio" name="points" checked={points === String(n)} onChange={() => setPoints(String(n))} />
                {t(n === 200 ? 'systems.rackham.challenge' : 'systems.rackham.points500')}
              </label>
            ))}
          </div>
        ) : (
          <label>
            {system === 'sr2011' ? t('create.points') : t('systems.format.size')}
            {/* checked on submit, not by the browser: its bubble cannot say what a size is for */}
            <input name="points" type="number" min={1} value={points} onInput={(e) => setPoints(e.currentTarget.value)} aria-required="true" />
            {DEFAULT_POINTS[system] === null && <span class="muted">{t('systems.create.pointsAsk')}</span>}
          </label>
        )}
      </div>
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
