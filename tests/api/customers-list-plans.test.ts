import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompaniesRepo } from '../../src/server/modules/companies/companies.repo.js';
import { createLocationsRepo } from '../../src/server/modules/locations/locations.repo.js';
import { createUnitsRepo } from '../../src/server/modules/units/units.repo.js';
import { companyListQuery } from '../../src/domain/companies.js';
import { locationListQuery } from '../../src/domain/locations.js';
import { unitListQuery } from '../../src/domain/units.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

/**
 * Filtered lists gather the matches through the trigram indexes and sort them, or, past a cap of
 * matches, walk the order index (src/server/db/sql.ts selectPage). Both plans must give the
 * same pages and totals: here the cap is forced down to 1 to run the second plan.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const [i, prefix] of ['Summit', 'Summit', 'Magnolia', 'Summit', 'Oakwood'].entries()) {
    const company = await ctx.f.company({ name: `${prefix} Plan Test ${i}`, city: i % 2 ? 'Plano' : 'Planview' });
    for (let j = 0; j < 3; j++) {
      const location = await ctx.f.location({ companyId: company.id, name: `Plan Site ${i}-${j}` });
      for (let k = 0; k < 3; k++) await ctx.f.unit({ locationId: location.id, unitNumber: `PLAN-${k}${j}${i}`, status: k === 2 ? 'inactive' : 'active' });
    }
  }
});
afterAll(() => ctx.close());

describe('both list plans agree', () => {
  it('companies', async () => {
    const sorted = createCompaniesRepo(ctx.database.db);
    const walked = createCompaniesRepo(ctx.database.db, { matchCap: 1 });
    for (const raw of [{ company: 'plan test' }, { company: 'summit plan', pageSize: '25' }, { city: 'plan', page: '2' }, { company: 'nothing-matches' }]) {
      const query = companyListQuery.parse(raw);
      expect(await walked.list(query)).toEqual(await sorted.list(query));
    }
    expect((await sorted.list(companyListQuery.parse({ company: 'summit plan' }))).items.map((c) => c.name)).toEqual(['Summit Plan Test 0', 'Summit Plan Test 1', 'Summit Plan Test 3']);
  });

  it('locations', async () => {
    const sorted = createLocationsRepo(ctx.database.db);
    const walked = createLocationsRepo(ctx.database.db, { matchCap: 1 });
    for (const raw of [{ q: 'plan site' }, { q: 'summit 1-' }, { name: 'plan', page: '1' }]) {
      const query = locationListQuery.parse(raw);
      expect(await walked.list(query)).toEqual(await sorted.list(query));
    }
    expect((await sorted.list(locationListQuery.parse({ q: 'plan site' }))).total).toBe(15);
  });

  it('units, including an empty page past the end', async () => {
    const sorted = createUnitsRepo(ctx.database.db);
    const walked = createUnitsRepo(ctx.database.db, { matchCap: 1 });
    for (const raw of [{ q: 'plan-' }, { q: 'plan- summit' }, { company: 'summit', status: 'inactive' }, { location: 'plan site 2', unitNumber: 'plan' }, { q: 'plan-', page: '9' }]) {
      const query = unitListQuery.parse(raw);
      expect(await walked.list(query)).toEqual(await sorted.list(query));
    }
    const pastEnd = await sorted.list(unitListQuery.parse({ q: 'plan-', page: '9' }));
    expect(pastEnd).toEqual({ items: [], total: 45 });
  });
});
