#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure:
// type-check, lint, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// build, end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './source-hash.mjs';
import { findChromium } from './chromium.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const steps = [
  ['type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['lint: formatting (Prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['unit and API tests', bin('vitest'), ['run']],
  ['build', process.execPath, ['scripts/build.mjs']],
  ['end-to-end tests', bin('playwright'), ['test']],
];

const hasPdfTools = () => spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

// The E2E tests need Chromium and the PDF tests read generated files back with poppler's tools.
function ensureChromium() {
  if (findChromium() && hasPdfTools()) return;
  if (process.getuid?.() === 0) {
    console.log("[test] Chromium or poppler-utils is missing; installing Debian's packages...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-q', 'chromium', 'poppler-utils'], { stdio: 'inherit', env })
        : update;
    if (install.status === 0 && findChromium() && hasPdfTools()) return;
  }
  console.error(
    "[test] The tests need Chromium and poppler-utils. Install Debian's packages: sudo apt-get install -y chromium poppler-utils",
  );
  process.exit(1);
}

const only = process.argv.slice(2);
const selected = only.length ? steps.filter(([name]) => only.some((o) => name.startsWith(o))) : steps;
if (selected.some(([name]) => name === 'end-to-end tests')) ensureChromium();
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    '[test] TEST_DATABASE_URL is not set: the API suite runs on PGlite only (set it to run it on PostgreSQL too).',
  );
}

const timings = [];
for (const [name, command, args] of selected) {
  if (!existsSync(command)) {
    console.error(`[test] ${command} is missing: run npm install first.`);
    process.exit(1);
  }
  console.log(`\n[test] ── ${name} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds}s`);
  if (result.status !== 0) {
    console.error(`\n[test] ${name} failed (${seconds}s).`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n[test] all passed. ${timings.join(', ')}`);
