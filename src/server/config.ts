import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The project root (where package.json lives), found from this file in src/ or in dist/. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const booleanFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The names @fastify/proxy-addr knows for private ranges (127.0.0.0/8 and ::1; 169.254/16 and fe80::/10; 10/8, 172.16/12, 192.168/16 and fc00::/7). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address (`10.0.0.5`), a CIDR block (`10.0.0.0/8`, `fd00::/8`) or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies in front of the app may tell it the client's address
 * (X-Forwarded-For) and host. false: none, the socket's peer is the client. A number: that many
 * hops, each appending the address it received the request from; true is one hop (a single
 * reverse proxy). A comma list: the proxies' own addresses or CIDR blocks. Never "trust every
 * hop", which believes whatever X-Forwarded-For the client itself sends.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx): false | number | string[] => {
    if (['false', '0', 'no'].includes(v)) return false;
    if (['true', 'yes'].includes(v)) return 1;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
    }
    const entries = v.split(',').map((e) => e.trim());
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, true (one proxy), a number of proxy hops (at most 10), or a comma list of proxy addresses or CIDR blocks',
    });
    return z.NEVER;
  });

const urlFromEnv = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlFromEnv(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(600_000)
    .default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(3_600_000)
    .default(30_000),
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .default(1),
  DEMO: booleanFromEnv.default(true),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5, 'must be at least 5')
    .max(60 * 24 * 30)
    .default(60 * 12),
  SESSION_CACHE_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0)
    .max(60_000, 'must be at most 60000')
    .default(5_000),
  API_TOKEN_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(600),
  SMTP_URL: urlFromEnv(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().trim().min(3).default('HVAC Administration <no-reply@localhost>'),
  OFFICE_EMAIL: z
    .string()
    .trim()
    .pipe(z.email({ error: 'must be an e-mail address' }))
    .optional(),
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(
      (v) => /^https?:\/\/.+\{z\}.+\{x\}.+\{y\}/.test(v),
      'must be an http(s) URL template containing {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  GEOCODER_URL: urlFromEnv(['http:', 'https:']).optional(),
  PUBLIC_URL: urlFromEnv(['http:', 'https:']).optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  /** PostgreSQL: how long opening a connection may take before the request answers 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: the longest a statement may run (statement_timeout) before the request answers 503. */
  databaseStatementTimeoutMs: number;
  /** Worker processes behind the one port (PostgreSQL only; PGlite runs in one process). */
  webConcurrency: number;
  demo: boolean;
  sessionSecret: string;
  sessionIdleMinutes: number;
  /** How long a process keeps a session it resolved (modules/auth/session-cache.ts); 0 turns the copy off. */
  sessionCacheMs: number;
  /**
   * API_TOKEN_RATE_LIMIT: requests a minute one API token may make, counted in the database
   * (rate_limits) so every app server shares the count (decision 055).
   */
  apiTokenRateLimit: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the office's notices go (a customer approved a quote): OFFICE_EMAIL, else MAIL_FROM's address. */
  officeEmail: string;
  mapTileUrl: string;
  geocoderUrl: string | undefined;
  /** Base URL used in links sent by e-mail; defaults to http://localhost:{port}. */
  publicUrl: string;
  /**
   * Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDR blocks (TRUST_PROXY).
   * Never true: that would believe a client's own X-Forwarded-For.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /**
   * WEBHOOK_ALLOW_PRIVATE_URLS (default false): webhook endpoints may be on loopback and private
   * networks, and there over plain http:// (decision 048). Off, only https:// to public addresses.
   */
  webhookAllowPrivateUrls: boolean;
  /** Secure cookies: on when PUBLIC_URL is https. */
  secureCookies: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment. A bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(present[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    webConcurrency: e.WEB_CONCURRENCY,
    demo: e.DEMO,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionCacheMs: e.SESSION_CACHE_MS,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    officeEmail: e.OFFICE_EMAIL ?? /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM,
    mapTileUrl: e.MAP_TILE_URL,
    geocoderUrl: e.GEOCODER_URL,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
    secureCookies: publicUrl.startsWith('https:'),
  };
}

/** SESSION_SECRET, when not given, is generated once and kept in DATA_DIR/session-secret. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
