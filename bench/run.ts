/**
 * npm run bench: the speed and size targets, measured.
 *
 *   bundle   JavaScript /login downloads (gzipped), target < 150 KB
 *   startup  `npm start` to a healthy /api/health: first start (empty data folder: migrate + demo
 *            seed) and a restart, with the server's memory after start
 *   pdf      a quote PDF (10-page template, 3 inspections, 20 items) generated in a fresh process:
 *            p95 time and the process's peak memory, targets < 300 ms and < 200 MB
 *   api      every case in bench/cases on the large data set, on PGlite and on PostgreSQL:
 *            p50/p95/max over repeated calls through the API, the p95 target, and EXPLAIN plans
 *   load     the signed-in 25-row companies list under 25 concurrent clients against the built
 *            server in its own process (demo data): requests/s and p99, on PGlite (one process)
 *            and on PostgreSQL with WEB_CONCURRENCY=1 and with one worker per core; targets on
 *            PostgreSQL (one worker per core) >= 1,500 requests/s and p99 < 50 ms
 *            (BENCH_LOAD_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/hvac_bench_load;
 *            --load-seconds 10; --load-encoding "gzip, deflate, br, zstd" as a browser sends, or identity)
 *   firstload  Largest Contentful Paint of /login, / and /units (signed in) in Chromium on a
 *            technician's tablet (bench/firstload.ts: 150 ms round trip, 1.6 Mbit/s down,
 *            750 kbit/s up, CPU 4x slower, 1024x768), with an empty cache and on a repeat visit,
 *            against the built server in its own process (PGlite, demo data); targets <= 2.5 s
 *            cold and <= 1.0 s repeat (median of --firstload-runs 3); with the bytes each page's
 *            JavaScript and CSS weigh raw, gzipped and brotli-compressed
 *   lighthouse  Lighthouse 12.2.3's mobile profile (simulated slow 4G, CPU 4x slower) on the main
 *            screens, signed in, against the built server in its own process (PGlite, demo data):
 *            performance, accessibility, CLS, LCP, TBT per screen; targets performance >= 95,
 *            accessibility 100, CLS <= 0.05 (bench/lighthouse.ts, decision 042; --lighthouse-only
 *            /jobs,/units runs a few screens)
 *
 * Options: --only bundle,startup,pdf,api,load,firstload,lighthouse   --db pglite,postgres   --iterations 40
 *          --area customers,jobs   (only the api cases of these areas)
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/hvac_bench_large),
 *              BENCH_DATA_DIR (default .tmp/bench/pglite-large). A missing large data set is generated
 *              first (a few minutes on PostgreSQL, longer on PGlite).
 * Figures are printed and written to bench/results/latest.json; the exit code is 1 when a target is missed.
 * bench/baseline.json is a committed run on the 2-core development machine, for comparison.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { queryRows, type DatabaseHandle } from '../src/server/db/client.js';
import { prepareDatabase } from '../src/server/db/setup.js';
import { seedLarge } from '../src/server/db/seed/large.js';
import { testConfig } from '../tests/support/test-config.js';
import { benchCases } from './cases/index.js';
import { FIELD_PROFILE, measureFirstLoad, median } from './firstload.js';
import { LIGHTHOUSE_TARGETS, runLighthouse, type LighthouseScreen } from './lighthouse.js';
import { runLoad } from './load.js';
import { serializerFigures } from './serializer.js';
import type { BenchCase, BenchContext, DatabaseKind } from './types.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = new Set((option('only') ?? 'bundle,startup,pdf,api,load,firstload,lighthouse').split(','));
const lighthouseOnly = option('lighthouse-only')?.split(',');
const firstLoadRuns = Number(option('firstload-runs') ?? 3);
const loadSeconds = Number(option('load-seconds') ?? 10);
// What the load clients ask for: a browser's Accept-Encoding by default (the server compresses
// answers over 1 KB, decision 020); "identity" measures the same server without compression.
const loadEncoding = option('load-encoding') ?? 'gzip, deflate, br, zstd';
const databases = (option('db') ?? 'postgres,pglite').split(',') as DatabaseKind[];
const iterations = Number(option('iterations') ?? 40);
const areas = option('area')?.split(',');
const BUNDLE_BUDGET_KB = 150;

interface Check {
  name: string;
  value: number;
  unit: string;
  target?: number;
  ok: boolean;
}
const checks: Check[] = [];
const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model },
};
const say = (message: string) => console.log(message);
const check = (name: string, value: number, unit: string, target?: number) => {
  const ok = target === undefined || value <= target;
  checks.push({ name, value, unit, ...(target !== undefined ? { target } : {}), ok });
  say(
    `  ${ok ? 'ok  ' : 'MISS'} ${name}: ${value.toFixed(unit === 'KB' ? 1 : 0)} ${unit}${target !== undefined ? ` (target < ${target} ${unit})` : ''}`,
  );
};

/** A figure where higher is better (Lighthouse's scores): met when value >= min. */
const checkAtLeast = (name: string, value: number, unit: string, min: number) => {
  const ok = value >= min;
  checks.push({ name, value, unit, target: min, ok });
  say(`  ${ok ? 'ok  ' : 'MISS'} ${name}: ${value} ${unit} (target >= ${min} ${unit})`);
};

