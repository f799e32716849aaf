// npm run hub: a CouchDB-compatible server (PouchDB Server) on this laptop for the hall's LAN, so
// the organizers' tablets converge and players' phones read the public view with no internet.
//   npm run hub                      port 5984, databases kept in ./.hub-data
//   npm run hub -- --port 6984 --in-memory
// Stop with Ctrl+C. Limits (README, « Hub »): plain http; an app installed from an https origin
// may not call it from every browser.
import { networkInterfaces } from 'node:os';
import { startPouchServer } from './pouch-server';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(opt('--port') ?? 5984);
const inMemory = args.includes('--in-memory');
const server = await startPouchServer({ port, host: '0.0.0.0', dir: inMemory ? undefined : (opt('--dir') ?? '.hub-data'), logs: args.includes('--logs') });
const addresses = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && a.family === 'IPv4' && !a.internal)
  .map((a) => `http://${a!.address}:${port}`);
console.log(`Hub ready (${inMemory ? 'in memory: nothing kept after Ctrl+C' : 'databases in ' + (opt('--dir') ?? '.hub-data')}).`);
console.log(`Server URL to type on the tablets: ${addresses.length ? addresses.join('  or  ') : `http://127.0.0.1:${port}`}`);
console.log('Each event gets its own databases: the app creates them when sync is turned on (no users here: anyone on this network can read and write).');
const stop = (): void => void server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
