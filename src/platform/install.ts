// The browser's offer to install the app (Chrome, Edge, Android: `beforeinstallprompt`). It may
// come before any screen is drawn, so it is caught at start-up and kept here; the install button
// shows only while an offer is held, and never once the app is installed (Safari makes no offer:
// its « Sur l'écran d'accueil » stays the way, README "Installing on a tablet").

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = (): void => {
  for (const l of listeners) l();
};

export function catchInstallOffer(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (e) => {
    // keep the offer for our own button instead of the browser's mini bar
    e.preventDefault();
    offer = e as InstallPromptEvent;
    emit();
  });
  win.addEventListener('appinstalled', () => {
    offer = null;
    emit();
  });
}

export const installOffered = (): boolean => offer !== null;

export function onInstallOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Shows the browser's install dialog (from a tap); an offer is used once, whatever the answer. */
export async function install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const held = offer;
  if (!held) return 'unavailable';
  offer = null;
  emit();
  await held.prompt();
  return (await held.userChoice).outcome;
}
