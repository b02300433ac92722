import { existsSync } from 'node:fs';

/** Debian's Chromium (never a browser downloaded by a test tool). */
export const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

/** Flags this machine's Chromium needs (no sandbox as root, no network chatter). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
