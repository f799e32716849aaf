// What a PIN-locked event screen shows the hall: the round's timer, with the device's clock
// checked against the others'. A chunk of its own (src/ui/screens/event/tabs.tsx): an unlocked
// start never evaluates the clocks' code.
import type { EventFile } from '../../../domain/event-file';
import { DeviceClock } from './rounds/DeviceClock';
import { HallTimer } from './rounds/HallTimer';

export function HallLocked({ eventId, event }: { eventId: string; event: EventFile }) {
  return (
    <DeviceClock eventId={eventId} version={event}>
      <HallTimer event={event} />
    </DeviceClock>
  );
}
