// fake-indexeddb gives every store test a real IndexedDB implementation in Node.
import 'fake-indexeddb/auto';
// the app hands the store its whole-log fold as a lazy chunk (main.tsx); tests load it directly
import * as merge from '../src/domain/log/merge';
import { setMergeLoader } from '../src/store/events';
setMergeLoader(async () => merge);
