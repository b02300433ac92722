import { describe, expect, it } from 'vitest';
import {
  offeredOptions,
  publicQuoteTotalCents,
  QUOTE_WORDING,
  quoteItemsOf,
  quoteSummary,
  quoteSummaryLines,
} from './quote-summary';
import type { QuoteInspection, QuoteItem, QuoteRepair } from './quotes';

function repair(over: Partial<QuoteRepair> & { costs: [number, number, number] }): QuoteRepair {
  const { costs, ...rest } = over;
  return {
    options: [
      { phase: 'phase1', label: 'Economy Option', description: 'Economy Option', costCents: costs[0] },
      { phase: 'phase2', label: 'Standard Option', description: 'Replace the compressor', costCents: costs[1] },
      { phase: 'phase3', label: 'Premium Option', description: 'Premium Option', costCents: costs[2] },
    ],
    selectedPhase: 'phase2',
    laborCents: 0,
    refrigerationRecoveryCents: 0,
    startUpCents: 0,
    thermostatStartupCents: 0,
    removalCents: 0,
    permitCents: 0,
    accessories: [],
    additionalItems: [],
    needsCrane: false,
    warranty: null,
    ...rest,
  };
}

const inspection = (id: string, r: QuoteRepair | null): QuoteInspection => ({
  id,
  modelNumber: null,
  serialNumber: null,
  age: null,
  tonnage: null,
  unitType: null,
  systemType: null,
  repair: r,
});

const item = (code: string, type: QuoteItem['type'], quantity: number, unitCostCents: number): QuoteItem => ({
  code,
  name: code,
  type,
  quantity,
  unitCostCents,
  totalCents: quantity * unitCostCents,
});

// Option totals are (option + shared costs) / 0.6, whole dollars:
// unit 1: 300 / 600 / 1200 -> 500 / 1000 / 2000, Standard selected;
// unit 2: labor 300, only Premium priced (600) -> Premium 1500.
const UNIT_1 = inspection('i1', repair({ costs: [30_000, 60_000, 120_000] }));
const UNIT_2 = inspection('i2', repair({ costs: [0, 0, 60_000], laborCents: 30_000, selectedPhase: 'phase3' }));
const ITEMS = [
  item('CAP-455', 'part', 2, 6_000), // $120.00
  item('LAB-1', 'labor', 3, 9_500), // $285.00
  item('TRIP', 'item', 1, 4_500), // $45.00
  item('INSP-FEE', 'item', 1, 18_000), // the fee a denial added: never a quote line
];

