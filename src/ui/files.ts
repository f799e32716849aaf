// Getting files in and out of a tablet with no network: a download link and a file picker.
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadText(filename: string, text: string, type = 'application/json'): void {
  downloadBlob(filename, new Blob([text], { type }));
}

/** A file-name-safe form of a name: no accents, lower case, dashes. */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || fallback;
}

export function fileSlug(name: string, date: string): string {
  return `${slugify(name, 'evenement')}-${date}.json`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * An export or backup file named for what it holds and when: « open-de-lyon-2026-12-05-ronde-3-1432.json »
 * (the last round paired, the local time taken), so a folder of them sorts and reads at a glance.
 * `roundWord` is the interface language's word ('ronde', 'round'); no round yet: no round part.
 */
export function eventFileName(event: { name: string; date: string }, round: number, at: number, roundWord = 'ronde'): string {
  const d = new Date(at);
  const time = `${pad(d.getHours())}${pad(d.getMinutes())}`;
  const part = round > 0 ? `-${slugify(roundWord, 'ronde')}-${round}` : '';
  return `${slugify(event.name, 'evenement')}-${event.date}${part}-${time}.json`;
}

/** The last round paired (0 before the first pairing). */
export function lastRound(event: { rounds: ReadonlyArray<{ number: number }> }): number {
  return event.rounds.reduce((m, r) => Math.max(m, r.number), 0);
}
