/**
 * The full data export (issue 31, decision 050): the admin's zip unzips (yauzl checks every
 * entry's CRC), holds a CSV per exported table with the rows entered and every stored file byte
 * for byte, and never a secret (password hashes, session ids, quote link tokens, feed hashes).
 * Bounded memory is shown by construction: with a small batch size the export still holds every
 * row while no read asks for more than one batch (the approach is in decision 050).
 */
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { jobQuotes, sessions, users } from '../../src/server/db/schema.js';
import { createDataExportRepo } from '../../src/server/modules/data-export/data-export.repo.js';
import { createDataExportService } from '../../src/server/modules/data-export/data-export.service.js';
import { EXPORT_PLAN, exportTables } from '../../src/server/modules/data-export/export-plan.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const NOW = new Date('2026-11-29T12:00:00Z');

let ctx: TestContext;
let admin: ApiClient;

/** Every entry of a zip, by name. */
async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** RFC 4180 records (quoted cells with commas, quotes and line breaks), without the BOM. */
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  const [header, ...rows] = records;
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

let entries: Map<string, Buffer>;
let storedKey: string;
const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0, 255, 10, 13]);
const csv = (name: string) => parseCsv(entries.get(`${name}.csv`)!.toString('utf8'));

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  admin = await signInAs(ctx, 'admin');
  const company = await ctx.f.company({ name: 'Acme, "The Coolest" Foods' });
  const location = await ctx.f.location({ companyId: company.id, name: 'Warehouse\nNorth' });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7' });
  const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: 'Café PM' });
  await ctx.f.jobItem(job.id, { name: 'Filter, 20x25', unitCost: '12.50' });
  await ctx.f.quote(job);
  await ctx.f.technician({ user: { username: 'tech-export', password: 'a-long-password' } });
  for (let i = 0; i < 30; i++) await ctx.f.company({ name: `Bulk ${String(i).padStart(2, '0')}` });
  storedKey = (
    await createFileStorage().put(ctx.database.db, {
      purpose: 'inspection-photo',
      fileName: 'Roof unit (north).jpg',
      contentType: 'image/jpeg',
      bytes: PHOTO,
    })
  ).key;

  const response = await admin.call('GET', '/api/data-export');
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toBe('attachment; filename="company-data-2026-11-29.zip"');
  entries = await unzip(response.rawPayload);
});

afterAll(async () => {
  await ctx.close();
});

describe('the full data export', () => {
  it('holds a README, a CSV per exported table, the stored files and a manifest', () => {
    const names = [...entries.keys()];
    expect(names[0]).toBe('README.txt');
    expect(names.at(-1)).toBe('manifest.json');
    for (const table of exportTables()) expect(names).toContain(`${table.name}.csv`);
    for (const name of [
      'companies',
      'locations',
      'units',
      'contacts',
      'jobs',
      'job_items',
      'job_inspections',
      'job_repairs',
      'job_quotes',
      'job_invoices',
      'job_invoice_payments',
      'job_part_prices',
      'settings',
      'users',
      'technicians',
    ])
      expect(names).toContain(`${name}.csv`);
    for (const name of ['sessions', 'auth_throttle', 'rate_limits', 'calendar_feeds', 'home_counts', 'invoice_search'])
      expect(names).not.toContain(`${name}.csv`);
    expect(entries.get('README.txt')!.toString()).toContain('sessions: sign-in sessions');
  });

  it('writes the rows as entered, quoted where needed', () => {
    const companies = csv('companies');
    expect(companies).toHaveLength(31);
    expect(companies.map((c) => c.name)).toContain('Acme, "The Coolest" Foods');
    expect(Object.keys(companies[0]!)).not.toContain('search_text');
    expect(csv('locations').map((l) => l.name)).toContain('Warehouse\nNorth');
    const [item] = csv('job_items');
    expect(item).toMatchObject({ name: 'Filter, 20x25', unit_cost: '12.50' });
    const jobs = csv('jobs');
    expect(jobs[0]).toMatchObject({ name: 'Café PM', office: 'Main Office' });
    expect(jobs[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const settings = csv('settings');
    expect(settings.find((s) => s.key === 'company')!.value).toMatch(/^\{/);
  });

  it('includes every stored file byte for byte, named in stored_files.csv', () => {
    const [file] = csv('stored_files').filter((f) => f.id === storedKey);
    expect(file!.zip_path).toBe(`files/inspection-photo/${storedKey}-Roof_unit_north_.jpg`);
    expect(Object.keys(file!)).not.toContain('bytes');
    expect(entries.get(file!.zip_path!)!.equals(PHOTO)).toBe(true);
  });

  it('counts each CSV in the manifest', () => {
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      tables: Record<string, number>;
      files: number;
    };
    expect(manifest.tables.companies).toBe(31);
    expect(manifest.tables.users).toBe(csv('users').length);
    expect(manifest.files).toBe(csv('stored_files').length);
  });

  it('never includes a secret', async () => {
    const db = ctx.database.db;
    const secrets = [
      ...(await db.select({ v: users.passwordHash }).from(users)).map((r) => r.v),
      ...(await db.select({ v: sessions.id }).from(sessions)).map((r) => r.v),
      ...(await db.select({ v: jobQuotes.token }).from(jobQuotes)).map((r) => r.v),
    ].filter((v): v is string => Boolean(v));
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const everything = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(Object.keys(csv('users')[0]!)).not.toContain('password_hash');
    expect(Object.keys(csv('job_quotes')[0]!)).not.toContain('token');
    expect(entries.get('outbox.csv')!.toString().split('\r\n')[0]).not.toMatch(/body|claim/);
  });

  it('is refused to everyone but an admin', async () => {
    for (const role of ['manager', 'user', 'technician'] as const)
      await (await admin.withRole(role)).refused('GET', '/api/data-export', undefined, 403);
  });
});

describe('the export plan', () => {
  it('exports no column named like a secret', () => {
    const allowed = new Set(['users.password_changed_at']);
    for (const table of exportTables())
      for (const { name } of table.columns)
        if (/hash|token|secret|password|salt|api_?key|private/i.test(name))
          expect(allowed, `${table.name}.${name}`).toContain(`${table.name}.${name}`);
  });

  it('names only tables that exist, each with a primary key', () => {
    expect(() => exportTables()).not.toThrow();
    expect(Object.keys(EXPORT_PLAN).length).toBeGreaterThan(40);
  });

  it('reads in batches: a small batch still exports every row, and no read asks for more', async () => {
    const db: Database = ctx.database.db;
    const repo = createDataExportRepo(db);
    let largest = 0;
    let reads = 0;
    const counting: typeof repo = {
      batch: async (table, cursor, limit, exec) => {
        const rows = await repo.batch(table, cursor, limit, exec);
        largest = Math.max(largest, rows.length, limit);
        reads += 1;
        return rows;
      },
    };
    const service = createDataExportService({
      db,
      storage: createFileStorage(),
      clock: () => NOW,
      repo: counting,
      batchSize: 7,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of service.archive({ error: () => undefined })) chunks.push(chunk as Buffer);
    const small = await unzip(Buffer.concat(chunks));
    expect(
      parseCsv(small.get('companies.csv')!.toString())
        .map((c) => c.id)
        .sort(),
    ).toEqual(
      csv('companies')
        .map((c) => c.id)
        .sort(),
    );
    expect(largest).toBe(7);
    expect(reads).toBeGreaterThan(exportTables().length + 31 / 7);
  });
});
