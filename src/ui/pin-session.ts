// Which events this page has unlocked. Memory only: a reload, a new tab or a shared tablet picked
// up by someone else starts locked again.
const unlocked = new Set<string>();
const listeners = new Set<() => void>();

export const isUnlocked = (eventId: string): boolean => unlocked.has(eventId);
export function setUnlocked(eventId: string, value: boolean): void {
  if (value) unlocked.add(eventId);
  else unlocked.delete(eventId);
  listeners.forEach((l) => l());
}
export function onUnlockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
