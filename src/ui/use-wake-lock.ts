// The screen stays on while a clock runs or the hall's projector shows: the table clock, the
// organizer's round timer while a round runs, the projector. Re-asked on every return to the page
// (src/platform/wake-lock.ts).
import { useEffect } from 'preact/hooks';
import { keepScreenAwake } from '../platform/wake-lock';

export function useWakeLock(on = true): void {
  useEffect(() => (on ? keepScreenAwake().release : undefined), [on]);
}
