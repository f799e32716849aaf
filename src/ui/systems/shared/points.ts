// The unit each system's standings count in, and a number said in it. Below the systems' UI
// registry (index.tsx) because the registered result form says it too: reading it through the
// registry made the form and the registry import each other.
import type { EventFile, SystemId } from '../../../domain/event-file';
import type { Translate } from '../../../i18n';
import { formatNumber } from './model';

/** tournament points ("7 PT") or points ("2 pts") */
export const POINTS_UNIT: Record<SystemId, 'tp' | 'points'> = {
  sr2011: 'tp',
  'confrontation-rackham': 'points',
  'confrontation-cdr': 'tp',
  'lotr-sbg': 'points',
};

/** "7 PT", "2 pts": a number in the unit the system's standings count. */
export function pointsText(event: Pick<EventFile, 'system' | 'settings'>, n: number, t: Translate, lang: 'fr' | 'en' = 'fr'): string {
  return POINTS_UNIT[event.system] === 'tp' ? t('rounds.tp', { n }) : t('systems.points', { n, value: formatNumber(n, lang) });
}
