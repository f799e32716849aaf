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

// Preact's hooks run effects after the next frame, with a 100 ms setTimeout as the fallback that
// then calls cancelAnimationFrame. When a jsdom test file ends, the environment removes those
// globals; a fallback still pending fires afterwards and throws "cancelAnimationFrame is not
// defined" (seen on a loaded machine). Waiting past that fallback once per file, after the last
// test unmounted, lets every pending one run while jsdom is still there: timers fire in order of
// expiry, so this longer one comes after them however late the machine runs them.
import { afterAll } from 'vitest';
if (typeof window !== 'undefined') afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 250)));
