import { describe, expect, it } from 'vitest';
import {
  centsToCostText,
  combinedRepairTotalCents,
  costTextToDollars,
  explainRepairTotal,
  parseCostText,
  repairCostsFromForm,
  repairCostsFromInput,
  repairCostSumCents,
  repairFormValues,
  repairInput,
  repairPayloadFromForm,
  repairTotalBreakdown,
  repairTotalCents,
  stripLeadingZeros,
  type RepairCostsCents,
} from './repairs';

const none: RepairCostsCents = {
  selectedPhase: 'phase2',
  phaseCents: { phase1: 0, phase2: 0, phase3: 0 },
  laborCents: 0,
  refrigerationRecoveryCents: 0,
  startUpCents: 0,
  thermostatStartupCents: 0,
  removalCents: 0,
  permitCents: 0,
  accessoriesCents: [],
  additionalItemsCents: [],
};
const costs = (overrides: Partial<RepairCostsCents>): RepairCostsCents => ({ ...none, ...overrides });

describe('the repair total: (chosen option + costs + lists) / 0.6, whole dollars, half up', () => {
  // Worked by hand: each row's sum, the exact division, and the rounded total.
  it.each([
    // a rooftop unit compressor job with every field and both lists
    [
      'every field',
      costs({
        phaseCents: { phase1: 300000, phase2: 450000, phase3: 720000 },
        laborCents: 120000,
        refrigerationRecoveryCents: 35000,
        startUpCents: 25000,
        thermostatStartupCents: 15000,
        removalCents: 40000,
        permitCents: 20000,
        accessoriesCents: [85000, 12550],
        additionalItemsCents: [180000],
      }),
      982550, // 4,500 + 1,200 + 350 + 250 + 150 + 400 + 200 + 850 + 125.50 + 1,800 = 9,825.50
      1637600, // 9,825.50 / 0.6 = 16,375.8333... -> 16,376
    ],
    ['a sum that divides evenly', costs({ phaseCents: { phase1: 0, phase2: 600000, phase3: 0 } }), 600000, 1000000],
    [
      'a repeating third rounds down',
      costs({ phaseCents: { phase1: 0, phase2: 450000, phase3: 0 }, laborCents: 120000, permitCents: 20000 }),
      590000,
      983300,
    ],
    ['exactly half a dollar rounds up', costs({ laborCents: 30 }), 30, 100],
    [
      'a cent under the half rounds down',
      costs({ phaseCents: { phase1: 0, phase2: 60029, phase3: 0 } }),
      60029,
      100000,
    ],
    ['exactly half, larger', costs({ phaseCents: { phase1: 0, phase2: 60030, phase3: 0 } }), 60030, 100100],
    ['one cent', costs({ permitCents: 1 }), 1, 0],
    ['nothing priced', none, 0, 0],
    ['only accessories', costs({ accessoriesCents: [10000, 5000, 0] }), 15000, 25000],
    ['only additional items', costs({ additionalItemsCents: [29999] }), 29999, 50000], // 499.9833 -> 500
  ])('%s', (_name, input, sum, total) => {
    expect(repairCostSumCents(input)).toBe(sum);
    expect(repairTotalCents(input)).toBe(total);
    expect(repairTotalCents(input) % 100).toBe(0);
  });

  it('counts only the chosen option', () => {
    const phases = { phase1: 200000, phase2: 350000, phase3: 500000 };
    expect(repairTotalCents(costs({ phaseCents: phases, selectedPhase: 'phase1' }))).toBe(333300); // 2,000 / 0.6 = 3,333.33
    expect(repairTotalCents(costs({ phaseCents: phases, selectedPhase: 'phase2' }))).toBe(583300); // 3,500 / 0.6 = 5,833.33
    expect(repairTotalCents(costs({ phaseCents: phases, selectedPhase: 'phase3' }))).toBe(833300); // 5,000 / 0.6 = 8,333.33
  });

  it('is 0 when only the options not chosen are priced', () => {
    expect(repairTotalCents(costs({ phaseCents: { phase1: 500000, phase2: 0, phase3: 900000 } }))).toBe(0);
  });

  it('adds every row of each list, each list on its own', () => {
    const base = costs({ laborCents: 60000 });
    expect(repairTotalCents({ ...base, accessoriesCents: [6000, 6000, 6000] })).toBe(130000); // 780 / 0.6
    expect(repairTotalCents({ ...base, additionalItemsCents: [6000, 6000, 6000] })).toBe(130000);
    expect(repairTotalCents({ ...base, accessoriesCents: [6000], additionalItemsCents: [12000] })).toBe(130000);
  });

  it('agrees with rounding done the long way over many sums (no floating point at the half dollar)', () => {
    for (let sum = 1; sum < 120_000; sum += 11) {
      let dollars = Math.floor(sum / 60);
      if (2 * (sum - dollars * 60) >= 60) dollars += 1; // the remainder is half a dollar or more
      expect(repairTotalCents(costs({ laborCents: sum }))).toBe(dollars * 100);
    }
  });

  it('refuses cents that are not whole or negative (a programming error, not a form input)', () => {
    expect(() => repairTotalCents(costs({ laborCents: 10.5 }))).toThrow(RangeError);
    expect(() => repairTotalCents(costs({ permitCents: -100 }))).toThrow(RangeError);
    expect(() => repairTotalCents(costs({ accessoriesCents: [Number.NaN] }))).toThrow(RangeError);
  });
});

