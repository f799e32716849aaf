// The event file as text: its own module so the screens that only write files (export, backups,
// on the home screen) do not bring the validation and every system's rules into the start-up bundle.
import type { EventFile } from './types';

export function serializeEventFile(event: EventFile): string {
  return JSON.stringify(event, null, 2) + '\n';
}
