// Which events this tab has unlocked. Kept in sessionStorage (issue 12): a reload of the same tab
// stays unlocked, while a new tab, a closed browser, a shared tablet picked up by someone else
// after « Verrouiller » starts locked again (memory is the fallback when storage is refused).
// Listeners also hear of a PIN set or removed, so the screens showing « Verrouiller » update at
// once. A new recovery code waits here (memory only) until the event screen has shown it once.
const KEY = 'pin-unlocked';
const unlocked = new Set<string>(readStored());

function readStored(): string[] {
  try {
    const v = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function store(): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify([...unlocked]));
  } catch {
    // private mode or quota: the unlock lasts until the next reload only
  }
}

const listeners = new Set<() => void>();
const recoveryCodes = new Map<string, string>();

export const isUnlocked = (eventId: string): boolean => unlocked.has(eventId);
export function setUnlocked(eventId: string, value: boolean): void {
  if (value) unlocked.add(eventId);
  else unlocked.delete(eventId);
  store();
  listeners.forEach((l) => l());
}
/** A PIN was set, changed or removed: every screen re-reads whether the event has one. */
export function pinChanged(): void {
  listeners.forEach((l) => l());
}
export function onUnlockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands a fresh recovery code to the event screen, which shows it once. */
export function showRecoveryCode(eventId: string, code: string): void {
  recoveryCodes.set(eventId, code);
  listeners.forEach((l) => l());
}
export const pendingRecoveryCode = (eventId: string): string | null => recoveryCodes.get(eventId) ?? null;
export function recoveryCodeShown(eventId: string): void {
  recoveryCodes.delete(eventId);
  listeners.forEach((l) => l());
}
