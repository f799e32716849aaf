// One AudioContext for the page, unlocked by a user's tap. Safari (iPad) and Chrome start a
// context suspended unless it is created or resumed inside a user gesture, and a timer's alarm
// fires from a timer, not a gesture: without this the first alarm of a round could be silent.
//
// Creating the context is a blocking call (~100 ms on a throttled tablet: the audio device is
// opened on the main thread), so it is not done on the page's first tap any more (it made the
// first tap of check-in or registration a long task). It is created inside a tap only while a
// screen that can sound is shown (`wantSound`, held by the screens that keep the tablet awake:
// the round's clock, the table clock, the projector): the organizer's « Démarrer la ronde » or
// the table's first tap on its clock is then the gesture that creates it, so the first alarm is
// audible on iPad as before. A context created elsewhere (a sound asked for outside any such
// screen, e.g. the results desk's beep) starts where the browser allows it (Chrome: after any
// earlier tap) and is resumed by the next tap otherwise.

let shared: AudioContext | null = null;
/** the screens that can sound, shown now (a set, so a late release after a reset counts for nothing) */
const wanting = new Set<object>();

type Ctor = typeof AudioContext;
const ctor = (): Ctor | undefined => globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: Ctor }).webkitAudioContext;

/** The page's context, created on first use (browsers cap how many a page may open). */
export function audioContext(): AudioContext | null {
  const Ctx = ctor();
  if (!Ctx) return null;
  shared ??= new Ctx();
  return shared;
}

/** A screen that can sound is shown: the next tap creates and unlocks the context. Returns the release. */
export function wantSound(): () => void {
  const token = {};
  wanting.add(token);
  return () => void wanting.delete(token);
}

/** Inside a user gesture: create or resume the context and play one silent sample (iOS wants a sound started by the gesture). */
export function unlockAudio(): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume();
    const source = ctx.createBufferSource();
    source.buffer = ctx.createBuffer(1, 1, 22_050);
    source.connect(ctx.destination);
    source.start(0);
  } catch {
    // no audio device: the alarms fall back to colour and vibration
  }
}

/** Unlocks the audio on a tap or key press while a screen that can sound is shown (or once a context exists), until it runs. */
export function unlockAudioOnFirstGesture(doc: Document = document): () => void {
  const events = ['pointerdown', 'keydown', 'touchend'] as const;
  const stop = (): void => events.forEach((e) => doc.removeEventListener?.(e, onGesture, true));
  const onGesture = (): void => {
    if (shared === null && wanting.size === 0) return;
    unlockAudio();
    if (shared?.state === 'running') stop();
  };
  for (const e of events) doc.addEventListener(e, onGesture, true);
  return stop;
}

/** Tests only: forget the page's context. */
export function resetAudioForTests(): void {
  shared = null;
  wanting.clear();
}
