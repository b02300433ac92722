import { describe, expect, it } from 'vitest';
import {
  analyzePriceImport,
  normalizeHeader,
  parseBooleanCell,
  parseKindCell,
  parseNumberCell,
  type ImportContext,
} from './price-book-import.js';
import {
  formatHours,
  hasAtMostTwoDecimals,
  itemPriceCreateInput,
  laborPriceCreateInput,
  laborPriceUpdateInput,
  partPriceCreateInput,
  PRICE_VALUES,
  priceCreateBodies,
  priceListFilters,
  priceUpdateBodies,
  priceValuesOf,
  updateBodyOf,
  type PriceRecord,
} from './price-book.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('price payloads', () => {
  it('give a new part the formula defaults and HVACGEN', () => {
    expect(partPriceCreateInput.parse({ code: 'P', name: 'Part' })).toEqual({
      code: 'P',
      name: 'Part',
      description: null,
      serviceLine: 'HVACGEN',
      partsCost: 0,
      estimatedHours: 1,
      complexityMultiplier: 1,
      laborRate: 60,
      multiTechnician: false,
      truckFee: 10,
      includeRoofAccess: false,
      roofAccessFee: 75,
    });
  });

  it('give labor "standard" and an item "General"', () => {
    expect(laborPriceCreateInput.parse({ code: 'L', name: 'L', unitCost: 1 })).toMatchObject({
      skillLevel: 'standard',
      durationHours: 1,
      serviceLine: 'HVACGEN',
    });
    expect(itemPriceCreateInput.parse({ code: 'I', name: 'I', unitCost: 1, category: '' })).toMatchObject({
      category: 'General',
      isTaxable: true,
    });
  });

  it('state each price rule with its message', () => {
    expect(issues(laborPriceCreateInput.safeParse({ name: '', unitCost: 0, durationHours: 0.09 }))).toEqual({
      name: 'Name is required',
      unitCost: 'Unit cost must be greater than 0',
      durationHours: 'Duration must be at least 0.1 hours',
      code: 'Code is required',
    });
    expect(issues(partPriceCreateInput.safeParse({ code: 'P', name: 'P', complexityMultiplier: 0.09 }))).toEqual({
      complexityMultiplier: 'Complexity must be at least 0.1',
    });
    expect(issues(itemPriceCreateInput.safeParse({ code: 'I', name: 'I', unitCost: Number.NaN }))).toEqual({
      unitCost: 'Unit cost is required',
    });
    expect(issues(laborPriceUpdateInput.safeParse({ name: 'L', unitCost: 5 }))).toEqual({
      serviceLine: 'Service line is required',
    });
  });

  it('refuse a part priced at $0, but only once its figures are valid', () => {
    expect(issues(partPriceCreateInput.safeParse({ code: 'P', name: 'P', estimatedHours: 0, truckFee: 0 }))).toEqual({
      partsCost: 'The flat rate must be greater than $0: enter a parts cost, hours or a truck fee',
    });
    expect(issues(partPriceCreateInput.safeParse({ code: 'P', name: 'P', estimatedHours: -1, truckFee: 0 }))).toEqual({
      estimatedHours: 'Estimated hours must be at least 0',
    });
  });

  it('take at most 2 decimals, forgiving binary noise', () => {
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
  });
});

describe('price values: one mapper per kind between a record and its form', () => {
  const records: PriceRecord[] = [
    {
      kind: 'part',
      id: 'p-1',
      code: 'CMP-3T',
      name: 'Compressor 3 ton',
      description: null,
      serviceLine: 'HVACGEN',
      serviceLineName: 'HVAC General',
      unitCostCents: 205200,
      partsCostCents: 85000,
      estimatedHours: 4,
      complexityMultiplier: 1.25,
      laborRateCents: 6500,
      multiTechnician: true,
      adjustedLaborCostCents: 11500,
      truckFeeCents: 1500,
      includeRoofAccess: true,
      roofAccessFeeCents: 8000,
      totalBaseCostCents: 152000,
      flatRateNonContractCents: 205200,
      flatRatePmContractCents: 184700,
    },
    {
      kind: 'labor',
      id: 'l-1',
      code: 'LAB-STD',
      name: 'Standard hour',
      description: 'Weekdays',
      serviceLine: 'REFR',
      serviceLineName: null,
      unitCostCents: 9550,
      skillLevel: 'senior',
      durationHours: 1.5,
      isOvertime: true,
      isEmergency: false,
    },
    {
      kind: 'item',
      id: 'i-1',
      code: 'ITM-TRIP',
      name: 'Trip charge',
      description: null,
      serviceLine: 'HVACGEN',
      serviceLineName: null,
      unitCostCents: 4500,
      category: 'Fees',
      isTaxable: false,
    },
  ];

  it.each(records)('$kind: a record\'s values are its figures in dollars, with a blank description as ""', (record) => {
    const values = priceValuesOf(record);
    expect(values).toMatchObject({
      code: record.code,
      name: record.name,
      description: record.description ?? '',
      serviceLine: record.serviceLine,
    });
    expect('unitCost' in values ? values.unitCost : null).toBe(
      record.kind === 'part' ? null : record.unitCostCents / 100,
    );
  });

  it.each(records)(
    "$kind: a record's values parse back to the same price, tagged with its kind, for add and edit",
    (record) => {
      const values = priceValuesOf(record);
      const added = priceCreateBodies[record.kind].parse(values);
      const edited = priceUpdateBodies[record.kind].parse(updateBodyOf(added));
      expect(added).toMatchObject({ kind: record.kind, code: record.code, description: record.description });
      expect(edited).not.toHaveProperty('code');
      expect(priceValuesOf({ ...record, ...toRecordFigures(edited) } as PriceRecord)).toEqual(values);
    },
  );

  it('starts the Add forms with the documented defaults, labor and item without a unit cost', () => {
    expect(PRICE_VALUES.part.empty).toMatchObject({
      serviceLine: 'HVACGEN',
      laborRate: 60,
      truckFee: 10,
      roofAccessFee: 75,
      estimatedHours: 1,
      complexityMultiplier: 1,
    });
    expect(PRICE_VALUES.labor.empty).toMatchObject({ skillLevel: 'standard', durationHours: 1 });
    expect(PRICE_VALUES.item.empty).toMatchObject({ category: 'General', isTaxable: true });
    expect(PRICE_VALUES.labor.empty).not.toHaveProperty('unitCost');
    expect(PRICE_VALUES.item.empty).not.toHaveProperty('unitCost');
  });
});

