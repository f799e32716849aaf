// What a system's end-of-event panel under the standings receives. Kept below both the systems'
// UI registry (src/ui/systems/) and the panels themselves, so neither imports back through the
// other.
import type { EventFile } from '../../../../domain/event-file';
import type { AnyRow } from '../../../systems/shared/standings-model';
import type { TabProps } from '../types';

export interface EndPanelProps {
  eventId: string;
  event: EventFile;
  dispatch: TabProps['dispatch'];
  /** the rows of the standings on screen */
  rows: readonly AnyRow[];
  /** the standings on screen are the latest ones */
  isLatest: boolean;
  /** ...and every game of their round is in */
  viewComplete: boolean;
}
