import { describe, expect, it } from 'vitest';
import { computePartPrice, explainPartPrice, PRICING_DEFAULTS, roundToDollar, type PartPriceInput } from './pricing.js';

/** A part with the documented defaults: labor rate $60, truck fee $10, roof access $75 (not included). */
const part = (overrides: Partial<PartPriceInput> = {}): PartPriceInput => ({
  partsCostCents: 0,
  estimatedHours: 1,
  complexityMultiplier: 1,
  laborRateCents: PRICING_DEFAULTS.laborRateCents,
  multiTechnician: false,
  truckFeeCents: PRICING_DEFAULTS.truckFeeCents,
  includeRoofAccess: false,
  roofAccessFeeCents: PRICING_DEFAULTS.roofAccessFeeCents,
  ...overrides,
});

describe('the documented defaults', () => {
  it('are labor rate 60, truck fee 10, roof access fee 75, multi-technician markup +50 per hour', () => {
    expect(PRICING_DEFAULTS.laborRateCents).toBe(6000);
    expect(PRICING_DEFAULTS.truckFeeCents).toBe(1000);
    expect(PRICING_DEFAULTS.roofAccessFeeCents).toBe(7500);
    expect(PRICING_DEFAULTS.multiTechnicianMarkupCents).toBe(5000);
    expect(PRICING_DEFAULTS.nonContractMultiplier).toBe(1.35);
    expect(PRICING_DEFAULTS.pmContractMultiplier).toBe(0.9);
  });
});

describe('computePartPrice: worked examples', () => {
  // Each row: the inputs, then base, non-contract and PM contract in dollars, worked by hand.
  const cases: {
    name: string;
    input: PartPriceInput;
    rate: number;
    labor: number;
    base: number;
    nonContract: number;
    pm: number;
  }[] = [
    {
      // 100 + 1 x 1 x 60 + 10 = 170; 170 x 1.35 = 229.50 -> 230; 230 x 0.9 = 207
      name: 'defaults, $100 part, one hour',
      input: part({ partsCostCents: 10000 }),
      rate: 60,
      labor: 60,
      base: 170,
      nonContract: 230,
      pm: 207,
    },
    {
      // 100 + 60 + 10 + 75 = 245; x 1.35 = 330.75 -> 331; x 0.9 = 297.9 -> 298
      name: 'roof access included',
      input: part({ partsCostCents: 10000, includeRoofAccess: true }),
      rate: 60,
      labor: 60,
      base: 245,
      nonContract: 331,
      pm: 298,
    },
    {
      // roof fee ignored when not included, whatever its amount
      name: 'roof access fee set but not included',
      input: part({ partsCostCents: 10000, roofAccessFeeCents: 20000 }),
      rate: 60,
      labor: 60,
      base: 170,
      nonContract: 230,
      pm: 207,
    },
    {
      // rate 60 + 50 = 110; 2 x 1.5 x 110 = 330; 100 + 330 + 10 = 440; x 1.35 = 594; x 0.9 = 534.6 -> 535
      name: 'multi-technician markup with complexity 1.5',
      input: part({ partsCostCents: 10000, estimatedHours: 2, complexityMultiplier: 1.5, multiTechnician: true }),
      rate: 110,
      labor: 330,
      base: 440,
      nonContract: 594,
      pm: 535,
    },
    {
      // 250 + 3 x 1.25 x (85 + 50) = 506.25; + 25 truck + 90 roof = 871.25; x 1.35 = 1176.1875 -> 1176; x 0.9 = 1058.4 -> 1058
      name: 'every input changed, roof and two technicians',
      input: part({
        partsCostCents: 25000,
        estimatedHours: 3,
        complexityMultiplier: 1.25,
        laborRateCents: 8500,
        multiTechnician: true,
        truckFeeCents: 2500,
        includeRoofAccess: true,
        roofAccessFeeCents: 9000,
      }),
      rate: 135,
      labor: 506.25,
      base: 871.25,
      nonContract: 1176,
      pm: 1058,
    },
    {
      // 12.34 + 0.75 x 1.25 x 60 (= 56.25) + 10 = 78.59; x 1.35 = 106.0965 -> 106; x 0.9 = 95.4 -> 95
      name: 'cents in the parts cost, fractional hours',
      input: part({ partsCostCents: 1234, estimatedHours: 0.75, complexityMultiplier: 1.25 }),
      rate: 60,
      labor: 56.25,
      base: 78.59,
      nonContract: 106,
      pm: 95,
    },
    {
      // 0 + 0 + 70 = 70; x 1.35 = 94.5 exactly -> 95 (half up; doubles give 94.50000000000001 or 94.49999999999999)
      name: 'a non-contract product exactly on the half dollar rounds up',
      input: part({ estimatedHours: 0, truckFeeCents: 7000 }),
      rate: 60,
      labor: 0,
      base: 70,
      nonContract: 95,
      pm: 86, // 95 x 0.9 = 85.5 -> 86, half up again
    },
    {
      // 0.33 x 1.15 x 61.11 = 23.191245 -> 23.19 (the labor is rounded to the cent)
      name: 'labor rounded to the cent',
      input: part({ estimatedHours: 0.33, complexityMultiplier: 1.15, laborRateCents: 6111, truckFeeCents: 0 }),
      rate: 61.11,
      labor: 23.19,
      base: 23.19,
      nonContract: 31, // 31.3065 -> 31
      pm: 28, // 27.9 -> 28
    },
    {
      // 0.25 x 1.15 x (60 + 50) = 31.625 -> 31.63 (doubles give 31.624999... and would round to 31.62)
      name: 'labor exactly on a half cent rounds up',
      input: part({ estimatedHours: 0.25, complexityMultiplier: 1.15, multiTechnician: true }),
      rate: 110,
      labor: 31.63,
      base: 41.63,
      nonContract: 56, // 56.2005 -> 56
      pm: 50, // 50.4 -> 50
    },
    {
      // 0.1 x 0.1 x 60 = 0.60; the smallest complexity the form allows
      name: 'minimum complexity 0.1',
      input: part({ estimatedHours: 0.1, complexityMultiplier: 0.1, truckFeeCents: 0 }),
      rate: 60,
      labor: 0.6,
      base: 0.6,
      nonContract: 1, // 0.81 -> 1
      pm: 1, // 0.9 -> 1
    },
    {
      // nothing but a 0.10 parts cost: 0.135 -> 0; PM 0
      name: 'a tiny base rounds down to $0',
      input: part({ partsCostCents: 10, estimatedHours: 0, truckFeeCents: 0 }),
      rate: 60,
      labor: 0,
      base: 0.1,
      nonContract: 0,
      pm: 0,
    },
  ];

  it.each(cases)('$name', ({ input, rate, labor, base, nonContract, pm }) => {
    const price = computePartPrice(input);
    expect(price.adjustedLaborRateCents).toBe(Math.round(rate * 100));
    expect(price.laborCents).toBe(Math.round(labor * 100));
    expect(price.totalBaseCents).toBe(Math.round(base * 100));
    expect(price.flatRateNonContractCents).toBe(nonContract * 100);
    expect(price.flatRatePmContractCents).toBe(pm * 100);
    expect(price.unitCostCents).toBe(nonContract * 100);
  });

  it('always gives whole-dollar flat rates and a cent-exact base', () => {
    for (let partsCostCents = 0; partsCostCents < 5000; partsCostCents += 37) {
      for (const hours of [0, 0.25, 0.5, 1.33, 2.75]) {
        const price = computePartPrice(part({ partsCostCents, estimatedHours: hours, complexityMultiplier: 1.15 }));
        expect(price.flatRateNonContractCents % 100).toBe(0);
        expect(price.flatRatePmContractCents % 100).toBe(0);
        expect(Number.isInteger(price.totalBaseCents)).toBe(true);
        // the flat rate is never more than 50 cents away from base x 1.35
        expect(Math.abs(price.flatRateNonContractCents - price.totalBaseCents * 1.35)).toBeLessThanOrEqual(50.0001);
      }
    }
  });

  it('is exact where doubles are not: every base from $0 to $200 in cents matches integer rounding', () => {
    for (let base = 0; base <= 20000; base++) {
      const price = computePartPrice(part({ estimatedHours: 0, truckFeeCents: base }));
      // base x 135 / 10000 dollars, half up, computed on integers only
      const expected = Math.floor((base * 135 + 5000) / 10000) * 100;
      expect(price.flatRateNonContractCents).toBe(expected);
      expect(price.flatRatePmContractCents).toBe(Math.floor((expected * 9 + 500) / 1000) * 100);
    }
  });

  it('refuses fractions of a cent as money inputs (callers convert with toCents first)', () => {
    expect(() => computePartPrice(part({ partsCostCents: 10.5 }))).toThrow(RangeError);
  });
});

