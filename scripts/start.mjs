#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then starts the server,
// which migrates the database and (DEMO, on by default) seeds the demo data on first start.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsCurrent, ROOT } from './source-hash.mjs';

if (!buildIsCurrent()) {
  console.log('[start] building the product (first start, or the sources changed)...');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit', cwd: ROOT });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.DEMO ??= 'true';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.js')).href);
