// Owns cross-tab freshness: IndexedDB already serialises writers, this only tells the other tabs
// that an event changed so they reload it instead of showing (and acting on) a stale copy.
export interface ChangeMessage {
  eventId: string | null;
  seq: number;
  kind: 'appended' | 'created' | 'deleted';
}

const NAME = 'wargame-tournament-changes';

export function announceChange(msg: ChangeMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(NAME);
  ch.postMessage(msg);
  ch.close();
}

export function listenForChanges(onChange: (msg: ChangeMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const ch = new BroadcastChannel(NAME);
  ch.onmessage = (e: MessageEvent<ChangeMessage>) => onChange(e.data);
  return () => ch.close();
}
