// The end of the event for the systems whose rounds are counted by their pairing method (a
// bracket's champion, a full round robin, the Swiss count): a proposal the organizer confirms,
// and, where the system ends its tie chain with a duel (LotR), the players a duel must split.
import { isEventFinished, roundsCompleted } from '../../../domain/systems/event-state';
import { useI18n } from '../../../i18n';
import type { EventFile } from '../../../domain/event-file';
import type { EndPanelProps } from '../../screens/event/standings/end-panel';
import { eventComplete, recordedDuels, type AnyRow } from './standings-model';
import { useSettingsSave } from './settings-save';

/** `duels`: the system's groups a duel must split (LotR: only in its final standings), when it has duels */
export function SystemEndCheck({
  event,
  dispatch,
  rows,
  isLatest,
  viewComplete,
  duels: duelsOf,
}: EndPanelProps & { duels?: (event: EventFile, rows: readonly AnyRow[]) => AnyRow[][] }) {
  const { t } = useI18n();
  const { busy, save } = useSettingsSave(dispatch);
  if (!isLatest || !viewComplete) return null;
  const finished = isEventFinished(event);
  const nameOf = (id: string): string => event.players.find((p) => p.id === id)?.name ?? id;
  const completed = roundsCompleted(event);
  const complete = eventComplete(event, completed);
  // a duel settles a final place: offered on the latest standings once they are the final ones
  const duels = duelsOf ? duelsOf(event, rows) : [];
  const recordDuel = (group: readonly AnyRow[], winner: AnyRow): Promise<void> =>
    save({ duels: [...recordedDuels(event), { players: group.map((r) => r.id), winner: winner.id }] }, t('systems.duel.saved', { name: winner.name }));

  return (
    <>
      <section class={`panel standings-end compact no-print ${finished ? 'done' : 'info'}`} data-testid="end-check">
        {finished ? (
          <div class="row">
            <p>
              <strong>{t('standings.end.finished')}</strong> {rows[0] && t('standings.end.winner', { name: rows[0].name })}
            </p>
            <button type="button" class="btn" disabled={busy} onClick={() => save({ finished: false, finishedAfterRound: null }, t('standings.end.savedReopened'))}>
              {t('standings.end.reopen')}
            </button>
          </div>
        ) : (
          <div class="row">
            <p>
              {complete.champion !== null
                ? t('systems.end.champion', { name: nameOf(complete.champion) })
                : complete.done
                  ? t('systems.end.allPlayed', { n: completed })
                  : t('systems.end.prompt', { n: completed })}
            </p>
            <button
              type="button"
              class={complete.done ? 'btn primary big' : 'btn'}
              disabled={busy}
              onClick={() => save({ finished: true, finishedAfterRound: completed }, t('standings.end.savedFinished'))}
            >
              {t('standings.end.finish')}
            </button>
          </div>
        )}
      </section>
      {duels.map((group) => (
        <section key={group.map((r) => r.id).join('|')} class="panel standings-end compact propose no-print duel" data-testid="duel">
          <p class="proposal">
            <strong>{t('systems.duel.tied', { names: group.map((r) => r.name).join(', '), rank: group[0]!.rank })}</strong>
          </p>
          <p class="muted">{t('systems.duel.rule')}</p>
          <div class="row">
            {group.map((r) => (
              <button key={r.id} type="button" class="btn primary" disabled={busy} onClick={() => void recordDuel(group, r)}>
                {t('systems.duel.winner', { name: r.name })}
              </button>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
