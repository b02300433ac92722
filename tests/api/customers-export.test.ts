import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches } from '../../src/server/export/xlsx.js';
import { createCompaniesRepo } from '../../src/server/modules/companies/index.js';
import { createLocationsRepo } from '../../src/server/modules/locations/index.js';
import { signedOut, signInAs, type ApiClient } from '../support/api.js';
import { customerFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => new Date('2026-11-22T15:00:00Z') });
  api = await signInAs(ctx, 'user', { unchanged: () => customerFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

async function readSheet(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('Export to Spreadsheet', () => {
  it('downloads every page of the filtered company list as .xlsx with a header row', async () => {
    // More than one export batch (2,000 rows) would be slow here; 60 rows over three 25-row pages.
    for (let i = 0; i < 60; i++)
      await ctx.f.company({
        name: `Export Co ${String(i).padStart(2, '0')}`,
        city: i % 2 ? 'Atlanta' : 'Macon',
        phone: i === 0 ? null : '(404) 555-0100',
      });
    await ctx.f.company({ name: 'Not Exported Ltd', city: 'Atlanta' });

    const response = await api.call('GET', '/api/companies/export?company=export%20co&city=atl');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="companies-2026-11-22.xlsx"');
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Address', 'City', 'State', 'Zip', 'Phone', 'Created', 'Tags']);
    expect(rows).toHaveLength(31);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      Array.from({ length: 30 }, (_, k) => `Export Co ${String(k * 2 + 1).padStart(2, '0')}`),
    );
    expect(rows[1]![2]).toBe('Atlanta');
    expect(rows[1]![6]).toBeInstanceOf(Date);

    const all = await readSheet((await api.call('GET', '/api/companies/export?company=export%20co')).rawPayload);
    expect(all).toHaveLength(61);
  });

  it('reads the export in keyset batches that neither skip nor repeat a row', async () => {
    // Same names on purpose: the cursor is (name, id), so equal names must not be lost.
    const twin = await ctx.f.company({ name: 'Twin Sites Group' });
    for (let i = 0; i < 9; i++)
      await ctx.f.location({ companyId: twin.id, name: i < 5 ? 'Twin Site' : `Twin Site ${i}` });
    const locations = createLocationsRepo(ctx.database.db);
    const batches: string[][] = [];
    for await (const batch of inBatches(
      (after: { name: string; id: string } | null, limit) =>
        locations.exportBatch({ companyId: twin.id } as never, after, limit),
      (r) => ({ name: r.name, id: r.id }),
      2,
    )) {
      batches.push(batch.map((l) => l.id));
    }
    expect(batches.map((b) => b.length)).toEqual([2, 2, 2, 2, 1]);
    const ids = batches.flat();
    expect(new Set(ids).size).toBe(9);
    const paged = (await locations.list({ companyId: twin.id, page: 1, pageSize: 25 } as never)).items.map((l) => l.id);
    expect(ids).toEqual(paged);

    const companies = createCompaniesRepo(ctx.database.db);
    let count = 0;
    for await (const batch of inBatches(
      (after: { name: string; id: string } | null, limit) =>
        companies.exportBatch({ company: 'export co' } as never, after, limit),
      (r) => ({ name: r.name, id: r.id }),
      7,
    )) {
      count += batch.length;
    }
    expect(count).toBe(60);
  });

  it('exports the filtered locations with their company', async () => {
    const company = await ctx.f.company({ name: 'Export Locations Holding' });
    await ctx.f.location({ companyId: company.id, name: 'Xport Alpha', buildingName: 'North', city: 'Atlanta' });
    await ctx.f.location({ companyId: company.id, name: 'Xport Beta', buildingName: 'South', city: 'Decatur' });
    const response = await api.call('GET', '/api/locations/export?q=xport');
    expect(response.headers['content-disposition']).toBe('attachment; filename="locations-2026-11-22.xlsx"');
    const rows = await readSheet(response.rawPayload);
    expect(rows).toEqual([
      ['Location', 'Building', 'Company', 'Address', 'City', 'State', 'Zip', 'Units'],
      [
        'Xport Alpha',
        'North',
        'Export Locations Holding',
        expect.any(String),
        'Atlanta',
        expect.any(String),
        expect.any(String),
        0,
      ],
      [
        'Xport Beta',
        'South',
        'Export Locations Holding',
        expect.any(String),
        'Decatur',
        expect.any(String),
        expect.any(String),
        0,
      ],
    ]);
  });

  it('refuses bad filters with a message', async () => {
    await api.refused('GET', '/api/locations/export?companyId=zzz', undefined, 400, 'Invalid company ID format');
  });
});

describe('/dashboard and client configuration', () => {
  it('counts companies, locations, units (active and inactive) and lists the 5 newest companies', async () => {
    const before = (await api.call('GET', '/api/customers/dashboard')).json();
    const company = await ctx.f.company({ name: 'Newest Of All', createdAt: new Date('2030-01-01T00:00:00Z') });
    const location = await ctx.f.location({ companyId: company.id });
    await ctx.f.unit({ locationId: location.id, status: 'active' });
    await ctx.f.unit({ locationId: location.id, status: 'inactive' });
    await ctx.f.unit({ locationId: location.id, status: 'inactive' });
    const after = (await api.call('GET', '/api/customers/dashboard')).json();
    expect(after.totalCompanies).toBe(before.totalCompanies + 1);
    expect(after.totalLocations).toBe(before.totalLocations + 1);
    expect(after.totalUnits).toBe(before.totalUnits + 3);
    expect(after.activeUnits).toBe(before.activeUnits + 1);
    expect(after.inactiveUnits).toBe(before.inactiveUnits + 2);
    expect(after.recentCompanies).toHaveLength(5);
    expect(after.recentCompanies[0]).toEqual({
      id: company.id,
      name: 'Newest Of All',
      city: company.city,
      state: company.state,
    });
  });

  it('tells the signed-in browser where map tiles come from', async () => {
    const response = await api.call('GET', '/api/config');
    expect(response.json()).toEqual({
      mapTileUrl: 'https://tile.example.test/{z}/{x}/{y}.png',
      version: expect.any(String),
    });
    await signedOut(ctx).refused('GET', '/api/config', undefined, 401);
  });
});