describe('why this price', () => {
  it('spells out the sum, the division and the rounding', () => {
    const input = costs({
      phaseCents: { phase1: 0, phase2: 450000, phase3: 0 },
      laborCents: 120000,
      permitCents: 20000,
      accessoriesCents: [85000, 12550],
    });
    expect(explainRepairTotal(input)).toEqual([
      'Costs = $4,500.00 Standard Option + $1,200.00 labor + $200.00 permit + $975.50 accessories (2 items) = $6,875.50',
      'Price = $6,875.50 / 0.6 (40% gross margin) = $11,459.1666..., rounded to the whole dollar: $11,459.00',
    ]);
  });

  it('shows an exact quotient without dots, and the half that rounds up', () => {
    expect(explainRepairTotal(costs({ phaseCents: { phase1: 0, phase2: 600000, phase3: 0 } }))[1]).toBe(
      'Price = $6,000.00 / 0.6 (40% gross margin) = $10,000.00, rounded to the whole dollar: $10,000.00',
    );
    expect(
      explainRepairTotal(costs({ selectedPhase: 'phase3', phaseCents: { phase1: 0, phase2: 0, phase3: 60030 } })),
    ).toEqual([
      'Costs = $600.30 Premium Option = $600.30',
      'Price = $600.30 / 0.6 (40% gross margin) = $1,000.50, rounded to the whole dollar: $1,001.00',
    ]);
    expect(explainRepairTotal(costs({ laborCents: 100 }))[1]).toContain(
      '= $1.6666..., rounded to the whole dollar: $2.00',
    );
    expect(explainRepairTotal(costs({ laborCents: 50 }))[1]).toContain(
      '= $0.8333..., rounded to the whole dollar: $1.00',
    );
  });

  it('says when the chosen option has no cost yet, and when nothing is priced', () => {
    expect(explainRepairTotal(costs({ laborCents: 60000, additionalItemsCents: [12000] }))).toEqual([
      'Costs = $600.00 labor + $120.00 additional items (1 item) = $720.00',
      'Price = $720.00 / 0.6 (40% gross margin) = $1,200.00, rounded to the whole dollar: $1,200.00',
      'The chosen Standard Option has no cost yet.',
    ]);
    expect(explainRepairTotal(none)).toEqual([
      'Nothing is priced yet: Standard Option and every other cost are $0.00, so the total is $0.00',
    ]);
  });

  it('gives the figures for a table: terms, sum, total and the margin after rounding', () => {
    const b = repairTotalBreakdown(
      costs({ phaseCents: { phase1: 0, phase2: 450000, phase3: 0 }, laborCents: 120000, permitCents: 20000 }),
    );
    expect(b).toEqual({
      terms: [
        { label: 'Standard Option', cents: 450000 },
        { label: 'labor', cents: 120000 },
        { label: 'permit', cents: 20000 },
      ],
      sumCents: 590000,
      exactPrice: '$9,833.3333...',
      totalCents: 983300,
      marginCents: 393300,
    });
  });
});