describe('roundToDollar', () => {
  it.each([
    [0, 0],
    [49, 0],
    [50, 100],
    [22950, 23000],
    [22949, 22900],
    [-50, -100],
    [-49, 0],
  ])('%i cents -> %i', (cents, expected) => {
    expect(roundToDollar(cents)).toBe(expected);
  });
});

describe('explainPartPrice ("why this price")', () => {
  it('spells out each step with its numbers', () => {
    expect(explainPartPrice(part({ partsCostCents: 10000 }))).toEqual([
      'Labor = 1 h x 1 complexity x $60.00/hr = $60.00',
      'Base = $100.00 parts + $60.00 labor + $10.00 truck fee = $170.00',
      'Non-contract flat rate = $170.00 x 1.35 = $229.50, rounded to $230.00',
      'PM contract flat rate = $230.00 x 0.9 = $207.00, rounded to $207.00',
      'Unit cost = the non-contract flat rate, $230.00',
    ]);
  });

  it('names the markup and the roof access when they apply, with the exact unrounded products', () => {
    const lines = explainPartPrice(
      part({
        partsCostCents: 25000,
        estimatedHours: 3,
        complexityMultiplier: 1.25,
        laborRateCents: 8500,
        multiTechnician: true,
        truckFeeCents: 2500,
        includeRoofAccess: true,
        roofAccessFeeCents: 9000,
      }),
    );
    expect(lines[0]).toBe(
      'Labor = 3 h x 1.25 complexity x ($85.00 labor rate + $50.00 multi-technician markup) = $135.00/hr = $506.25',
    );
    expect(lines[1]).toBe('Base = $250.00 parts + $506.25 labor + $25.00 truck fee + $90.00 roof access = $871.25');
    expect(lines[2]).toBe('Non-contract flat rate = $871.25 x 1.35 = $1,176.1875, rounded to $1,176.00');
    expect(lines[3]).toBe('PM contract flat rate = $1,176.00 x 0.9 = $1,058.40, rounded to $1,058.00');
  });
});
