// fake-indexeddb gives every store test a real IndexedDB implementation in Node.
import 'fake-indexeddb/auto';
// the app hands the store its whole-log fold as a lazy chunk (main.tsx); tests load it directly
import * as merge from '../src/domain/log/merge';
import { setMergeLoader } from '../src/store/events';
setMergeLoader(async () => merge);

import { configure } from '@testing-library/dom';

// findBy*/waitFor give up after 1 s by default: a rendering that takes longer on a busy machine
// is slow, not wrong. Wait long enough that only a real failure fails.
configure({ asyncUtilTimeout: 15_000 });

// Components are rendered directly here, not through the lazy screen loader that fetches their
// message modules in the app: load every module once.
import { loadMessages } from '../src/i18n';
await loadMessages();
