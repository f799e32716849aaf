// « S'inscrire » on the public players' page (issue 20): a player types their name, club and
// faction and pastes their army lists; the phone checks them with the event's list rules (the
// public page carries the system, the size and the variants, nothing private) and names every
// problem before anything is sent. Sent, the registration waits in the event's intake for the
// organizer to accept or refuse it.
import { useMemo, useState } from 'preact/hooks';
import type { PublicView } from '../../domain/public-view';
import { newRegistrationId, SELF_REGISTRATION_LIMITS } from '../../domain/registration/self-registration';
import { useI18n } from '../../i18n';
import { sendRegistration, type SendOutcome } from '../../sync/intake';
import { useServices } from '../services';
import { checkSelfRegistration, publicEvent, takesPastedLists } from './self-register-check';

type Open = NonNullable<PublicView['registration']>;

export function SelfRegister({ system, registration, onClose }: { system: PublicView['system']; registration: Open; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { now } = useServices();
  const [name, setName] = useState('');
  const [club, setClub] = useState('');
  const [faction, setFaction] = useState('');
  const [lists, setLists] = useState<string[]>(['']);
  const [shown, setShown] = useState<string[] | null>(null);
  const [state, setState] = useState<SendOutcome | 'sending' | null>(null);
  const event = useMemo(() => publicEvent(system, registration), [system, registration]);
  const withLists = takesPastedLists(system);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (state === 'sending' || state === 'sent') return;
    const check = checkSelfRegistration({ name, club, faction, lists: withLists ? lists : [] }, event, t, lang);
    setShown(check.problems);
    if (check.problems.length) return;
    setState('sending');
    const texts = withLists ? lists.map((l) => l.trim()).filter(Boolean) : [];
    setState(
      await sendRegistration(registration.intake, {
        id: newRegistrationId(),
        name: check.fields.name,
        club: check.fields.club ?? '',
        faction: check.fields.faction ?? '',
        lists: texts,
        at: Math.max(0, Math.floor(now())),
      }),
    );
  };

  return (
    <section class="panel self-register" aria-label={t('selfReg.title')}>
      <h2>{t('selfReg.title')}</h2>
      <p class="muted">{withLists ? t('selfReg.intro', { points: registration.points }) : t('selfReg.introNoLists')}</p>
      {state === 'sent' || state === 'already' ? (
        <p class="ok-text" role="status" data-testid="self-register-sent">
          {t('selfReg.sent')}
        </p>
      ) : (
        <form class="form" onSubmit={submit}>
          <label>
            {t('players.name')}
            <input value={name} maxLength={SELF_REGISTRATION_LIMITS.name} onInput={(e) => setName(e.currentTarget.value)} autoComplete="name" />
          </label>
          <label>
            {t('players.club')}
            <input value={club} maxLength={SELF_REGISTRATION_LIMITS.club} onInput={(e) => setClub(e.currentTarget.value)} />
          </label>
          <label>
            {t('players.faction')}
            <input value={faction} maxLength={SELF_REGISTRATION_LIMITS.faction} onInput={(e) => setFaction(e.currentTarget.value)} />
          </label>
          {withLists &&
            lists.map((text, i) => (
              <label key={i}>
                {t('selfReg.list', { n: i + 1 })}
                <textarea
                  rows={8}
                  value={text}
                  maxLength={SELF_REGISTRATION_LIMITS.listChars}
                  onInput={(e) => setLists(lists.map((l, j) => (j === i ? e.currentTarget.value : l)))}
                />
              </label>
            ))}
          {withLists && lists.length < SELF_REGISTRATION_LIMITS.lists && (
            <button type="button" class="btn" onClick={() => setLists([...lists, ''])}>
              {t('selfReg.addList')}
            </button>
          )}
          {shown && shown.length > 0 && (
            <div class="error" role="alert" data-testid="self-register-problems">
              <p>{t('selfReg.problems')}</p>
              <ul>
                {shown.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          {(state === 'unreachable' || state === 'refused') && (
            <p class="error" role="alert">
              {t(state === 'unreachable' ? 'selfReg.unreachable' : 'selfReg.refused')}
            </p>
          )}
          <div class="row">
            <button type="submit" class="btn primary big" disabled={state === 'sending'}>
              {t(state === 'sending' ? 'selfReg.sending' : 'selfReg.send')}
            </button>
            <button type="button" class="btn" onClick={onClose}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
