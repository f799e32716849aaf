import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  base: './',
  define: { __APP_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { target: 'es2022', sourcemap: true },
  worker: { format: 'es' },
  plugins: [
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // the store screenshots are for the install dialog, not for running offline
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'], globIgnores: ['screenshots/**'] },
      manifest: {
        id: './',
        name: 'Tournoi — organisateur et pendule',
        short_name: 'Tournoi',
        description: 'Tournois de jeux de figurines hors ligne : appariements, pendule, classements (Steamroller 2011).',
        lang: 'fr',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'any',
        background_color: '#10151c',
        theme_color: '#10151c',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // shown by the install dialog (Chrome, Edge, Android); copies of docs/*.png at their real sizes
        screenshots: [
          { src: 'screenshots/round-1024x768.png', sizes: '1024x768', type: 'image/png', form_factor: 'wide', label: 'Une ronde en cours : minuteur et scénario' },
          { src: 'screenshots/home-1024x768.png', sizes: '1024x768', type: 'image/png', form_factor: 'wide', label: 'Les événements, hors ligne' },
          { src: 'screenshots/projector-1280x720.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'Le classement au projecteur' },
        ],
        // a long press on the installed icon
        shortcuts: [
          {
            name: 'Pendule',
            short_name: 'Pendule',
            description: 'La pendule de table',
            url: './#/table',
            icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Nouveau tournoi',
            short_name: 'Nouveau',
            description: 'Créer un événement',
            url: './#/new',
            icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
    }),
  ],
});
