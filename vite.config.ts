import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chunkPlan } from './scripts/vite/chunk-plan.js';
import { compileHintBanner } from './scripts/vite/compile-hints.js';
import { firstLoad } from './scripts/vite/first-load.js';
import { ROUTE_PRELOAD_DATA } from './scripts/vite/route-preload-data.js';
import { precompress } from './scripts/vite/precompress.js';
import { pwa } from './scripts/vite/pwa.js';

// The web app lives in src/web and builds to dist/web, which the API server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    // The staff app's manifest, icons and service worker; the quote page (entry "quote") stays outside them.
    pwa({
      serviceWorker: fileURLToPath(new URL('./src/web/service-worker/sw.ts', import.meta.url)),
      entry: 'main',
      html: 'index.html',
    }),
    // Per-path preloads the server adds to index.html; /login shows its options (the demo hint) at once.
    firstLoad({
      html: 'index.html',
      entry: 'main',
      router: 'src/web/app/router.tsx',
      fetch: { '/login': ['/api/auth/options'] },
      // A signed-in screen's first answers at its plain path, preloaded with its code (decision 042):
      // the URLs the screen asks for with its default filters (another URL only costs a wasted request).
      data: ROUTE_PRELOAD_DATA,
    }),
    precompress(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // The customer's quote page is its own entry: it never loads the staff application (decision 018).
    rollupOptions: {
      // A zod schema is a value: built only where it is used. Without this, a screen importing one
      // constant from a module of schemas built them all while loading (~100 ms of a phone's main
      // thread on /jobs; decision 042). zod's schema builders have no side effects worth keeping.
      treeshake: { manualPureFunctions: ['z'] },
      input: {
        main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        quote: fileURLToPath(new URL('./src/web/quote-confirm.html', import.meta.url)),
      },
      output: {
        // Compiled on a background thread as they stream in, not lazily on the main thread (scripts/vite/compile-hints.ts).
        postBanner: compileHintBanner,
        // Few files per screen on a slow connection (scripts/vite/chunk-plan.ts).
        codeSplitting: chunkPlan({
          main: 'src/web/main.tsx',
          quote: 'src/web/public-quote/main.tsx',
          login: 'src/web/features/auth/login-page.tsx',
          shell: 'src/web/app/protected-root.tsx',
        }),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
