import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyListStatements,
  companySuggestionStatements,
} from '../../src/server/modules/companies/companies.repo.js';
import { locationListStatements } from '../../src/server/modules/locations/locations.repo.js';
import { unitListStatements } from '../../src/server/modules/units/units.repo.js';
import { headerSearchStatements } from '../../src/server/modules/search/search.repo.js';
import { companyListQuery } from '../../src/domain/companies.js';
import { locationListQuery } from '../../src/domain/locations.js';
import { unitListQuery } from '../../src/domain/units.js';
import { selectRows, type Fields } from '../../src/server/db/sql.js';
import { selectPage, type PagePlan } from '../../src/server/lists/index.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

/**
 * A filtered page is found one of four ways (src/server/lists/planner.ts selectPage): the matches gathered
 * and sorted, a walk of the first rows of the list's order, the same gathering with a larger limit,
 * or a walk of the whole order. Every way must give the same page: here each runs on its own, with
 * bounds large enough to answer, for every query.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const [i, prefix] of ['Summit', 'Summit', 'Magnolia', 'Summit', 'Oakwood'].entries()) {
    const company = await ctx.f.company({ name: `${prefix} Plan Test ${i}`, city: i % 2 ? 'Plano' : 'Planview' });
    for (let j = 0; j < 3; j++) {
      const location = await ctx.f.location({ companyId: company.id, name: `Plan Site ${i}-${j}` });
      for (let k = 0; k < 3; k++)
        await ctx.f.unit({
          locationId: location.id,
          unitNumber: `PLAN-${k}${j}${i}`,
          status: k === 2 ? 'inactive' : 'active',
        });
    }
  }
});
afterAll(() => ctx.close());

/** The page by each of the four ways; the gatherings answer only when they hold every match. */
async function everyWay<F extends Fields>(plan: PagePlan<F>) {
  const db = ctx.database.db;
  const { select } = plan;
  const gathered = async () => {
    const rows = (await db.execute(plan.gathered(100_000))) as unknown as { rows: Record<string, unknown>[] };
    return rows.rows.filter((row) => !select.isEmpty(row)).map((row) => select.decode(row));
  };
  // The keyed way answers only where it applies (`complete`).
  const keyed = async () => {
    if (!plan.keyed) return null;
    const rows = ((await db.execute(plan.keyed)) as unknown as { rows: Record<string, unknown>[] }).rows;
    return rows[0]?.complete === true
      ? rows.filter((row) => !select.isEmpty(row)).map((row) => select.decode(row))
      : null;
  };
  return {
    gathered: await gathered(),
    walked: await selectRows(db, select, plan.walk(100_000)),
    keyed: await keyed(),
    dense: await selectRows(db, select, plan.dense),
  };
}

/** `keyed`: the keyed way applies to this query (it must then give the same page; otherwise it must say it does not apply). */
const expectOneAnswer = async <F extends Fields>(plan: PagePlan<F>, options: { keyed?: boolean } = {}) => {
  const ways = await everyWay(plan);
  expect(ways.walked).toEqual(ways.dense);
  expect(ways.gathered).toEqual(ways.dense);
  expect(ways.keyed).toEqual(options.keyed ? ways.dense : null);
  return ways.dense;
};

