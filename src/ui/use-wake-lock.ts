// The screen stays on while a clock runs or the hall's projector shows: the table clock, the
// organizer's round timer while a round runs, the projector. Re-asked on every return to the page
// (src/platform/wake-lock.ts).
import { useEffect, useLayoutEffect } from 'preact/hooks';
import { wantSound } from '../platform/audio';
import { keepScreenAwake } from '../platform/wake-lock';

export function useWakeLock(on = true): void {
  useEffect(() => (on ? keepScreenAwake().release : undefined), [on]);
  // The screens that keep the tablet awake are the ones whose clocks sound: while one is shown
  // (its round started or not), a tap creates the audio context inside the gesture, so the first
  // alarm is audible on iPad (src/platform/audio.ts says why not on the page's first tap). A layout
  // effect: taken in the render's commit and given back at unmount, never left pending after the
  // frame, where a screen gone before its effects ran would hold it for good (seen on a loaded
  // machine: a later tap elsewhere then opened the audio device).
  useLayoutEffect(() => wantSound(), []);
}
