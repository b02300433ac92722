import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

// End-to-end tests in Debian's Chromium (never a downloaded browser). Each worker starts the real
// server in-process on its own embedded database with the demo data (tests/e2e/fixtures.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  // One migrated demo database per run, which every worker opens (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // CI retries a failed test once: a pass on the retry is reported as "flaky" (the line reporter
  // names it), so a timing-dependent test is seen and fixed, while a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  // Every page is also checked with axe (tests/e2e/fixtures.ts), on a machine shared by several builds.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  outputDir: '.tmp/test-results',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // Toasts then appear and leave without a fade (sonner honours it): axe never reads a half-faded
    // toast's text as low contrast, and the app is checked as people who ask for less motion see it.
    reducedMotion: 'reduce',
  },
});
