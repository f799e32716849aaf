// fake-indexeddb gives every store test a real IndexedDB implementation in Node.
import 'fake-indexeddb/auto';

// Components are rendered directly here, not through the lazy screen loader that fetches their
// message modules in the app: load every module once.
import { loadMessages } from '../src/i18n';
await loadMessages();