describe('quoteSummary: the one amount of a quote (decision 031)', () => {
  it.each([
    // type, repairs, items, grand total, fee if declined
    ['inspection', 250_000, 40_500, 290_500, 18_000],
    ['repair', 250_000, 40_500, 290_500, 18_000],
    ['replacement', 250_000, 40_500, 290_500, 18_000],
    ['other', 0, 45_000, 45_000, null],
  ] as const)('%s: repairs %i + items %i = %i; fee if declined %s', (type, repairs, items, total, fee) => {
    const s = quoteSummary({ quoteType: type, inspections: [UNIT_1, UNIT_2], items: ITEMS });
    expect(s.repairsTotalCents).toBe(repairs);
    expect(s.itemsTotalCents).toBe(items);
    expect(s.grandTotalCents).toBe(total);
    expect(s.declineFeeCents).toBe(fee);
    expect(s.priced).toBe(true);
  });

  it('the $180.00 fee is never the total of an inspection quote', () => {
    const s = quoteSummary({ quoteType: 'inspection', inspections: [UNIT_1], items: [] });
    expect(s.grandTotalCents).toBe(100_000);
    expect(s.declineFeeCents).toBe(18_000);
  });

  it('lists parts and labor on repair quotes, every item but the fee on "other" quotes', () => {
    expect(quoteItemsOf('repair', ITEMS).map((i) => i.code)).toEqual(['CAP-455', 'LAB-1']);
    expect(quoteItemsOf('replacement', ITEMS).map((i) => i.code)).toEqual(['CAP-455', 'LAB-1']);
    expect(quoteItemsOf('other', ITEMS).map((i) => i.code)).toEqual(['CAP-455', 'LAB-1', 'TRIP']);
    expect(quoteItemsOf('other', [item(' insp-fee ', 'item', 1, 18_000)])).toEqual([]);
  });

  it('offers only options with a price; an unpriced selected option falls back to the first offered', () => {
    expect(offeredOptions(UNIT_2).map((o) => [o.phase, o.totalCents])).toEqual([['phase3', 150_000]]);
    const onlyEconomy = inspection('i3', repair({ costs: [12_000, 0, 0] }));
    const s = quoteSummary({ quoteType: 'repair', inspections: [onlyEconomy], items: [] });
    expect(s.units[0]).toMatchObject({ chosenPhase: 'phase1', chosenTotalCents: 20_000 });
    expect(s.units[0]!.options.map((o) => o.phase)).toEqual(['phase1']);
  });

  it('a record with shared costs only offers its selected option at that total', () => {
    const laborOnly = inspection('i4', repair({ costs: [0, 0, 0], laborCents: 45_000 }));
    expect(offeredOptions(laborOnly).map((o) => [o.phase, o.totalCents])).toEqual([['phase2', 75_000]]);
  });

  it('nothing priced: no options offered, total $0.00, not sendable', () => {
    const unpriced = inspection('i5', repair({ costs: [0, 0, 0] }));
    const s = quoteSummary({ quoteType: 'inspection', inspections: [unpriced, inspection('i6', null)], items: [] });
    expect(s.units.map((u) => u.options)).toEqual([[], []]);
    expect(s.grandTotalCents).toBe(0);
    expect(s.priced).toBe(false);
    // a priced part alone makes it sendable
    expect(
      quoteSummary({ quoteType: 'repair', inspections: [unpriced], items: [item('P', 'part', 1, 100)] }).priced,
    ).toBe(true);
    // the fee item alone does not
    expect(quoteSummary({ quoteType: 'other', inspections: [], items: [ITEMS[3]!] }).priced).toBe(false);
  });

  it('states its lines as the e-mail and the card show them', () => {
    const s = quoteSummary({ quoteType: 'repair', inspections: [UNIT_1, UNIT_2], items: ITEMS });
    expect(quoteSummaryLines(s)).toEqual({
      lines: [
        { label: 'Inspection 1: Economy Option', amount: '$500.00' },
        { label: 'Inspection 1: Standard Option (selected)', amount: '$1,000.00' },
        { label: 'Inspection 1: Premium Option', amount: '$2,000.00' },
        { label: 'Inspection 2: Premium Option (selected)', amount: '$1,500.00' },
        { label: 'CAP-455 x 2', amount: '$120.00' },
        { label: 'LAB-1 x 3', amount: '$285.00' },
      ],
      total: '$2,905.00',
      declineFee: '$180.00',
    });
  });

  it("the customer page's total follows the options chosen there, plus the items", () => {
    const view = {
      inspections: [
        {
          id: 'i1',
          selectedPhase: 'phase2' as const,
          options: [
            { phase: 'phase1' as const, label: 'Economy Option', description: '', totalCents: 50_000 },
            { phase: 'phase2' as const, label: 'Standard Option', description: '', totalCents: 100_000 },
          ],
        },
      ],
      items: [{ name: 'CAP-455', quantity: 2, totalCents: 12_000 }],
    } as Parameters<typeof publicQuoteTotalCents>[0];
    expect(publicQuoteTotalCents(view, new Map())).toBe(112_000);
    expect(publicQuoteTotalCents(view, new Map([['i1', 'phase1']]))).toBe(62_000);
  });

  it('words the page by the quote type', () => {
    expect(QUOTE_WORDING.replacement).toMatchObject({
      title: 'Replacement Quote',
      approve: 'Approve Replacement',
      deny: 'Deny Replacement',
    });
    expect(QUOTE_WORDING.inspection).toMatchObject({ title: 'Inspection Quote', approve: 'Approve Repairs' });
    expect(QUOTE_WORDING.repair).toMatchObject({ title: 'Repair Quote', deny: 'Deny Repairs' });
  });
});
