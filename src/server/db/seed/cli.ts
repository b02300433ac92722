/**
 * npm run seed                   demo data into an empty database (DATA_DIR or DATABASE_URL)
 * npm run seed -- --scale large  the benchmark data set (100,000 companies, 1,000,000 units,
 *                                500,000 jobs and invoices) on top of the demo data
 */
import { loadConfig } from '../../config.js';
import { prepareDatabase } from '../setup.js';
import { isDatabaseEmpty, seedDemo } from './demo.js';
import { seedLarge } from './large.js';

const args = process.argv.slice(2);
const scaleIndex = args.indexOf('--scale');
const scale = scaleIndex >= 0 ? args[scaleIndex + 1] : 'demo';
if (scale !== 'demo' && scale !== 'large') {
  console.error('Usage: npm run seed -- [--scale demo|large]');
  process.exit(2);
}

const config = loadConfig();
const say = (message: string) => console.log(`[seed] ${message}`);
// The large data set inserts a million units in one statement: no statement timeout for it.
const { database } = await prepareDatabase(
  { ...config, demo: false, ...(scale === 'large' ? { databaseStatementTimeoutMs: 0 } : {}) },
  say,
);
try {
  if (await isDatabaseEmpty(database.db)) {
    const summary = await seedDemo(database.db);
    say(`demo data: ${summary.companies} companies, ${summary.jobs} jobs`);
  } else if (scale === 'demo') {
    say('the database is not empty; nothing to do (the demo data goes only into an empty database)');
  }
  if (scale === 'large') {
    // Only the parts the database does not hold yet are generated.
    const started = Date.now();
    say(`the large data set on ${database.kind}...`);
    await seedLarge(database.db, (m) => say(`  ${m}`));
    say(`done in ${((Date.now() - started) / 60000).toFixed(1)} minutes`);
  }
} finally {
  await database.close();
}
