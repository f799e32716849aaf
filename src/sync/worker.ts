// The sync worker's entry: started by sync-worker.ts from the lazy sync chunk, never at start-up.
import { expose } from 'comlink';
import { syncWorkerApi } from './worker-api';

expose(syncWorkerApi);
