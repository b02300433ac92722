import type { AppConfig } from '../../src/server/config.js';

/** A complete configuration for tests; nothing is read from the environment. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '.tmp/test-data',
    databaseUrl: undefined,
    databasePoolSize: 10,
    databaseConnectTimeoutMs: 5_000,
    databaseStatementTimeoutMs: 30_000,
    webConcurrency: 1,
    demo: false,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
    sessionIdleMinutes: 60,
    sessionCacheMs: 5_000,
    apiTokenRateLimit: 600,
    smtpUrl: undefined,
    mailFrom: 'HVAC Test <test@localhost>',
    officeEmail: 'office@test.localhost',
    mapTileUrl: 'https://tile.example.test/{z}/{x}/{y}.png',
    geocoderUrl: undefined,
    publicUrl: 'http://localhost:3000',
    trustProxy: false,
    logLevel: 'silent',
    secureCookies: false,
    webhookAllowPrivateUrls: false,
    ...overrides,
  };
}