/** A parsed price's dollar figures as a record's cents (what the server stores and answers). */
function toRecordFigures(price: Record<string, unknown>): Record<string, unknown> {
  const cents = (key: string) =>
    typeof price[key] === 'number' ? { [`${key}Cents`]: Math.round((price[key] as number) * 100) } : {};
  const { unitCost: _u, partsCost: _p, laborRate: _l, truckFee: _t, roofAccessFee: _r, kind: _k, ...rest } = price;
  return {
    ...rest,
    ...cents('unitCost'),
    ...cents('partsCost'),
    ...cents('laborRate'),
    ...cents('truckFee'),
    ...cents('roofAccessFee'),
  };
}

describe('list filters', () => {
  it('treat empty values as no filter and refuse an unknown type', () => {
    expect(priceListFilters.parse({ q: ' ', type: '', serviceLine: '' })).toEqual({
      q: undefined,
      type: undefined,
      serviceLine: undefined,
    });
    expect(priceListFilters.safeParse({ type: 'widget' }).success).toBe(false);
  });
});

describe('formatHours', () => {
  it.each([
    [1, '1.0'],
    [1.5, '1.5'],
    [0.25, '0.25'],
    [2.1, '2.1'],
    [0, '0.0'],
  ])('%s -> %s', (value, text) => expect(formatHours(value)).toBe(text));
});

describe('import cells', () => {
  it('read numbers as people type them', () => {
    expect(parseNumberCell('$1,234.50')).toBe(1234.5);
    expect(parseNumberCell(' 12 ')).toBe(12);
    expect(parseNumberCell('.5')).toBe(0.5);
    expect(parseNumberCell(0.1 + 0.2)).toBe(0.3);
    expect(parseNumberCell('12abc')).toBeUndefined();
    expect(parseNumberCell(true)).toBeUndefined();
  });

  it('read yes/no words and kinds', () => {
    expect([
      parseBooleanCell('Yes'),
      parseBooleanCell('n'),
      parseBooleanCell(1),
      parseBooleanCell('X'),
      parseBooleanCell('maybe'),
    ]).toEqual([true, false, true, true, undefined]);
    expect([parseKindCell('Parts'), parseKindCell('labour'), parseKindCell(' ITEM '), parseKindCell('kit')]).toEqual([
      'part',
      'labor',
      'item',
      undefined,
    ]);
  });

  it('match headers however they are spelled', () => {
    expect(normalizeHeader('Service Line')).toBe(normalizeHeader('service_line'));
    expect(normalizeHeader('Flat Rate Non-Contract')).toBe('flatratenoncontract');
  });
});

describe('analyzePriceImport', () => {
  const existing: PriceRecord = {
    kind: 'item',
    id: 'id-1',
    code: 'ITM-1',
    name: 'Existing',
    description: 'Kept',
    serviceLine: 'HVACGEN',
    serviceLineName: 'HVAC General',
    unitCostCents: 500,
    category: 'Fees',
    isTaxable: false,
  };
  const context: ImportContext = {
    existing: (kind, code) => (kind === 'item' && code.toLowerCase() === 'itm-1' ? existing : undefined),
    serviceLines: [
      { code: 'HVACGEN', name: 'HVAC General', isActive: true },
      { code: 'OLD', name: 'Old line', isActive: false },
    ],
  };

  it('keeps what a blank cell leaves out, and reports what changes', () => {
    const analysis = analyzePriceImport(
      {
        headers: ['Type', 'Code', 'Name', 'Unit Cost', 'Category'],
        rows: [{ rowNumber: 2, cells: ['Item', 'itm-1', '', 6, null] }],
      },
      context,
    );
    expect(analysis.rows[0]).toMatchObject({
      status: 'changed',
      changes: ['Unit Cost: $5.00 -> $6.00'],
      update: {
        id: 'id-1',
        data: { name: 'Existing', description: 'Kept', category: 'Fees', isTaxable: false, unitCost: 6 },
      },
    });
  });

  it('refuses an inactive service line for a new row, lists unknown columns', () => {
    const analysis = analyzePriceImport(
      {
        headers: ['Type', 'Code', 'Name', 'Unit Cost', 'Service Line', 'Color'],
        rows: [{ rowNumber: 2, cells: ['Item', 'NEW-1', 'New', 5, 'old', 'red'] }],
      },
      context,
    );
    expect(analysis.rows[0]).toMatchObject({ status: 'invalid', reasons: ['Service line OLD is inactive'] });
    expect(analysis.ignoredColumns).toEqual(['Color']);
  });
});
