import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { prepareDatabase } from './db/setup.js';

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const say = (message: string) => console.log(`[hvac] ${message}`);
  say(config.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded PostgreSQL (PGlite) in ${config.dataDir}`);
  const { database } = await prepareDatabase(config, say);

  const app = await buildApp({ config, database, logger: { level: config.logLevel } });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal} received, closing...`);
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
  say(`Ready at http://localhost:${config.port}${config.demo ? ' (demo: sign in as demo / hvac-demo)' : ''}`);
}

main().catch((error: unknown) => {
  console.error('[hvac] failed to start:', error);
  process.exit(1);
});
