/**
 * The full data export's memory over a larger data set (decision 050): an in-memory PGlite with
 * ROWS companies (100-byte names) and FILES stored files of 5 MB, exported to a slow sink (1 ms a
 * chunk), sampling the heap and RSS every 20 ms. Not part of `npm run bench` (it is a check of a
 * bound, not a speed target):
 *
 *   node --expose-gc --import tsx bench/data-export-memory.ts 300000 2
 *
 * 2026-11-29: 100,000 rows + 20 files: heap 27 MB before, 61 MB at peak; 300,000 rows + 2 files:
 * 27 MB before, 45 MB at peak (the CSV alone is about 60 MB): the heap follows one batch and one
 * file, not the table.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { ensureReferenceData } from '../src/server/db/reference-data.js';
import { createDataExportService } from '../src/server/modules/data-export/data-export.service.js';
import { createFileStorage } from '../src/server/storage/storage.js';

const rows = Number(process.argv[2] ?? 100000);
const files = Number(process.argv[3] ?? 20);
const handle = await openDatabase({});
await migrateDatabase(handle);
await ensureReferenceData(handle.db);
const db = handle.db;
await db.execute(sql`insert into companies (name, address, city, state, zip, phone)
  select 'Company ' || g || ' ' || repeat('x', 80), g || ' Long Street Name Avenue', 'Springfield', 'IL', '62701', '5551234567'
  from generate_series(1, ${rows}) g`);
const storage = createFileStorage();
const big = Buffer.alloc(5 * 1024 * 1024, 7);
for (let i = 0; i < files; i++)
  await storage.put(db, { purpose: 'quote-pdf', fileName: `big-${i}.pdf`, contentType: 'application/pdf', bytes: big });
global.gc?.();
const base = process.memoryUsage();
let peakHeap = 0;
let peakRss = 0;
const timer = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}, 20);
let bytes = 0;
const started = Date.now();
const service = createDataExportService({ db, storage, clock: () => new Date() });
await pipeline(
  service.archive({ error: (d, m) => console.error(m, d) }),
  new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      // a slow client: 1 ms per chunk
      setTimeout(done, 1);
    },
  }),
);
clearInterval(timer);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `rows ${rows}, files ${files} x 5 MB: zip ${mb(bytes)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; heap before ${mb(base.heapUsed)} MB, peak ${mb(peakHeap)} MB; rss before ${mb(base.rss)} MB, peak ${mb(peakRss)} MB`,
);
await handle.close();