describe('cost fields as typed', () => {
  it.each([
    ['007', '7'],
    ['0', '0'],
    ['00', '0'],
    ['00.50', '0.50'],
    ['0.5', '0.5'],
    ['0120.00', '120.00'],
    ['100', '100'],
    ['', ''],
    ['abc', 'abc'],
  ])('strips leading zeros while typing: %j -> %j', (typed, shown) => {
    expect(stripLeadingZeros(typed)).toBe(shown);
  });

  it.each([
    ['', 0, true, true],
    ['   ', 0, true, true],
    ['0', 0, true, false],
    ['125', 12500, true, false],
    ['125.5', 12550, true, false],
    ['1,250.75', 125075, true, false],
    ['$80', 8000, true, false],
    ['.5', 50, true, false],
    ['12.', 1200, true, false],
    ['0.125', 13, true, false], // half up at the cent
    ['0.124', 12, true, false],
    ['10000000', 1_000_000_000, true, false],
    ['abc', 0, false, false],
    ['-5', 0, false, false],
    ['1e3', 0, false, false],
    ['12.3.4', 0, false, false],
    ['1,25', 0, false, false],
    ['10000000.01', 0, false, false],
    ['99999999999999999999', 0, false, false],
  ])('%j is %i cents (valid %s, empty %s); the server gets 0 when empty or invalid', (text, cents, valid, empty) => {
    expect(parseCostText(text)).toEqual({ cents, valid, empty });
    expect(costTextToDollars(text)).toBe(cents / 100);
  });

  it('a stored cost goes back into its field as plain text', () => {
    expect(centsToCostText(0)).toBe('0');
    expect(centsToCostText(8000)).toBe('80');
    expect(centsToCostText(125050)).toBe('1250.50');
    expect(centsToCostText(5)).toBe('0.05');
  });
});

describe('the repair form', () => {
  it('starts with the option names, Standard Option selected and one empty row in each list', () => {
    const values = repairFormValues(null);
    expect(values.phase1.description).toBe('Economy Option');
    expect(values.phase2.description).toBe('Standard Option');
    expect(values.phase3.description).toBe('Premium Option');
    expect(values.selectedPhase).toBe('phase2');
    expect(values.accessories).toEqual([{ name: '', cost: '' }]);
    expect(values.additionalItems).toEqual([{ name: '', cost: '' }]);
  });

  it('sends numbers, 0 for empty or invalid costs, and the live total matches the server', () => {
    const values = repairFormValues(null);
    values.phase2.cost = '4500';
    values.labor = '1,200';
    values.permitCost = 'two hundred';
    values.removalCost = '';
    values.accessories = [
      { name: 'Curb adapter', cost: '850' },
      { name: '', cost: '' },
    ];
    const payload = repairPayloadFromForm(values);
    expect(payload).toMatchObject({ labor: 1200, permitCost: 0, removalCost: 0, phase2: { cost: 4500 } });
    const parsed = repairInput.parse(payload);
    expect(parsed.accessories).toEqual([{ name: 'Curb adapter', cost: 850 }]); // the blank row is dropped
    expect(repairTotalCents(repairCostsFromInput(parsed))).toBe(repairTotalCents(repairCostsFromForm(values)));
    expect(repairTotalCents(repairCostsFromForm(values))).toBe(1091700); // 6,550 / 0.6 = 10,916.67
  });
});

