// fake-indexeddb gives every store test a real IndexedDB implementation in Node.
import 'fake-indexeddb/auto';
