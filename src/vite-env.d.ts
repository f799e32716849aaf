/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />
declare const __APP_VERSION__: string;
/** side-effect import: installs an in-memory IndexedDB on the globals (storage fallback) */
declare module 'fake-indexeddb/auto';