describe('every way of finding a page gives the same page', () => {
  it('companies and their name suggestions', async () => {
    for (const raw of [
      { company: 'plan test' },
      { company: 'summit plan', pageSize: '25' },
      { city: 'plan', page: '2' },
      { company: 'nothing-matches' },
      { company: 'p' },
      { company: 'su' },
    ]) {
      const statements = companyListStatements(companyListQuery.parse(raw));
      if (statements.kind !== 'filtered') throw new Error('a filter was given');
      await expectOneAnswer(statements.plan);
    }
    const suggestions = companySuggestionStatements('su');
    expect((await expectOneAnswer(suggestions)).map((c) => c.name)).toEqual([
      'Summit Plan Test 0',
      'Summit Plan Test 1',
      'Summit Plan Test 3',
    ]);
  });

  it('locations', async () => {
    for (const raw of [
      { q: 'plan site' },
      { q: 'summit 1-' },
      { name: 'plan', page: '1' },
      { q: 'p s' },
      { q: 'pl' },
    ]) {
      const statements = locationListStatements(locationListQuery.parse(raw));
      if (statements.kind !== 'filtered') throw new Error('a filter was given');
      await expectOneAnswer(statements.plan);
    }
  });

  it('units, including an empty page past the end', async () => {
    // The keyed way applies where some unit number matches every word and the filter names the unit alone.
    const queries = [
      { raw: { q: 'plan-' }, keyed: true },
      { raw: { q: 'plan- summit' }, keyed: false },
      { raw: { company: 'summit', status: 'inactive' }, keyed: false },
      { raw: { location: 'plan site 2', unitNumber: 'plan' }, keyed: false },
      { raw: { q: 'plan-', page: '9' }, keyed: true },
      { raw: { q: 'p' }, keyed: true },
      { raw: { q: 'pl ma' }, keyed: false },
    ];
    for (const { raw, keyed } of queries) {
      const statements = unitListStatements(unitListQuery.parse(raw));
      if (statements.kind !== 'filtered') throw new Error('a filter was given');
      await expectOneAnswer(statements.plan, { keyed });
    }
  });

  it('units whose matches cluster late in the order: found through the unit numbers that match (keyed)', async () => {
    // 30 "ZZT" units sort after every other unit; one unit of a location named "Zz Annex" matches by
    // its location and sorts first. The cap is lowered to 5 so the 31 matches are "too many".
    const yard = await ctx.f.location({ name: 'Keyed Yard' });
    for (let i = 0; i < 30; i++)
      await ctx.f.unit({
        locationId: yard.id,
        unitNumber: `ZZT-${1 + (i % 2)}`,
        status: i % 3 === 0 ? 'inactive' : 'active',
      });
    const annex = await ctx.f.location({ name: 'Zz Annex' });
    await ctx.f.unit({ locationId: annex.id, unitNumber: 'AAA-1' });
    const seen: string[] = [];
    for (const raw of [
      { q: 'zz' },
      { q: 'zzt' },
      { q: 'zz', page: '2' },
      { q: 'zz', status: 'active' },
      { q: 'zz zzt' },
    ]) {
      const statements = unitListStatements(unitListQuery.parse(raw), { totalCap: 5 });
      if (statements.kind !== 'filtered') throw new Error('a filter was given');
      const dense = await expectOneAnswer(statements.plan, { keyed: true });
      const page = await selectPage(ctx.database.db, statements.plan);
      expect(page.way, JSON.stringify(raw)).toBe('keyed');
      expect(page.rows, JSON.stringify(raw)).toEqual(dense);
      seen.push(`${JSON.stringify(raw)} ${page.total}${page.totalCapped ? '+' : ''} ${page.rows[0]?.unitNumber}`);
    }
    expect(seen).toEqual([
      '{"q":"zz"} 25+ AAA-1',
      '{"q":"zzt"} 25+ ZZT-1',
      '{"q":"zz","page":"2"} 31 ZZT-2',
      '{"q":"zz","status":"active"} 21 AAA-1',
      '{"q":"zz zzt"} 25+ ZZT-1',
    ]);
    // No unit number matches: the trigram index finds the matches, as before.
    const annexOnly = unitListStatements(unitListQuery.parse({ q: 'annex' }), { totalCap: 5 });
    if (annexOnly.kind !== 'filtered') throw new Error('a filter was given');
    expect((await selectPage(ctx.database.db, annexOnly.plan)).way).toBe('gathered');
  });

  it('the header search, each kind', async () => {
    for (const text of ['plan', 'su', 'plan si', 'pl 1']) {
      const plans = headerSearchStatements(text);
      const every = headerSearchStatements(text, { limit: 1_000 });
      for (const kind of ['companies', 'locations', 'units', 'jobs', 'invoices'] as const) {
        // The header search's last way takes five matches in any order (anyOrderPastWalk): matches
        // of the same text, sorted among themselves, not necessarily the first five.
        const label = `${kind} "${text}"`;
        const ways = await everyWay(plans[kind] as unknown as PagePlan);
        expect(ways.walked, label).toEqual(ways.gathered);
        const matches = (await everyWay(every[kind] as unknown as PagePlan)).gathered.map((row) => row.id);
        const dense = ways.dense.map((row) => row.id);
        expect(dense, label).toHaveLength(Math.min(5, matches.length));
        expect(matches, label).toEqual(expect.arrayContaining(dense));
        // in the list's order, as every match is
        expect(dense, label).toEqual(matches.filter((id) => dense.includes(id)));
      }
    }
  });
});
