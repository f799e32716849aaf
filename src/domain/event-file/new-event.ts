import { EVENT_FORMAT, EVENT_FORMAT_VERSION, type EventFile, type SystemId } from './types';

export function newEvent(init: { name: string; date: string; system: SystemId; points: number; variants?: string[] }): EventFile {
  return {
    format: EVENT_FORMAT,
    version: EVENT_FORMAT_VERSION,
    system: init.system,
    name: init.name,
    date: init.date,
    settings: { points: init.points, variants: init.variants ?? [], rounds: null },
    players: [],
    rounds: [],
  };
}
