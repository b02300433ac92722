import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/setup.js';

const say = (message: string) =>
  console.log(`[hvac${cluster.isWorker ? ` worker ${cluster.worker?.id}` : ''}] ${message}`);

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** One server process: the app on the database, listening until SIGINT/SIGTERM. */
async function serve(config: AppConfig, { prepared }: { prepared: boolean }) {
  const database = prepared
    ? // The primary process migrated and seeded already: a worker only connects.
      await openDatabase({
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      })
    : (await prepareDatabase(config, say)).database;

  const app = await buildApp({ config, database, logger: { level: config.logLevel } });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!cluster.isWorker) say(`${signal} received, closing...`);
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker)
    say(`Ready at http://localhost:${config.port}${config.demo ? ' (demo: sign in as demo / hvac-demo)' : ''}`);
}

/**
 * WEB_CONCURRENCY worker processes behind one port (node:cluster): the primary migrates and seeds
 * once, then forks the workers, which share the listening socket and each open their own pool;
 * a worker that dies is replaced. PostgreSQL only: PGlite is one process's embedded database.
 */
async function primary(config: AppConfig) {
  const { database } = await prepareDatabase(config, say);
  await database.close();
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i++) fork();
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.webConcurrency)
      say(
        `Ready at http://localhost:${config.port} with ${config.webConcurrency} worker processes${config.demo ? ' (demo: sign in as demo / hvac-demo)' : ''}`,
      );
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    say(`worker ${worker.id} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1_000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received, closing the workers...`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const done = () => (Object.keys(cluster.workers ?? {}).length === 0 ? process.exit(0) : setTimeout(done, 100));
    done();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main() {
  const config = readConfig();
  if (cluster.isWorker) return serve(config, { prepared: true });
  say(
    config.databaseUrl
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: embedded PostgreSQL (PGlite) in ${config.dataDir}`,
  );
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    say(
      `WEB_CONCURRENCY=${config.webConcurrency} is ignored: the embedded database (PGlite) runs inside one process. Set DATABASE_URL to a PostgreSQL server to run several worker processes.`,
    );
  }
  if (config.webConcurrency > 1 && config.databaseUrl) return primary(config);
  return serve(config, { prepared: false });
}

main().catch((error: unknown) => {
  console.error('[hvac] failed to start:', error);
  process.exit(1);
});
