// « Inscriptions reçues » (issue 20): the registrations players sent from the public page, read
// from the event's intake. Each one goes through the same checks as a registration typed at the
// desk (a name, no namesake, lists by the system's rules) before it may be accepted; a name
// already registered is flagged and never merged. « Accepter » logs one `player-registered`
// (the player carries the registration's id, so it is accepted once, on any device); « Refuser »
// asks for a reason and keeps it on this device so the registration does not come back.
import { useEffect, useState } from 'preact/hooks';
import type { EventFile, Player } from '../../../../domain/event-file';
import type { Action } from '../../../../domain/log';
import type { SelfRegistration } from '../../../../domain/registration/self-registration';
import { useI18n } from '../../../../i18n';
import { getSetting, setSetting } from '../../../../store/settings';
import { useIntakeFeed } from '../../../desk/use-intake-feed';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { checkSelfRegistration, type SelfRegistrationCheck } from '../../../sync/self-register-check';
import { nextPlayer } from './model';
import { Form } from '../../../components/Form';

export interface RegistrationsProps {
  event: EventFile;
  eventId: string;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
}

type Refusals = Record<string, string>;
const refusalsKey = (eventId: string): string => `selfRegistrationsRefused:${eventId}`;

/** The player a registration makes, checked against `event` as it stands. */
function candidate(reg: SelfRegistration, event: EventFile, check: SelfRegistrationCheck): Player {
  return { ...nextPlayer(event, check.fields), lists: check.lists, selfRegistration: reg.id };
}

/** The players `list` makes, checked one after the other: two registrations of one name in a batch are not both taken. */
function takeable(list: SelfRegistration[], event: EventFile, t: Parameters<typeof checkSelfRegistration>[2], lang: Parameters<typeof checkSelfRegistration>[3]): Player[] {
  let acc = event;
  const players: Player[] = [];
  for (const r of list) {
    const check = checkSelfRegistration(r, acc, t, lang);
    if (check.problems.length || check.twin) continue;
    const p = candidate(r, acc, check);
    players.push(p);
    acc = { ...acc, players: [...acc.players, p] };
  }
  return players;
}

export function Registrations({ event, eventId, dispatch }: RegistrationsProps) {
  const { t, lang } = useI18n();
  const { db, notify } = useServices();
  const [regs, setRegs] = useState<SelfRegistration[]>([]);
  const [refused, setRefused] = useState<Refusals>({});
  const [refusing, setRefusing] = useState<Refusing | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void getSetting<Refusals>(db, refusalsKey(eventId), {}).then(setRefused);
  }, [db, eventId]);
  useIntakeFeed(eventId, async () => undefined, 3_000, {
    registrations: async (batch) =>
      setRegs((before) => {
        const ids = new Set(before.map((r) => r.id));
        const fresh = batch.filter((r) => !ids.has(r.id));
        return fresh.length ? [...before, ...fresh] : before;
      }),
  });

  const accepted = new Set(event.players.map((p) => p.selfRegistration).filter((x): x is string => typeof x === 'string'));
  const pending = regs.filter((r) => !accepted.has(r.id) && !(r.id in refused));
  if (pending.length === 0) return null;
  const checks = new Map(pending.map((r) => [r.id, checkSelfRegistration(r, event, t, lang)]));
  const blocked = (c: SelfRegistrationCheck): boolean => c.problems.length > 0 || c.twin !== null;
  const clean = pending.filter((r) => !blocked(checks.get(r.id)!));

  const accept = async (list: SelfRegistration[]): Promise<void> => {
    if (busy || list.length === 0) return;
    setBusy(true);
    try {
      const players = takeable(list, event, t, lang);
      if (players.length === 0) return;
      const after = await dispatch(...players.map((player): Action => ({ type: 'player-registered', player })));
      const added = after.players.slice(-players.length);
      notify(added.length === 1 ? t('registrations.accepted', { name: added[0]!.name, number: added[0]!.number }) : t('registrations.acceptedMany', { n: added.length }));
      if (players.length < list.length) notify(t('registrations.skipped', { n: list.length - players.length }), 'error');
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const refuse = async (): Promise<void> => {
    if (!refusing) return;
    const reason = refusing.reason.trim();
    if (!reason) return setRefusing({ ...refusing, error: true });
    const reg = pending.find((r) => r.id === refusing.id);
    const next = { ...refused, [refusing.id]: reason };
    try {
      await setSetting(db, refusalsKey(eventId), next);
      setRefused(next);
      setRefusing(null);
      if (reg) notify(t('registrations.refused', { name: reg.name, reason }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  return (
    <section class="panel registrations" aria-label={t('registrations.title', { n: pending.length })} data-testid="registrations">
      <div class="row">
        <h2>{t('registrations.title', { n: pending.length })}</h2>
        {clean.length > 0 && (
          <button type="button" class="btn primary" disabled={busy} onClick={() => void accept(clean)}>
            {t('registrations.acceptAll', { n: clean.length })}
          </button>
        )}
      </div>
      <ul class="registration-list">
        {pending.map((r) => {
          const check = checks.get(r.id)!;
          return (
            <li key={r.id} data-testid="registration" data-name={r.name}>
              <RegistrationFacts r={r} check={check} />
              {refusing?.id === r.id ? (
                <RefuseForm name={r.name} refusing={refusing} setRefusing={setRefusing} onRefuse={() => void refuse()} />
              ) : (
                <div class="row">
                  <button type="button" class="btn primary" disabled={busy || blocked(check)} onClick={() => void accept([r])}>
                    {t('registrations.accept')}
                  </button>
                  <button type="button" class="btn" onClick={() => setRefusing({ id: r.id, reason: '', error: false })}>
                    {t('registrations.refuse')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Refusing = { id: string; reason: string; error: boolean };

/** Who registered, and why they cannot be taken as they are (a twin, a problem in a field). */
function RegistrationFacts({ r, check }: { r: SelfRegistration; check: SelfRegistrationCheck }) {
  const { t } = useI18n();
  return (
    <>
      <p class="registration-who">
        <strong>{r.name}</strong>
        {[r.club, r.faction].filter(Boolean).map((x) => ` · ${x}`)}
        {r.lists.length > 0 && ` · ${t('registrations.lists', { n: r.lists.length })}`}
      </p>
      {check.twin && (
        <p class="warning-text" data-testid="registration-duplicate">
          {t('registrations.duplicate', { name: check.twin.name, number: check.twin.number })}
        </p>
      )}
      {check.problems.length > 0 && (
        <ul class="error">
          {check.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A refusal needs its reason, kept on this device and said to the organizer. */
function RefuseForm({ name, refusing, setRefusing, onRefuse }: { name: string; refusing: Refusing; setRefusing: (next: Refusing | null) => void; onRefuse: () => void }) {
  const { t } = useI18n();
  return (
    <Form class="form inline" onSubmit={() => onRefuse()}>
      <label>
        {t('registrations.reason')}
        <input value={refusing.reason} onInput={(e) => setRefusing({ ...refusing, reason: e.currentTarget.value, error: false })} />
      </label>
      <button type="submit" class="btn danger">
        {t('registrations.confirmRefuse', { name })}
      </button>
      <button type="button" class="btn" onClick={() => setRefusing(null)}>
        {t('common.cancel')}
      </button>
      {refusing.error && (
        <p class="error" role="alert">
          {t('registrations.reasonRequired')}
        </p>
      )}
    </Form>
  );
}
