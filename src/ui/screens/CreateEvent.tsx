import { useState } from 'preact/hooks';
import { newEvent } from '../../domain/event-file/new-event';
import { SYSTEMS, type SystemId } from '../../domain/event-file/types';
import { useI18n } from '../../i18n';
import { hasSubtleCrypto } from '../../platform/ids';
import { PIN_PATTERN } from '../../store/pin';
import { SIZES } from '../systems/sizes';

interface Props {
  today: string;
  onCreate: (event: ReturnType<typeof newEvent>, pin: string | null) => Promise<void>;
  onCancel: () => void;
}

const sizeText = (system: SystemId): string => {
  const size = SIZES[system].default;
  return size === null ? '' : String(size);
};

export function CreateEvent({ today, onCreate, onCancel }: Props) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [date, setDate] = useState(today);
  // the first system of the format's list is the one most events use
  const [system, setSystem] = useState<SystemId>(SYSTEMS[0]);
  // as typed: a system without a default size starts empty and the organizer must fill it
  const [points, setPoints] = useState<string>(() => sizeText(SYSTEMS[0]));
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
            setPoints(sizeText(next));
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
        <SizeField system={system} points={points} setPoints={setPoints} />
      </div>
      {hasSubtleCrypto() ? (
        <label>
          {t('pin.label')}
          <input name="pin" type="password" inputMode="numeric" autoComplete="new-password" value={pin} onInput={(e) => setPinValue(e.currentTarget.value)} />
          <span class="muted">{t('pin.help')}</span>
        </label>
      ) : (
        // plain http on a LAN: no PBKDF2 here, so no PIN rather than an event created without it
        <p class="muted" data-testid="pin-unavailable">
          {t('pin.unavailable')}
        </p>
      )}
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

/** The event's size: the system's named formats as radio buttons, or points to type. */
function SizeField({ system, points, setPoints }: { system: SystemId; points: string; setPoints: (points: string) => void }) {
  const { t } = useI18n();
  const size = SIZES[system];
  return size.choices ? (
    <div class="radios" role="radiogroup" aria-label={t(size.choicesLabel ?? 'systems.format.size')}>
      {size.choices.map((c) => (
        <label class="check" key={c.points}>
          <input type="radio" name="points" checked={points === String(c.points)} onChange={() => setPoints(String(c.points))} />
          {t(c.label)}
        </label>
      ))}
    </div>
  ) : (
    <label>
      {t(size.label ?? 'systems.format.size')}
      {/* checked on submit, not by the browser: its bubble cannot say what a size is for */}
      <input name="points" type="number" min={1} value={points} onInput={(e) => setPoints(e.currentTarget.value)} aria-required="true" />
      {size.default === null && <span class="muted">{t('systems.create.pointsAsk')}</span>}
    </label>
  );
}
