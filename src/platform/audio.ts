// One AudioContext for the page, unlocked by the user's first tap. Safari (iPad) and Chrome start
// a context suspended unless it is created or resumed inside a user gesture, and a timer's alarm
// fires from a timer, not a gesture: without this the first alarm of a round could be silent.

let shared: AudioContext | null = null;

type Ctor = typeof AudioContext;
const ctor = (): Ctor | undefined => globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: Ctor }).webkitAudioContext;

/** The page's context, created on first use (browsers cap how many a page may open). */
export function audioContext(): AudioContext | null {
  const Ctx = ctor();
  if (!Ctx) return null;
  shared ??= new Ctx();
  return shared;
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

/** Unlocks the audio on the first tap or key press anywhere in the page, then stops listening. */
export function unlockAudioOnFirstGesture(doc: Document = document): () => void {
  const events = ['pointerdown', 'keydown', 'touchend'] as const;
  const stop = (): void => events.forEach((e) => doc.removeEventListener?.(e, onGesture, true));
  const onGesture = (): void => {
    unlockAudio();
    if (shared?.state === 'running') stop();
  };
  for (const e of events) doc.addEventListener(e, onGesture, true);
  return stop;
}

/** Tests only: forget the page's context. */
export function resetAudioForTests(): void {
  shared = null;
}
