import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web app lives in src/web and builds to dist/web, which the API server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // The customer's quote page is its own entry: it never loads the staff application (decision 018).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        quote: fileURLToPath(new URL('./src/web/quote-confirm.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
