import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePartPrice } from '../../src/domain/pricing.js';
import { queryRows } from '../../src/server/db/client.js';
import { expectRefused, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
let manager: ApiClient;
let technician: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin', { unchanged: snapshot });
  manager = await admin.withRole('manager');
  technician = await admin.withRole('technician');
});
afterAll(() => ctx.close());

const list = async (query = '') => (await admin.call('GET', `/api/price-book${query}`)).json();

/** Every price row, so a refused request can be shown to have changed nothing. */
async function snapshot() {
  return queryRows<{ t: string; code: string; name: string; unit_cost: string; updated_at: string }>(
    ctx.database.db,
    sql`select 'part' as t, code, name, unit_cost::text, updated_at::text from job_part_prices
        union all select 'labor', code, name, unit_cost::text, updated_at::text from job_labor_prices
        union all select 'item', code, name, unit_cost::text, updated_at::text from job_item_prices
        order by 1, 2`,
  );
}

describe('add a price', () => {
  it('adds a part and stores the formula figures computed on the server, ignoring forged ones', async () => {
    const response = await admin.call('POST', '/api/price-book/parts', {
      code: 'CMP-3T',
      name: 'Compressor 3 ton',
      description: 'Scroll compressor',
      partsCost: 850,
      estimatedHours: 4,
      complexityMultiplier: 1.25,
      laborRate: 65,
      multiTechnician: true,
      truckFee: 15,
      includeRoofAccess: true,
      roofAccessFee: 80,
      // forged figures: the server recomputes every one of them
      unitCost: 1,
      totalBaseCost: 1,
      flatRateNonContract: 1,
      flatRatePmContract: 1,
      adjustedLaborCost: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    // rate 65 + 50 = 115; labor 4 x 1.25 x 115 = 575; base 850 + 575 + 15 + 80 = 1520;
    // x 1.35 = 2052; x 0.9 = 1846.8 -> 1847
    expect(response.json()).toMatchObject({
      kind: 'part',
      code: 'CMP-3T',
      serviceLine: 'HVACGEN',
      adjustedLaborCostCents: 11500,
      totalBaseCostCents: 152000,
      flatRateNonContractCents: 205200,
      flatRatePmContractCents: 184700,
      unitCostCents: 205200,
    });
    const [stored] = await queryRows<Record<string, string>>(
      ctx.database.db,
      sql`select adjusted_labor_cost, total_base_cost, flat_rate_non_contract, flat_rate_pm_contract, unit_cost from job_part_prices where code = 'CMP-3T'`,
    );
    expect(stored).toEqual({
      adjusted_labor_cost: '115.00',
      total_base_cost: '1520.00',
      flat_rate_non_contract: '2052.00',
      flat_rate_pm_contract: '1847.00',
      unit_cost: '2052.00',
    });
  });

  it('fills a part with the documented defaults: labor rate 60, truck fee 10, roof fee 75 not included, 1 hour, complexity 1, HVACGEN', async () => {
    const response = await admin.call('POST', '/api/price-book/parts', {
      code: 'DEF-PART',
      name: 'Default part',
      partsCost: 100,
    });
    expect(response.statusCode, response.body).toBe(201);
    const expected = computePartPrice({
      partsCostCents: 10000,
      estimatedHours: 1,
      complexityMultiplier: 1,
      laborRateCents: 6000,
      multiTechnician: false,
      truckFeeCents: 1000,
      includeRoofAccess: false,
      roofAccessFeeCents: 7500,
    });
    expect(response.json()).toMatchObject({
      serviceLine: 'HVACGEN',
      laborRateCents: 6000,
      truckFeeCents: 1000,
      roofAccessFeeCents: 7500,
      includeRoofAccess: false,
      multiTechnician: false,
      estimatedHours: 1,
      complexityMultiplier: 1,
      totalBaseCostCents: 17000,
      unitCostCents: expected.unitCostCents,
    });
    expect(expected.unitCostCents).toBe(23000);
  });

  it('adds labor with skill level "standard", 1 hour and HVACGEN by default', async () => {
    const response = await admin.call('POST', '/api/price-book/labor', {
      code: 'LAB-X',
      name: 'Service technician hour',
      unitCost: 95.5,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'labor',
      unitCostCents: 9550,
      skillLevel: 'standard',
      durationHours: 1,
      isOvertime: false,
      isEmergency: false,
      serviceLine: 'HVACGEN',
    });
  });

  it('adds an item with category "General", taxable, and a blank description stored as null', async () => {
    const response = await admin.call('POST', '/api/price-book/items', {
      code: 'ITM-X',
      name: 'Shop supplies',
      unitCost: 12,
      description: '   ',
      category: '  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'item',
      unitCostCents: 1200,
      category: 'General',
      isTaxable: true,
      description: null,
    });
  });

  it('trims text and keeps the service line chosen', async () => {
    const response = await admin.call('POST', '/api/price-book/items', {
      code: '  ITM-TRIM ',
      name: ' Trimmed ',
      unitCost: 1,
      serviceLine: 'REFR',
      category: 'Fees',
      isTaxable: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      code: 'ITM-TRIM',
      name: 'Trimmed',
      serviceLine: 'REFR',
      serviceLineName: 'Refrigeration',
      category: 'Fees',
      isTaxable: false,
    });
  });

  it('lets a manager add, and refuses a technician or a plain user (403)', async () => {
    expect(
      (await manager.call('POST', '/api/price-book/items', { code: 'ITM-MGR', name: 'By a manager', unitCost: 3 }))
        .statusCode,
    ).toBe(201);
    for (const refusedRole of [technician, await admin.withRole('user')]) {
      await refusedRole.refused(
        'POST',
        '/api/price-book/items',
        { code: 'ITM-TECH', name: 'No', unitCost: 3 },
        403,
        'You do not have permission to do this',
      );
    }
  });
});

describe('bad input is refused and changes nothing', () => {
  const cases: {
    name: string;
    path: string;
    payload: Record<string, unknown>;
    message: string | RegExp;
    field: string;
  }[] = [
    {
      name: 'missing code',
      path: 'items',
      payload: { name: 'No code', unitCost: 5 },
      message: 'Code is required',
      field: 'code',
    },
    {
      name: 'blank code',
      path: 'labor',
      payload: { code: '   ', name: 'Blank code', unitCost: 5 },
      message: 'Code is required',
      field: 'code',
    },
    {
      name: 'code of 51 characters',
      path: 'items',
      payload: { code: 'C'.repeat(51), name: 'Long', unitCost: 5 },
      message: 'Code must be at most 50 characters',
      field: 'code',
    },
    {
      name: 'code with a control character',
      path: 'items',
      payload: { code: 'A\tB', name: 'Tab', unitCost: 5 },
      message: 'Code may not contain control characters',
      field: 'code',
    },
    {
      name: 'labor without a name',
      path: 'labor',
      payload: { code: 'LAB-NONAME', unitCost: 5 },
      message: 'Name is required',
      field: 'name',
    },
    {
      name: 'item with a blank name',
      path: 'items',
      payload: { code: 'ITM-NONAME', name: '  ', unitCost: 5 },
      message: 'Name is required',
      field: 'name',
    },
    {
      name: 'part without a name',
      path: 'parts',
      payload: { code: 'PRT-NONAME', partsCost: 5 },
      message: 'Name is required',
      field: 'name',
    },
    {
      name: 'unit cost 0 on labor',
      path: 'labor',
      payload: { code: 'LAB-ZERO', name: 'Zero', unitCost: 0 },
      message: 'Unit cost must be greater than 0',
      field: 'unitCost',
    },
    {
      name: 'negative unit cost on an item',
      path: 'items',
      payload: { code: 'ITM-NEG', name: 'Negative', unitCost: -1 },
      message: 'Unit cost must be greater than 0',
      field: 'unitCost',
    },
    {
      name: 'missing unit cost on an item',
      path: 'items',
      payload: { code: 'ITM-NOCOST', name: 'No cost' },
      message: 'Unit cost is required',
      field: 'unitCost',
    },
    {
      name: 'unit cost as text',
      path: 'items',
      payload: { code: 'ITM-TEXT', name: 'Text', unitCost: '12' },
      message: 'Unit cost is required',
      field: 'unitCost',
    },
    {
      name: 'unit cost with 3 decimals',
      path: 'labor',
      payload: { code: 'LAB-3DP', name: 'Three', unitCost: 12.345 },
      message: 'Unit cost must be in steps of 0.01',
      field: 'unitCost',
    },
    {
      name: 'unit cost above $1,000,000',
      path: 'items',
      payload: { code: 'ITM-BIG', name: 'Big', unitCost: 1_000_000.01 },
      message: 'Unit cost must be at most $1,000,000.00',
      field: 'unitCost',
    },
    {
      name: 'complexity below 0.1',
      path: 'parts',
      payload: { code: 'PRT-CPX', name: 'Low complexity', partsCost: 10, complexityMultiplier: 0.09 },
      message: 'Complexity must be at least 0.1',
      field: 'complexityMultiplier',
    },
    {
      name: 'complexity above 10',
      path: 'parts',
      payload: { code: 'PRT-CPX2', name: 'High complexity', partsCost: 10, complexityMultiplier: 10.5 },
      message: 'Complexity must be at most 10',
      field: 'complexityMultiplier',
    },
    {
      name: 'duration below 0.1',
      path: 'labor',
      payload: { code: 'LAB-DUR', name: 'Short', unitCost: 5, durationHours: 0.05 },
      message: 'Duration must be at least 0.1 hours',
      field: 'durationHours',
    },
    {
      name: 'negative parts cost',
      path: 'parts',
      payload: { code: 'PRT-NEG', name: 'Negative', partsCost: -5 },
      message: 'Parts cost must be at least 0',
      field: 'partsCost',
    },
    {
      name: 'negative estimated hours',
      path: 'parts',
      payload: { code: 'PRT-HRS', name: 'Negative hours', estimatedHours: -1 },
      message: 'Estimated hours must be at least 0',
      field: 'estimatedHours',
    },
    {
      name: 'negative truck fee',
      path: 'parts',
      payload: { code: 'PRT-TRK', name: 'Negative fee', partsCost: 10, truckFee: -10 },
      message: 'Truck fee must be at least 0',
      field: 'truckFee',
    },
    {
      name: 'a part the formula prices at $0',
      path: 'parts',
      payload: { code: 'PRT-FREE', name: 'Free', partsCost: 0, estimatedHours: 0, truckFee: 0 },
      message: 'The flat rate must be greater than $0: enter a parts cost, hours or a truck fee',
      field: 'partsCost',
    },
    {
      name: 'a skill level outside the list',
      path: 'labor',
      payload: { code: 'LAB-GURU', name: 'Guru', unitCost: 5, skillLevel: 'guru' },
      message: 'Skill level must be Helper, Standard, Senior or Master',
      field: 'skillLevel',
    },
    {
      name: 'multi technician not a boolean',
      path: 'parts',
      payload: { code: 'PRT-BOOL', name: 'Bool', partsCost: 5, multiTechnician: 'yes' },
      message: /expected boolean/i,
      field: 'multiTechnician',
    },
    {
      name: 'an unknown service line',
      path: 'items',
      payload: { code: 'ITM-SL', name: 'Unknown line', unitCost: 5, serviceLine: 'NOPE' },
      message: 'Unknown service line NOPE',
      field: 'serviceLine',
    },
  ];

  it.each(cases)('$name', async ({ path, payload, message, field }) => {
    await admin.refused('POST', `/api/price-book/${path}`, payload, 400, message, { field });
  });

  it('refuses a body that is not JSON', async () => {
    await admin.refused('POST', '/api/price-book/items', '{"code":', 400, 'The request body is not valid JSON', {
      headers: { 'content-type': 'application/json' },
    });
  });

  it('refuses an inactive service line for a new price', async () => {
    await ctx.database.db.execute(
      sql`insert into service_lines (code, name, is_active) values ('OLD', 'Retired line', false)`,
    );
    await admin.refused(
      'POST',
      '/api/price-book/items',
      { code: 'ITM-OLD', name: 'Old', unitCost: 5, serviceLine: 'OLD' },
      400,
      'Service line OLD is inactive; choose an active service line',
      { field: 'serviceLine' },
    );
  });
});

describe('codes are unique per kind', () => {
  it('answers 409 for a duplicate code in the same kind, whatever its case, and allows it in another kind', async () => {
    expect(
      (await admin.call('POST', '/api/price-book/labor', { code: 'DUP-1', name: 'First', unitCost: 50 })).statusCode,
    ).toBe(201);
    const body = await admin.refused(
      'POST',
      '/api/price-book/labor',
      { code: 'DUP-1', name: 'Second', unitCost: 60 },
      409,
      'A labor price with the code DUP-1 already exists',
      { field: 'code' },
    );
    expect(body.error.code).toBe('CONFLICT');
    await admin.refused(
      'POST',
      '/api/price-book/labor',
      { code: 'dup-1', name: 'Lower case', unitCost: 60 },
      409,
      'A labor price with the code DUP-1 already exists',
    );
    expect(
      (await admin.call('POST', '/api/price-book/items', { code: 'DUP-1', name: 'Same code, other kind', unitCost: 5 }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 409 (not 500) when two saves race past the check', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        admin.call('POST', '/api/price-book/items', { code: 'RACE-1', name: `Racer ${i}`, unitCost: 5 }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toMatch(/^An item with the code RACE-1 already exists/);
  });
});

describe('edit a price', () => {
  it('changes every field but the code and recomputes a part from its inputs', async () => {
    const created = (
      await admin.call('POST', '/api/price-book/parts', { code: 'EDIT-P', name: 'Before', partsCost: 100 })
    ).json();
    const response = await admin.call('PUT', `/api/price-book/parts/${created.id}`, {
      code: 'HACKED',
      name: 'After',
      description: 'Now with roof',
      serviceLine: 'REFR',
      partsCost: 200,
      estimatedHours: 2,
      complexityMultiplier: 1,
      laborRate: 60,
      multiTechnician: false,
      truckFee: 10,
      includeRoofAccess: true,
      roofAccessFee: 75,
      unitCost: 99999,
    });
    expect(response.statusCode, response.body).toBe(200);
    // 200 + 120 + 10 + 75 = 405; x 1.35 = 546.75 -> 547; x 0.9 = 492.3 -> 492
    expect(response.json()).toMatchObject({
      code: 'EDIT-P',
      name: 'After',
      serviceLine: 'REFR',
      totalBaseCostCents: 40500,
      unitCostCents: 54700,
      flatRatePmContractCents: 49200,
    });
  });

  it('stores a blank description as null', async () => {
    const created = (
      await admin.call('POST', '/api/price-book/items', {
        code: 'EDIT-I',
        name: 'Item',
        unitCost: 5,
        description: 'Something',
      })
    ).json();
    const response = await admin.call('PUT', `/api/price-book/items/${created.id}`, {
      name: 'Item',
      unitCost: 6,
      description: '',
      serviceLine: 'HVACGEN',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ description: null, unitCostCents: 600 });
  });

  it('requires the name, the service line and a unit cost above 0, and changes nothing when refused', async () => {
    const created = (
      await admin.call('POST', '/api/price-book/labor', { code: 'EDIT-L', name: 'Labor', unitCost: 80 })
    ).json();
    const url = `/api/price-book/labor/${created.id}`;
    await admin.refused('PUT', url, { name: '', unitCost: 80, serviceLine: 'HVACGEN' }, 400, 'Name is required', {
      field: 'name',
    });
    await admin.refused('PUT', url, { name: 'Labor', unitCost: 80 }, 400, 'Service line is required', {
      field: 'serviceLine',
    });
    await admin.refused(
      'PUT',
      url,
      { name: 'Labor', unitCost: 80, serviceLine: ' ' },
      400,
      'Service line is required',
      { field: 'serviceLine' },
    );
    await admin.refused(
      'PUT',
      url,
      { name: 'Labor', unitCost: 0, serviceLine: 'HVACGEN' },
      400,
      'Unit cost must be greater than 0',
      { field: 'unitCost' },
    );
    await admin.refused(
      'PUT',
      url,
      { name: 'Labor', unitCost: 80, serviceLine: 'HVACGEN', durationHours: 0 },
      400,
      'Duration must be at least 0.1 hours',
    );
    await admin.refused(
      'PUT',
      url,
      { name: 'Labor', unitCost: 80, serviceLine: 'NOPE' },
      400,
      'Unknown service line NOPE',
    );
    await technician.refused(
      'PUT',
      url,
      { name: 'Labor', unitCost: 80, serviceLine: 'HVACGEN' },
      403,
      'You do not have permission to do this',
    );
  });

  it('keeps an inactive service line the price already has, but will not move a price onto one', async () => {
    await ctx.database.db.execute(
      sql`insert into service_lines (code, name, is_active) values ('GONE', 'Gone line', true) on conflict do nothing`,
    );
    const created = (
      await admin.call('POST', '/api/price-book/items', {
        code: 'EDIT-GONE',
        name: 'On a line',
        unitCost: 5,
        serviceLine: 'GONE',
      })
    ).json();
    await ctx.database.db.execute(sql`update service_lines set is_active = false where code = 'GONE'`);
    expect(
      (
        await admin.call('PUT', `/api/price-book/items/${created.id}`, {
          name: 'Renamed',
          unitCost: 5,
          serviceLine: 'GONE',
        })
      ).statusCode,
    ).toBe(200);
    const other = (
      await admin.call('POST', '/api/price-book/items', { code: 'EDIT-MOVE', name: 'Elsewhere', unitCost: 5 })
    ).json();
    await expectRefused(
      await admin.call('PUT', `/api/price-book/items/${other.id}`, {
        name: 'Elsewhere',
        unitCost: 5,
        serviceLine: 'GONE',
      }),
      400,
      'Service line GONE is inactive; choose an active service line',
    );
  });

  it('answers 404 for an unknown id, 404 for an id of another kind, 400 for a malformed id', async () => {
    const item = (
      await admin.call('POST', '/api/price-book/items', { code: 'EDIT-KIND', name: 'Item', unitCost: 5 })
    ).json();
    const valid = { name: 'X', unitCost: 5, serviceLine: 'HVACGEN' };
    await admin.refusesBadIds({
      url: (id) => `/api/price-book/items/${id}`,
      methods: { GET: undefined, PUT: valid, DELETE: undefined },
      malformed: 'Invalid price item id',
      missing: 'Item price not found. It may have been deleted.',
    });
    await admin.refused(
      'PUT',
      `/api/price-book/labor/${item.id}`,
      valid,
      404,
      'Labor price not found. It may have been deleted.',
    );
    expect((await admin.call('GET', `/api/price-book/items/${item.id}`)).json()).toMatchObject({ code: 'EDIT-KIND' });
  });
});

describe('delete a price', () => {
  it('removes it (admin or manager only), then answers 404', async () => {
    const item = (
      await admin.call('POST', '/api/price-book/items', { code: 'DEL-1', name: 'Delete me', unitCost: 5 })
    ).json();
    await technician.refused(
      'DELETE',
      `/api/price-book/items/${item.id}`,
      undefined,
      403,
      'You do not have permission to do this',
    );
    const response = await manager.call('DELETE', `/api/price-book/items/${item.id}`);
    expect(response.statusCode).toBe(204);
    expect((await list('?q=DEL-1')).total).toBe(0);
    await admin.refused(
      'DELETE',
      `/api/price-book/items/${item.id}`,
      undefined,
      404,
      'Item price not found. It may have been deleted.',
    );
  });
});

describe('the list', () => {
  beforeAll(async () => {
    await ctx.f.partPrice({ code: 'ZL-PART-B', name: 'Blower motor', serviceLine: 'HVACGEN' });
    await ctx.f.laborPrice({
      code: 'ZL-LAB-A',
      name: 'Refrigeration tech hour',
      serviceLine: 'REFR',
      skillLevel: 'senior',
      durationHours: '1.5',
    });
    await ctx.f.itemPrice({
      code: 'ZL-ITEM-C',
      name: 'Blower belt dressing',
      serviceLine: 'REFR',
      category: 'Materials',
    });
    await ctx.f.itemPrice({ code: 'ZL_PCT%', name: 'Odd code', serviceLine: 'CTRL' });
  });

  it("lists the three kinds together, ordered by code, with each kind's details", async () => {
    const body = await list('?q=ZL-');
    expect(body.total).toBe(3);
    expect(body.items.map((r: { code: string }) => r.code)).toEqual(['ZL-ITEM-C', 'ZL-LAB-A', 'ZL-PART-B']);
    const [item, labor, part] = body.items;
    expect(item).toMatchObject({ kind: 'item', category: 'Materials', serviceLineName: 'Refrigeration' });
    expect(labor).toMatchObject({ kind: 'labor', skillLevel: 'senior', durationHours: 1.5 });
    expect(part).toMatchObject({ kind: 'part' });
    expect(part.partsCostCents).toBeGreaterThan(0);
    expect(typeof part.estimatedHours).toBe('number');
  });

  it('searches code or name, case-insensitively, and treats % and _ as plain characters', async () => {
    expect((await list('?q=blower')).items.map((r: { code: string }) => r.code)).toEqual(['ZL-ITEM-C', 'ZL-PART-B']);
    expect((await list('?q=zl-lab')).items.map((r: { code: string }) => r.code)).toEqual(['ZL-LAB-A']);
    expect((await list(`?q=${encodeURIComponent('_PCT%')}`)).items.map((r: { code: string }) => r.code)).toEqual([
      'ZL_PCT%',
    ]);
    // One or two characters match the start of a word (decision 021): "%" begins no code or name here, "zl" begins them all.
    expect((await list(`?q=${encodeURIComponent('%')}`)).items).toEqual([]);
    expect((await list(`?q=${encodeURIComponent('T%')}`)).items).toEqual([]);
    expect((await list('?q=od')).items.map((r: { code: string }) => r.code)).toEqual(['ZL_PCT%']);
    expect((await list('?q=zl')).items.map((r: { code: string }) => r.code)).toEqual([
      'ZL-ITEM-C',
      'ZL-LAB-A',
      'ZL-PART-B',
      'ZL_PCT%',
    ]);
  });

  it('filters by type and by service line, together with the search', async () => {
    expect((await list('?q=ZL-&type=part')).items.map((r: { code: string }) => r.code)).toEqual(['ZL-PART-B']);
    expect((await list('?q=ZL-&type=labor')).items.map((r: { code: string }) => r.code)).toEqual(['ZL-LAB-A']);
    expect((await list('?q=ZL-&type=item')).items.map((r: { code: string }) => r.code)).toEqual(['ZL-ITEM-C']);
    expect((await list('?q=ZL-&serviceLine=REFR')).items.map((r: { code: string }) => r.code)).toEqual([
      'ZL-ITEM-C',
      'ZL-LAB-A',
    ]);
    expect((await list('?q=ZL-&serviceLine=REFR&type=item')).total).toBe(1);
    expect((await list('?q=ZL-&type=')).total).toBe(3);
  });

  it('pages in SQL with a total', async () => {
    const first = await list('?pageSize=2&page=1');
    const second = await list('?pageSize=2&page=2');
    const all = await list('?pageSize=100');
    expect(first.total).toBe(all.total);
    expect(first.items).toHaveLength(2);
    expect([...first.items, ...second.items].map((r: { id: string }) => r.id)).toEqual(
      all.items.slice(0, 4).map((r: { id: string }) => r.id),
    );
    const beyond = await list(`?pageSize=10&page=${Math.ceil(all.total / 10) + 1}`);
    expect(beyond).toMatchObject({ items: [], total: all.total });
  });

  it('refuses bad filters with a message', async () => {
    await expectRefused(
      await admin.call('GET', '/api/price-book?type=widget'),
      400,
      'Type must be part, labor or item',
    );
    await expectRefused(await admin.call('GET', '/api/price-book?pageSize=101'), 400, 'Page size must be at most 100');
    await expectRefused(await admin.call('GET', '/api/price-book?page=0'), 400, 'Page must be 1 or more');
  });

  it('is readable by every signed-in role', async () => {
    expect((await technician.call('GET', '/api/price-book')).statusCode).toBe(200);
    expect((await technician.call('GET', '/api/price-book/options')).json().serviceLines).toContainEqual({
      code: 'HVACGEN',
      name: 'HVAC General',
      isActive: true,
    });
  });
});

describe('export', () => {
  async function readExport(query: string) {
    const response = await technician.call('GET', `/api/price-book/export${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="price-book-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('downloads the filtered list (all pages) as .xlsx with a header row', async () => {
    const rows = await readExport('?q=ZL-&serviceLine=REFR');
    expect(rows[0]!.slice(0, 6)).toEqual(['Type', 'Code', 'Name', 'Description', 'Service Line', 'Unit Cost']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['Item', 'ZL-ITEM-C'],
      ['Labor', 'ZL-LAB-A'],
    ]);
    const all = await readExport('');
    expect(all.length - 1).toBe((await list('?pageSize=1')).total);
  });

  it('refuses a bad filter', async () => {
    await expectRefused(
      await admin.call('GET', '/api/price-book/export?type=widget'),
      400,
      'Type must be part, labor or item',
    );
  });
});
