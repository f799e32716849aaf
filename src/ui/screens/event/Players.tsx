import { useState } from 'preact/hooks';
import type { EventFile, Player } from '../../../domain/event-file';
import type { Action } from '../../../domain/log';
import { useI18n } from '../../../i18n';
import { saveErrorMessage } from '../../errors';
import { useServices } from '../../services';

interface Props {
  event: EventFile;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
}

const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function nextPlayer(event: EventFile, fields: Pick<Player, 'name' | 'nickname' | 'club' | 'faction'>): Player {
  const number = event.players.reduce((m, p) => Math.max(m, p.number), 0) + 1;
  const ids = new Set(event.players.map((p) => p.id));
  let id = `p${number}`;
  for (let k = 2; ids.has(id); k++) id = `p${number}-${k}`;
  return { id, number, dropped: false, droppedAfterRound: null, lists: [], ...fields };
}

export function Players({ event, dispatch }: Props) {
  const { t } = useI18n();
  const { notify } = useServices();
  const empty = { name: '', nickname: '', club: '', faction: '' };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const name = form.name.trim();
    if (!name) return setError(t('players.nameRequired'));
    const twin = event.players.find((p) => sameName(p.name, name) && sameName(p.nickname ?? '', form.nickname));
    if (twin) return setError(t('players.duplicateName', { name: twin.name, number: twin.number }));
    setBusy(true);
    try {
      const player = nextPlayer(event, { name, nickname: form.nickname.trim(), club: form.club.trim(), faction: form.faction.trim() });
      await dispatch({ type: 'player-registered', player });
      setForm(empty);
      setError(null);
      notify(t('players.saved', { name: player.name, number: player.number }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof empty, label: string) => (
    <label>
      {label}
      <input name={key} value={form[key]} onInput={(e) => setForm({ ...form, [key]: e.currentTarget.value })} autoComplete="off" />
    </label>
  );

  return (
    <section class="players" aria-label={t('event.players')}>
      <form class="panel form inline" onSubmit={submit}>
        {field('name', t('players.name'))}
        {field('nickname', t('players.nickname'))}
        {field('club', t('players.club'))}
        {field('faction', t('players.faction'))}
        <button type="submit" class="btn primary big" disabled={busy}>
          {t('players.add')}
        </button>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </form>
      <p class="muted">{t('players.count', { n: event.players.filter((p) => !p.dropped).length })}</p>
      {event.players.length === 0 ? (
        <p class="empty">{t('players.empty')}</p>
      ) : (
        <table class="table" data-testid="players-table">
          <thead>
            <tr>
              <th scope="col">{t('players.number')}</th>
              <th scope="col">{t('players.name')}</th>
              <th scope="col">{t('players.nickname')}</th>
              <th scope="col">{t('players.club')}</th>
              <th scope="col">{t('players.faction')}</th>
            </tr>
          </thead>
          <tbody>
            {event.players.map((p) => (
              <tr key={p.id} class={p.dropped ? 'dropped' : ''}>
                <td>{p.number}</td>
                <td>
                  {p.name} {p.dropped && <em class="badge">{t('players.dropped')}</em>}
                </td>
                <td>{p.nickname}</td>
                <td>{p.club}</td>
                <td>{p.faction}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