function ensureBuild() {
  const result = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/source-hash.mjs').then(m => process.exit(m.buildIsCurrent() ? 0 : 1))"],
    { cwd: ROOT },
  );
  if (result.status !== 0) {
    say('building first...');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
}

/** The files /login loads: the entry and its static imports, plus the login screen's chunk and its imports. */
function benchBundle() {
  say('\n== bundle: JavaScript the login page loads (gzipped)');
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[] }
  >;
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  visit('features/auth/login-page.tsx');
  const gz = (file: string) => gzipSync(readFileSync(path.join(ROOT, 'dist/web', file)), { level: 9 }).length / 1024;
  const perFile = [...files]
    .map((f) => ({ file: f, gzipKB: Number(gz(f).toFixed(1)) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const jsKB = perFile.reduce((s, f) => s + f.gzipKB, 0);
  const cssKB = [...css].reduce((s, f) => s + gz(f), 0);
  perFile.forEach((f) => say(`     ${f.gzipKB.toFixed(1).padStart(6)} KB  ${f.file}`));
  check('login page JavaScript', jsKB, 'KB', BUNDLE_BUDGET_KB);
  say(`       (and ${cssKB.toFixed(1)} KB of CSS)`);
  results.bundle = { loginJsGzipKB: Number(jsKB.toFixed(1)), loginCssGzipKB: Number(cssKB.toFixed(1)), files: perFile };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

function rssMB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Time from spawning `npm start`'s script to a healthy /api/health. */
async function timeStart(dataDir: string): Promise<{ ms: number; rssMB: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('no healthy /api/health after 2 minutes');
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 300));
    return { ms, rssMB: rssMB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function benchStartup() {
  say('\n== startup: npm start to a healthy /api/health (build already current)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hvac-bench-start-'));
  try {
    const first = await timeStart(dataDir);
    check('first start (migrate + demo seed)', first.ms, 'ms', 15_000);
    const again = await timeStart(dataDir);
    check('restart with data', again.ms, 'ms', 5_000);
    check('server memory after start (RSS)', again.rssMB, 'MB', 400);
    results.startup = {
      firstStartMs: Math.round(first.ms),
      restartMs: Math.round(again.ms),
      rssAfterStartMB: Math.round(again.rssMB),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function openLarge(kind: DatabaseKind): Promise<DatabaseHandle | null> {
  if (kind === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hvac_bench_large';
    const admin = new URL(url);
    const name = admin.pathname.slice(1);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    try {
      await client.connect();
    } catch (error) {
      say(`  PostgreSQL is not reachable (${(error as Error).message}); skipped`);
      return null;
    }
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name}"`);
    await client.end();
    const { database } = await prepareDatabase({ databaseUrl: url, dataDir: '', demo: true });
    return database;
  }
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.tmp/bench/pglite-large');
  mkdirSync(dataDir, { recursive: true });
  const { database } = await prepareDatabase({ databaseUrl: undefined, dataDir, demo: true });
  return database;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function benchApi(kind: DatabaseKind) {
  say(`\n== api on ${kind}, large data set`);
  const database = await openLarge(kind);
  if (!database) return;
  try {
    // Generates the parts of the large data set this database lacks (all of them the first time:
    // minutes; a part an area added since: that part only).
    await seedLarge(database.db, (m) => say(`    ${m}`));
    const app = await buildApp({ config: testConfig({ demo: true }), database, webDir: null });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo', password: 'hvac-demo' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const ctx: BenchContext = {
      db: database.db,
      kind,
      one: async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0]!,
    };
    const rows: unknown[] = [];
    for (const benchCase of benchCases.filter((c) => !areas || areas.includes(c.area)))
      rows.push(await runCase(benchCase, ctx, app, cookie));
    const heapMB = process.memoryUsage().rss / 1024 / 1024;
    say(`  process memory after the cases (RSS): ${heapMB.toFixed(0)} MB`);
    results[`api_${kind}`] = { cases: rows, rssAfterMB: Math.round(heapMB) };
    await app.close();
  } finally {
    await database.close();
  }
}

async function runCase(
  benchCase: BenchCase,
  ctx: BenchContext,
  app: Awaited<ReturnType<typeof buildApp>>,
  cookie: string,
) {
  const request = await benchCase.request(ctx);
  const call = async () => {
    const started = performance.now();
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: { cookie },
      ...(request.payload ? { payload: request.payload as object } : {}),
    });
    const ms = performance.now() - started;
    if (response.statusCode >= 400)
      throw new Error(
        `${benchCase.name}: ${request.method} ${request.url} answered ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    return ms;
  };
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) times.push(await call());
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const target = benchCase.targetsMs?.[ctx.kind];
  check(`${benchCase.name} p95`, p95, 'ms', target);
  say(
    `       p50 ${p50.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms  ${request.method} ${request.url}`,
  );

  let comparison: { name: string; p95Ms: number; speedup: number } | null = null;
  if (benchCase.compareWith) {
    const other = benchCase.compareWith;
    await other.run(ctx);
    const otherTimes: number[] = [];
    for (let i = 0; i < (other.iterations ?? 10); i++) {
      const started = performance.now();
      await other.run(ctx);
      otherTimes.push(performance.now() - started);
    }
    otherTimes.sort((a, b) => a - b);
    const otherP95 = percentile(otherTimes, 95);
    const speedup = otherP95 / p95;
    const ok = speedup >= other.minSpeedup;
    const name = `${benchCase.name}: faster than ${other.name} (${ctx.kind})`;
    checks.push({ name, value: Number(speedup.toFixed(1)), unit: 'x faster', target: other.minSpeedup, ok });
    say(
      `  ${ok ? 'ok  ' : 'MISS'} ${name}: ${speedup.toFixed(1)}x (its p95 ${otherP95.toFixed(1)} ms; target at least ${other.minSpeedup}x)`,
    );
    comparison = { name: other.name, p95Ms: Number(otherP95.toFixed(2)), speedup: Number(speedup.toFixed(1)) };
  }

  const plans: string[] = [];
  for (const query of (await benchCase.explain?.(ctx)) ?? []) {
    const planRows = await queryRows<Record<string, string>>(ctx.db, sql`explain ${query}`);
    const plan = planRows.map((r) => Object.values(r)[0]).join('\n');
    plans.push(plan);
    say(
      plan
        .split('\n')
        .map((l) => `         | ${l}`)
        .join('\n'),
    );
    for (const table of benchCase.noSeqScanOn ?? []) {
      const seq = new RegExp(`Seq Scan on ${table}\\b`).test(plan);
      checks.push({
        name: `${benchCase.name}: no sequential scan on ${table} (${ctx.kind})`,
        value: seq ? 1 : 0,
        unit: 'seq scans',
        target: 0,
        ok: !seq,
      });
      if (seq) say(`  MISS ${benchCase.name}: the plan reads ${table} sequentially`);
    }
  }
  return {
    name: benchCase.name,
    area: benchCase.area,
    url: request.url,
    p50Ms: Number(p50.toFixed(2)),
    p95Ms: Number(p95.toFixed(2)),
    maxMs: Number(times[times.length - 1]!.toFixed(2)),
    targetMs: target ?? null,
    iterations,
    plans,
    ...(comparison ? { comparison } : {}),
  };
}

/** Quote PDF generation in its own process, so its peak memory is the generator's alone. */
function benchQuotePdf() {
  say('\n== pdf: a quote from a 10-page template with 3 inspections and 20 items (fresh process, 30 runs)');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/quote-pdf-memory.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`bench/quote-pdf-memory.ts failed: ${run.stderr}`);
  const figures = JSON.parse(run.stdout.trim().split('\n').pop()!) as {
    p50Ms: number;
    p95Ms: number;
    maxMs: number;
    peakRssMB: number;
    baselineRssMB: number;
    pdfBytes: number;
  };
  check('quote PDF generation p95', figures.p95Ms, 'ms', 300);
  check('quote PDF generation peak memory (process RSS high-water mark)', figures.peakRssMB, 'MB', 200);
  say(
    `       p50 ${figures.p50Ms.toFixed(1)} ms, max ${figures.maxMs.toFixed(1)} ms; process RSS before generating ${figures.baselineRssMB.toFixed(0)} MB; PDF ${(figures.pdfBytes / 1024).toFixed(0)} KB`,
  );
  results.quotePdf = figures;
}

/** The built server in its own process on `port`, healthy; stopped by the returned function. */
/**
 * CPU seconds (user + system) used so far by a process and its children (the cluster workers):
 * unlike requests/s, this per-request cost holds when other work shares the cores.
 */
function cpuSecondsOfTree(pid: number): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      if (Number(entry) === pid || ppid === pid) total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<(() => Promise<void>) & { pid: number }> {
  // As `npm start` runs it (package.json): a 64 MB young generation halves the garbage collector's
  // share of a busy server (decision 014).
  const child = spawn(process.execPath, ['--max-semi-space-size=64', 'dist/server/main.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DEMO: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error('no healthy /api/health after 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return Object.assign(
    async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
    { pid: child.pid! },
  );
}

async function loadCase(label: string, env: Record<string, string>, targets?: { minRps: number; p99Ms?: number }) {
  const port = await freePort();
  const stop = await startServer(env, port);
  try {
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'hvac-demo' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const request = {
      url: `http://127.0.0.1:${port}/api/companies?page=1&pageSize=25`,
      headers: { cookie, 'accept-encoding': loadEncoding },
      connections: 25,
    };
    await runLoad({ ...request, durationMs: 2_000 }); // warm-up
    const cpuBefore = cpuSecondsOfTree(stop.pid);
    const measured = await runLoad({ ...request, durationMs: loadSeconds * 1000 });
    const result = {
      ...measured,
      serverCpuMsPerRequest: ((cpuSecondsOfTree(stop.pid) - cpuBefore) * 1000) / Math.max(1, measured.requests),
    };
    say(
      `  ${label}: ${result.rps.toFixed(0)} requests/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(0)} ms, ${result.errors} errors; server CPU ${result.serverCpuMsPerRequest.toFixed(2)} ms per request`,
    );
    if (targets) {
      const rpsOk = result.rps >= targets.minRps;
      checks.push({ name: `${label} requests/s`, value: result.rps, unit: 'req/s', target: targets.minRps, ok: rpsOk });
      say(`  ${rpsOk ? 'ok  ' : 'MISS'} ${label} requests/s: ${result.rps.toFixed(0)} (target >= ${targets.minRps})`);
      if (targets.p99Ms !== undefined) check(`${label} p99`, result.p99Ms, 'ms', targets.p99Ms);
    }
    if (result.errors > 0)
      checks.push({ name: `${label} errors`, value: result.errors, unit: 'errors', target: 0, ok: false });
    return { label, ...result };
  } finally {
    await stop();
  }
}

/** Requests/s and p99 of the signed-in 25-row companies list under 25 concurrent clients. */
async function benchLoad() {
  say(
    `\n== load: GET /api/companies (25 rows, signed in, Accept-Encoding: ${loadEncoding}), 25 concurrent clients, ${loadSeconds} s per run; load average now ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
  const serializer = serializerFigures();
  say(
    `  response serialization of that page: zod ${serializer.zodUs.toFixed(1)} µs, compiled fast serializer ${serializer.fastUs.toFixed(1)} µs (${(serializer.zodUs / serializer.fastUs).toFixed(1)}x)`,
  );
  const rows: unknown[] = [];
  if (databases.includes('postgres')) {
    const url = process.env.BENCH_LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hvac_bench_load';
    const admin = new URL(url);
    const name = admin.pathname.slice(1);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    try {
      await client.connect();
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) await client.query(`create database "${name}"`);
      await client.end();
      const workers = cpus().length;
      rows.push(await loadCase('postgres, 1 process', { DATABASE_URL: url, WEB_CONCURRENCY: '1' }));
      rows.push(
        await loadCase(
          `postgres, WEB_CONCURRENCY=${workers}`,
          { DATABASE_URL: url, WEB_CONCURRENCY: String(workers) },
          { minRps: 1500, p99Ms: 50 },
        ),
      );
    } catch (error) {
      say(`  PostgreSQL load case skipped: ${(error as Error).message}`);
    }
  }
  if (databases.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hvac-bench-load-'));
    try {
      // Issue 8: twice the 260 requests/s the embedded database answered before.
      rows.push(await loadCase('pglite', { DATA_DIR: dataDir, DATABASE_URL: '' }, { minRps: 520 }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  results.load = rows;
}

type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The JavaScript and CSS files a route needs: the entry's graph plus each route module's graph. */
function routeFiles(manifest: ViteManifest, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((c) => files.add(c));
    chunk.imports?.forEach(visit);
  };
  ['index.html', ...modules].forEach(visit);
  return [...files];
}

/** Raw, gzip and brotli bytes of built files: the precompressed siblings when the build wrote them. */
function weigh(files: string[]) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const full = path.join(ROOT, 'dist/web', file);
    const content = readFileSync(full);
    raw += content.length;
    gzip += existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(content, { level: 9 }).length;
    brotli += existsSync(`${full}.br`)
      ? readFileSync(`${full}.br`).length
      : brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return {
    files: files.length,
    rawKB: Number((raw / 1024).toFixed(1)),
    gzipKB: Number((gzip / 1024).toFixed(1)),
    brotliKB: Number((brotli / 1024).toFixed(1)),
  };
}

/** LCP on a technician's tablet (bench/firstload.ts), cold and repeat, with each page's bundle weight. */
async function benchFirstLoad() {
  const p = FIELD_PROFILE;
  say(
    `\n== firstload: LCP in Chromium, ${p.latencyMs} ms round trip, ${(p.downloadBytesPerSecond * 8) / 1e6} Mbit/s down, ${(p.uploadBytesPerSecond * 8) / 1e3} kbit/s up, CPU ${p.cpuSlowdown}x slower, ${p.viewport.width}x${p.viewport.height}; median of ${firstLoadRuns}; load average now ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/web/.vite/manifest.json'), 'utf8')) as ViteManifest;
  const pages = [
    { path: '/login', signedIn: false, modules: ['features/auth/login-page.tsx'] },
    { path: '/', signedIn: true, modules: ['app/protected-root.tsx', 'features/home/home-page.tsx'] },
    { path: '/units', signedIn: true, modules: ['app/protected-root.tsx', 'features/customers/units-page.tsx'] },
  ];
  const bundles = Object.fromEntries(pages.map((page) => [page.path, weigh(routeFiles(manifest, page.modules))]));
  const allAssets = Object.values(manifest)
    .flatMap((c) => [c.file, ...(c.css ?? [])])
    .filter((f, i, a) => a.indexOf(f) === i);
  const all = weigh(allAssets);
  say('  JavaScript and CSS per page (files, raw / gzip / brotli):');
  for (const page of pages) {
    const b = bundles[page.path]!;
    say(
      `     ${page.path.padEnd(7)} ${String(b.files).padStart(3)} files  ${b.rawKB.toFixed(1).padStart(7)} / ${b.gzipKB.toFixed(1).padStart(6)} / ${b.brotliKB.toFixed(1).padStart(6)} KB`,
    );
  }
  say(
    `     all     ${String(all.files).padStart(3)} files  ${all.rawKB.toFixed(1).padStart(7)} / ${all.gzipKB.toFixed(1).padStart(6)} / ${all.brotliKB.toFixed(1).padStart(6)} KB`,
  );

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hvac-bench-firstload-'));
  const stop = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, port);
  try {
    const rows = await measureFirstLoad(`http://127.0.0.1:${port}`, pages, firstLoadRuns, {
      username: 'demo',
      password: 'hvac-demo',
    });
    const out = [];
    for (const row of rows) {
      const coldMs = median(row.cold.map((f) => f.lcpMs));
      const warmMs = median(row.warm.map((f) => f.lcpMs));
      const last = (list: typeof row.cold) => list[list.length - 1]!;
      say(
        `  ${row.path.padEnd(7)} cold: LCP ${coldMs.toFixed(0)} ms (runs ${row.cold.map((f) => f.lcpMs.toFixed(0)).join(', ')}), ${last(row.cold).transferredKB.toFixed(0)} KB in ${last(row.cold).requests} requests; LCP element ${last(row.cold).lcpElement}`,
      );
      say(
        `  ${row.path.padEnd(7)} warm: LCP ${warmMs.toFixed(0)} ms (runs ${row.warm.map((f) => f.lcpMs.toFixed(0)).join(', ')}), ${last(row.warm).transferredKB.toFixed(0)} KB over the network, ${last(row.warm).fromCache} of ${last(row.warm).requests} requests from the cache or service worker`,
      );
      check(`${row.path} LCP, empty cache`, coldMs, 'ms', 2_500);
      check(`${row.path} LCP, repeat visit`, warmMs, 'ms', 1_000);
      out.push({ ...row, coldLcpMs: Math.round(coldMs), warmLcpMs: Math.round(warmMs), bundle: bundles[row.path] });
    }
    results.firstload = { profile: FIELD_PROFILE, runs: firstLoadRuns, pages: out, allAssets: all };
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse's mobile figures per screen (bench/lighthouse.ts), against issue 28's targets. */
async function benchLighthouse() {
  const { loadavg } = await import('node:os');
  say(
    `\n== lighthouse: mobile profile (simulated slow 4G, CPU 4x slower), signed in; load average now ${loadavg()[0]!.toFixed(1)}`,
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hvac-bench-lighthouse-'));
  const stop = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, port);
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: 'demo', password: 'hvac-demo' }),
    });
    const cookie = /hvac_sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);
    // The first row of the jobs and invoices lists opens a detail screen of the demo data (and the job's company).
    const firstRow = async (url: string) => {
      const page = (await (await fetch(`${base}${url}`, { headers: { cookie } })).json()) as {
        items?: { id: string; companyId?: string }[];
      };
      return page.items?.[0];
    };
    const [job, invoiceRow] = await Promise.all([
      firstRow('/api/jobs?page=1&pageSize=25'),
      firstRow('/api/invoices?page=1&pageSize=25'),
    ]);
    const company = job?.companyId;
    const invoice = invoiceRow?.id;
    // My Day (/field) as a demo technician (decision 054): the first technician of Settings > Users.
    const users = (await (await fetch(`${base}/api/users?page=1&pageSize=100`, { headers: { cookie } })).json()) as {
      items?: { username: string; role: string }[];
    };
    const techName = users.items?.find((u) => u.role === 'technician')?.username;
    const techLogin = techName
      ? await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ username: techName, password: 'hvac-demo' }),
        })
      : null;
    const techCookie = /hvac_sid=[^;]+/.exec(techLogin?.headers.get('set-cookie') ?? '')?.[0];
    const screens: LighthouseScreen[] = [
      { name: 'sign-in', path: '/login', signedIn: false },
      { name: 'home', path: '/', signedIn: true },
      { name: 'companies', path: '/companies', signedIn: true },
      { name: 'units', path: '/units', signedIn: true },
      { name: 'jobs', path: '/jobs', signedIn: true },
      { name: 'dispatch', path: '/jobs/dispatch', signedIn: true },
      { name: 'invoices', path: '/invoices', signedIn: true },
      { name: 'price book', path: '/item-prices', signedIn: true },
      { name: 'settings', path: '/settings', signedIn: true },
      // Issue 28's screens and the agreements (issue 29).
      { name: 'contacts', path: '/contacts', signedIn: true },
      { name: 'opportunities', path: '/jobs/opportunities', signedIn: true },
      { name: 'scorecard', path: '/jobs/scorecard', signedIn: true },
      { name: 'help', path: '/help', signedIn: true },
      { name: 'agreements', path: '/agreements', signedIn: true },
      { name: 'payments', path: '/invoices/payments', signedIn: true },
      ...(company ? [{ name: 'a company', path: `/companies/${company}`, signedIn: true }] : []),
      ...(company ? [{ name: 'asset report', path: `/companies/${company}/report`, signedIn: true }] : []),
      ...(job ? [{ name: 'a job', path: `/jobs/${job.id}`, signedIn: true }] : []),
      ...(invoice ? [{ name: 'an invoice', path: `/invoices/${invoice}`, signedIn: true }] : []),
      ...(techCookie ? [{ name: 'my day', path: '/field', signedIn: true, cookie: techCookie }] : []),
    ].filter((s) => !lighthouseOnly || lighthouseOnly.includes(s.path) || lighthouseOnly.includes(s.name));
    const rows = runLighthouse(base, screens, cookie);
    const t = LIGHTHOUSE_TARGETS;
    for (const row of rows) {
      const ok = row.performance >= t.performance && row.accessibility >= t.accessibility && row.cls <= t.cls;
      say(
        `  ${ok ? 'ok  ' : 'MISS'} ${row.name.padEnd(11)} perf ${row.performance}, a11y ${row.accessibility}${row.failedAccessibility.length ? ` (${row.failedAccessibility.join(', ')})` : ''}, CLS ${row.cls}, FCP ${row.fcpMs} ms, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms; ${row.scriptRequests} scripts of ${row.requests} requests`,
      );
      checkAtLeast(`${row.path} Lighthouse performance`, row.performance, 'points', t.performance);
      checkAtLeast(`${row.path} Lighthouse accessibility`, row.accessibility, 'points', t.accessibility);
      check(`${row.path} layout shift (CLS x 1000)`, Math.round(row.cls * 1000), 'CLS/1000', t.cls * 1000 + 1);
    }
    results.lighthouse = { lighthouse: '12.2.3', loadAverage: loadavg(), targets: t, screens: rows };
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 10's drag figure: the dispatch E2E (tests/e2e/dispatch.spec.ts) measures a week of 500 jobs
 * while one block is dragged, with the browser's performance timeline, and writes it to
 * bench/results/dispatch-drag.json; the bench prints the latest one and keeps it in latest.json.
 */
