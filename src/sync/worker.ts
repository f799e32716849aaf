// The sync worker's entry: loaded by receiver.ts from the lazy sync chunk, never at start-up.
import { expose } from 'comlink';
import { syncWorkerApi } from './worker-api';

expose(syncWorkerApi);
