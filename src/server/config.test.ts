import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hvac-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      demo: true,
      smtpUrl: undefined,
      geocoderUrl: undefined,
    });
    expect(config.mapTileUrl).toContain('{z}');
    expect(config).toMatchObject({
      databasePoolSize: 10,
      databaseConnectTimeoutMs: 5_000,
      databaseStatementTimeoutMs: 30_000,
      webConcurrency: 1,
      apiTokenRateLimit: 600,
    });
  });

  it('reads API_TOKEN_RATE_LIMIT as requests a minute per token, and refuses nonsense', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), API_TOKEN_RATE_LIMIT: '120' }).apiTokenRateLimit).toBe(120);
    expect(() => loadConfig({ DATA_DIR: dataDir(), API_TOKEN_RATE_LIMIT: '0' })).toThrow(
      /API_TOKEN_RATE_LIMIT: must be at least 1/,
    );
  });

  it('reads the database timeouts, the pool size and WEB_CONCURRENCY', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '10000',
      DATABASE_POOL_SIZE: '20',
      WEB_CONCURRENCY: '4',
    });
    expect(config).toMatchObject({
      databaseConnectTimeoutMs: 1_500,
      databaseStatementTimeoutMs: 10_000,
      databasePoolSize: 20,
      webConcurrency: 4,
    });
  });

  it('generates SESSION_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a number'],
    [{ PORT: '70000' }, 'PORT: must be between 1 and 65535'],
    [{ DEMO: 'maybe' }, 'DEMO: must be true or false'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a URL starting with postgres:// or postgresql://'],
    [{ SMTP_URL: 'localhost:25' }, 'SMTP_URL: must be a URL starting with smtp:// or smtps://'],
    [
      { MAP_TILE_URL: 'https://tiles.example.com/tile.png' },
      'MAP_TILE_URL: must be an http(s) URL template containing {z}, {x} and {y}',
    ],
    [{ OFFICE_EMAIL: 'the office' }, 'OFFICE_EMAIL: must be an e-mail address'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: must be at least 32 characters'],
    [{ WEB_CONCURRENCY: 'all' }, 'WEB_CONCURRENCY: must be a number'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY: must be at least 1'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '5' }, 'DATABASE_STATEMENT_TIMEOUT_MS: must be at least 100'],
    [
      { TRUST_PROXY: 'maybe' },
      'TRUST_PROXY: must be false, true (one proxy), a number of proxy hops (at most 10), or a comma list of proxy addresses or CIDR blocks',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: must be false'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example' }, 'TRUST_PROXY: must be false'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY: must be false'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("sends the office's notices to OFFICE_EMAIL, else to MAIL_FROM's address", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).officeEmail).toBe('no-reply@localhost');
    expect(loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: 'Summit Air <quotes@summitair.example>' }).officeEmail).toBe(
      'quotes@summitair.example',
    );
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        MAIL_FROM: 'Summit Air <quotes@summitair.example>',
        OFFICE_EMAIL: 'office@summitair.example',
      }).officeEmail,
    ).toBe('office@summitair.example');
  });

  it('reads TRUST_PROXY as the hops or the proxies to trust, never every hop', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    // true keeps working, as one proxy in front of the app
    expect(trust('true')).toBe(1);
    expect(trust('YES')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trust(' 10.0.0.0/8, 192.168.1.1 ,fd00::/8,loopback ')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('reads DEMO=false and a PostgreSQL URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DEMO: 'false',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hvac',
    });
    expect(config.demo).toBe(false);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/hvac');
  });
});
