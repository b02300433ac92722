#!/usr/bin/env node
// Builds the web app (Vite -> dist/web) and the server (esbuild -> dist/server/main.js and its
// parse worker, parse-worker.js), then
// records a hash of the sources so `npm start` can skip the build when nothing changed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, sourceHash, STAMP_FILE } from './source-hash.mjs';

const started = Date.now();
const vite = spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);

// The server, and beside it the parse worker it starts (src/server/parsing/parse-pool.ts looks for
// parse-worker.js next to the bundle).
await build({
  entryPoints: {
    main: path.join(ROOT, 'src/server/main.ts'),
    'parse-worker': path.join(ROOT, 'src/server/parsing/parse-worker.ts'),
  },
  outdir: path.join(ROOT, 'dist/server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

mkdirSync(path.dirname(STAMP_FILE), { recursive: true });
writeFileSync(STAMP_FILE, sourceHash());
console.log(`[build] web and server built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
