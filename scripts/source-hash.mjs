import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = path.join(ROOT, 'dist/.build-hash');

const INPUTS = ['src', 'tests/factories', 'scripts/vite', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

function* files(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    yield* files(path.join(entry, name));
  }
}

/** A hash of everything the build reads: a changed file means a new build. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(readFileSync(path.join(ROOT, file)));
    }
  }
  return hash.digest('hex');
}

export function buildIsCurrent() {
  return (
    existsSync(STAMP_FILE) &&
    existsSync(path.join(ROOT, 'dist/server/main.js')) &&
    readFileSync(STAMP_FILE, 'utf8') === sourceHash()
  );
}
