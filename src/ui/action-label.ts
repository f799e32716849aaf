import type { EventFile } from '../domain/event-file';
import type { Action } from '../domain/log';
import type { Translate } from '../i18n';

/** "registration of Ana Duval": what an undo button says it undid. */
export function actionLabel(action: Action, event: EventFile | null, t: Translate): string {
  const nameOf = (id: string): string => event?.players.find((p) => p.id === id)?.name ?? id;
  switch (action.type) {
    case 'player-registered':
      return t('action.player-registered', { name: action.player.name });
    case 'player-updated':
    case 'player-dropped':
    case 'player-reinstated':
      return t(`action.${action.type}`, { name: nameOf(action.id) });
    case 'players-absent':
      return t('action.players-absent', { names: action.ids.map(nameOf).join(', ') });
    case 'players-checked-in':
      return t('action.players-checked-in', { n: action.ids.length });
    case 'round-paired':
      return t('action.round-paired', { round: action.round.number });
    case 'round-updated':
      // the three steps of a round the organizer recognises, before the generic « modification »
      if (typeof action.patch.finishedAt === 'number') return t('action.round-closed', { round: action.number });
      if (typeof action.patch.startedAt === 'number') return t('action.round-started', { round: action.number });
      if ('scenario' in action.patch) return t('action.round-scenario', { round: action.number });
      return t('action.round-updated', { round: action.number });
    case 'round-deleted':
      return t(`action.${action.type}`, { round: action.number });
    case 'pairings-swapped':
      return t('action.pairings-swapped', { round: action.round });
    case 'result-recorded':
    case 'result-corrected':
      return t(`action.${action.type}`, { round: action.round, table: action.table });
    case 'backup-restored':
      return t('action.backup-restored', { time: new Date(action.backupAt).toLocaleString() });
    default:
      return t(`action.${action.type}`);
  }
}