function reportDispatchDrag() {
  const file = path.join(ROOT, 'bench/results/dispatch-drag.json');
  if (!existsSync(file)) {
    say(
      '\n== dispatch drag (from the E2E run): no figure yet; `npx playwright test tests/e2e/dispatch.spec.ts` writes it',
    );
    return;
  }
  const figure = JSON.parse(readFileSync(file, 'utf8')) as {
    measuredAt: string;
    during: {
      frameP50Ms: number;
      frameP95Ms: number;
      loafScriptMs: number;
      longAnimationFrames: number;
      frames: number;
    };
  };
  const d = figure.during;
  say(
    `\n== dispatch drag (from the E2E run of ${figure.measuredAt}): week view, 500 jobs, 90 pointer moves of one block: frames p50 ${d.frameP50Ms} ms, p95 ${d.frameP95Ms} ms; ${d.longAnimationFrames} long frames of ${d.frames}, ${d.loafScriptMs} ms of script in them`,
  );
  results.dispatchDrag = figure;
}

async function main() {
  ensureBuild();
  if (only.has('bundle')) benchBundle();
  if (only.has('startup')) await benchStartup();
  if (only.has('pdf')) benchQuotePdf();
  if (only.has('api')) for (const kind of databases) await benchApi(kind);
  if (only.has('load')) await benchLoad();
  if (only.has('firstload')) await benchFirstLoad();
  if (only.has('lighthouse')) await benchLighthouse();
  reportDispatchDrag();

  results.checks = checks;
  results.finishedAt = new Date().toISOString();
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const missed = checks.filter((c) => !c.ok);
  say(`\nwrote ${path.relative(ROOT, file)}; ${checks.length - missed.length}/${checks.length} checks met`);
  if (missed.length) {
    say(`missed: ${missed.map((c) => c.name).join('; ')}`);
    process.exitCode = 1;
  }
}

if (!existsSync(path.join(ROOT, 'node_modules'))) {
  console.error('run npm install first');
  process.exit(1);
}
await main();
