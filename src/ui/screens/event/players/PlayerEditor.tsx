import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile, Player } from '../../../../domain/event-file';
import type { Action } from '../../../../domain/log';
import { useI18n } from '../../../../i18n';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { findTwin } from './model';
import { formOf, PlayerFields, trimForm, type PlayerForm } from './PlayerFields';

interface Props {
  player: Player;
  event: EventFile;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  onDone: () => void;
  /** the log seq when the editor opened: a save after another tab changed this player is refused */
  openedAt?: number;
}

/** Edit of a registered player's name, nickname, club/city and faction (`player-updated`). */
export function PlayerEditor({ player, event, dispatch, onDone, openedAt }: Props) {
  const basedOn = useRef(openedAt);
  const { t } = useI18n();
  const { notify } = useServices();
  const [form, setForm] = useState<PlayerForm>(() => formOf(player));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const next = trimForm(form);
    if (!next.name) return setError(t('players.nameRequired'));
    const twin = findTwin(event.players, next.name, next.nickname, player.id);
    if (twin) return setError(t('players.duplicateName', { name: twin.name, number: twin.number }));
    const before = formOf(player);
    const patch: Partial<PlayerForm> = {};
    for (const k of Object.keys(next) as (keyof PlayerForm)[]) if (next[k] !== before[k]) patch[k] = next[k];
    if (Object.keys(patch).length === 0) return onDone();
    setBusy(true);
    try {
      await dispatch({ type: 'player-updated', id: player.id, patch, ...(basedOn.current !== undefined && { basedOn: basedOn.current }) });
      notify(t('players.updated', { name: next.name }));
      onDone();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
      setBusy(false);
    }
  };

  return (
    <form class="panel form inline player-editor" onSubmit={submit} aria-labelledby="player-editor-title">
      <h2 id="player-editor-title" ref={heading} tabIndex={-1}>
        {t('players.editTitle', { number: player.number })}
      </h2>
      <PlayerFields value={form} onChange={setForm} system={event.system} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row end editor-actions">
        <button type="button" class="btn big" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="submit" class="btn primary big" disabled={busy}>
          {t('players.save')}
        </button>
      </div>
    </form>
  );
}
