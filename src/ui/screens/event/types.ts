import type { EventFile } from '../../../domain/event-file';
import type { Action } from '../../../domain/log';
import type { EventMeta } from '../../../store/schema';

/** What every tab of the event screen receives. `dispatch` resolves once the actions are on disk. */
export interface TabProps {
  eventId: string;
  meta: EventMeta;
  event: EventFile;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
}