describe('the repair payload', () => {
  const valid = { phase2: { description: 'Replace compressor', cost: 4500 }, labor: 1200 };

  it('fills defaults: option names, costs 0, Standard Option, no crane, empty lists', () => {
    expect(repairInput.parse({})).toEqual({
      needsCrane: false,
      phase1: { description: 'Economy Option', cost: 0 },
      phase2: { description: 'Standard Option', cost: 0 },
      phase3: { description: 'Premium Option', cost: 0 },
      labor: 0,
      refrigerationRecovery: 0,
      startUpCosts: 0,
      thermostatStartup: 0,
      removalCost: 0,
      permitCost: 0,
      accessories: [],
      additionalItems: [],
      warranty: null,
      selectedPhase: 'phase2',
    });
  });

  it('ignores a total sent by the browser', () => {
    expect(repairInput.parse({ ...valid, totalCost: 1, total_cost: 2 })).not.toHaveProperty('totalCost');
  });

  it.each([
    [{ labor: -1 }, 'labor', 'Labor must be at least 0'],
    [{ labor: '12' }, 'labor', 'Labor must be a number'],
    [{ refrigerationRecovery: 1.234 }, 'refrigerationRecovery', 'Refrigeration recovery must be in steps of 0.01'],
    [{ startUpCosts: 10_000_000.01 }, 'startUpCosts', 'Start-up costs must be at most $10,000,000.00'],
    [{ thermostatStartup: true }, 'thermostatStartup', 'Thermostat startup must be a number'],
    [{ removalCost: -0.01 }, 'removalCost', 'Removal cost must be at least 0'],
    [{ permitCost: 'x' }, 'permitCost', 'Permit cost must be a number'],
    [{ phase1: { description: 'x', cost: -5 } }, 'phase1.cost', 'Economy Option cost must be at least 0'],
    [
      { phase3: { description: 'x'.repeat(1001), cost: 5 } },
      'phase3.description',
      'Premium Option description must be at most 1000 characters',
    ],
    [{ phase2: 'cheap' }, 'phase2', 'Standard Option must have a description and a cost'],
    [{ needsCrane: 'yes' }, 'needsCrane', 'Needs crane must be yes or no'],
    [
      { selectedPhase: 'phase4' },
      'selectedPhase',
      'Selected option must be Economy Option (phase1), Standard Option (phase2) or Premium Option (phase3)',
    ],
    [{ warranty: 'w'.repeat(2001) }, 'warranty', 'Warranty must be at most 2000 characters'],
    [{ accessories: 'curb' }, 'accessories', 'The accessories must be a list'],
    [{ accessories: [{ name: '', cost: 50 }] }, 'accessories.0.name', 'Accessory 1 has a cost but no name'],
    [{ accessories: [{ name: 'Curb', cost: -50 }] }, 'accessories.0.cost', 'Accessory cost must be at least 0'],
    [
      {
        additionalItems: [
          { name: 'Crane', cost: 1 },
          { name: ' ', cost: 2 },
        ],
      },
      'additionalItems.1.name',
      'Additional item 2 has a cost but no name',
    ],
    [
      { additionalItems: [{ name: 'n'.repeat(201), cost: 2 }] },
      'additionalItems.0.name',
      'Additional item name must be at most 200 characters',
    ],
    [
      { additionalItems: Array.from({ length: 51 }, () => ({ name: 'x', cost: 1 })) },
      'additionalItems',
      'At most 50 additional items',
    ],
  ])('refuses %j', (patch, path, message) => {
    const result = repairInput.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join('.') === path);
    expect(issue?.message, JSON.stringify(result.error!.issues)).toBe(message);
  });

  it('keeps a named row with no cost, drops blank rows, keeps the order', () => {
    const parsed = repairInput.parse({
      accessories: [
        { name: '', cost: 0 },
        { name: 'Filter rack (included)', cost: 0 },
        { name: 'Curb adapter', cost: 850 },
      ],
      additionalItems: [{ name: ' ', cost: null }],
    });
    expect(parsed.accessories).toEqual([
      { name: 'Filter rack (included)', cost: 0 },
      { name: 'Curb adapter', cost: 850 },
    ]);
    expect(parsed.additionalItems).toEqual([]);
  });
});

describe('the combined total', () => {
  it('adds the repair totals of the chosen options', () => {
    expect(combinedRepairTotalCents([{ totalCents: 983300 }, { totalCents: 1637600 }, { totalCents: 0 }])).toBe(
      2620900,
    );
    expect(combinedRepairTotalCents([])).toBe(0);
  });
});
