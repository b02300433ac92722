import { z } from 'zod';
import {
  DEFAULT_SKILL_LEVEL,
  PRICE_KINDS,
  SKILL_LEVELS,
  hasAtMostTwoDecimals,
  type PriceKind,
} from './price-book-lists.js';
import { optionalFilter, paginated, paginationQuery } from './api.js';
import { toCents } from './money.js';
import { computePartPrice, PRICING_DEFAULTS, type PartPriceInput } from './pricing.js';

/**
 * The price book (/item-prices): parts priced by the flat-rate formula, labor and other items
 * (three tables, one per kind; code, name, service line and a unit cost above 0 on every price).
 *
 * Payloads carry money as dollars, as a person types them (at most 2 decimals); answers carry
 * integer cents. Each kind has one schema for "add" and one for "edit" (every field but the code,
 * which cannot be changed), shared by the form, the route and the tests.
 */

// The kinds, skill levels and display rules live in price-book-lists.ts (no zod: /item-prices loads them).
export {
  DEFAULT_SKILL_LEVEL,
  formatHours,
  hasAtMostTwoDecimals,
  PRICE_KIND_LABELS,
  PRICE_KIND_SEGMENTS,
  PRICE_KINDS,
  priceListUrlFilters,
  SKILL_LEVEL_LABELS,
  SKILL_LEVELS,
  skillLevelLabel,
  type PriceKind,
  type PriceListUrlFilters,
  type SkillLevel,
} from './price-book-lists.js';

/** A new price-book item starts on the HVACGEN service line. */
export const DEFAULT_SERVICE_LINE = 'HVACGEN';
export const DEFAULT_ITEM_CATEGORY = 'General';
export const DEFAULT_LABOR_DURATION_HOURS = 1;

/**
 * What the Part tab starts with (and what a new part's blank import cell takes): parts cost 0,
 * 1 hour, complexity 1, $60 per hour, one technician, $10 truck fee, $75 roof access fee not included.
 */
export const PART_DEFAULTS = {
  partsCost: 0,
  estimatedHours: 1,
  complexityMultiplier: PRICING_DEFAULTS.complexityMultiplier,
  laborRate: PRICING_DEFAULTS.laborRateCents / 100,
  multiTechnician: false,
  truckFee: PRICING_DEFAULTS.truckFeeCents / 100,
  includeRoofAccess: false,
  roofAccessFee: PRICING_DEFAULTS.roofAccessFeeCents / 100,
} as const;

export const PRICE_LIMITS = {
  codeLength: 50,
  nameLength: 200,
  descriptionLength: 2000,
  categoryLength: 100,
  /** dollars; far above any price-book line, far below numeric(12,2) */
  maxAmount: 1_000_000,
  maxHours: 999.99,
  minComplexity: 0.1,
  maxComplexity: 10,
  minDuration: 0.1,
} as const;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

const amount = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0, `${label} must be at least 0`)
    .max(PRICE_LIMITS.maxAmount, `${label} must be at most $1,000,000.00`)
    .refine(hasAtMostTwoDecimals, `${label} must be in steps of 0.01`);

const unitCost = z
  .number({ error: 'Unit cost is required' })
  .gt(0, 'Unit cost must be greater than 0')
  .max(PRICE_LIMITS.maxAmount, 'Unit cost must be at most $1,000,000.00')
  .refine(hasAtMostTwoDecimals, 'Unit cost must be in steps of 0.01');

const hours = (label: string, min: number, minMessage: string) =>
  z
    .number({ error: `${label} is required` })
    .min(min, minMessage)
    .max(PRICE_LIMITS.maxHours, `${label} must be at most ${PRICE_LIMITS.maxHours}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`);

export const priceCode = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(PRICE_LIMITS.codeLength, `Code must be at most ${PRICE_LIMITS.codeLength} characters`)
  .refine(
    (v) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
    'Code may not contain control characters',
  );

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PRICE_LIMITS.nameLength, `Name must be at most ${PRICE_LIMITS.nameLength} characters`);

/** Section 5: a blank description is stored as null. */
const description = z
  .string()
  .trim()
  .max(PRICE_LIMITS.descriptionLength, `Description must be at most ${PRICE_LIMITS.descriptionLength} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

const serviceLine = z
  .string({ error: 'Service line is required' })
  .trim()
  .min(1, 'Service line is required')
  .max(20, 'Service line must be at most 20 characters');

const category = z
  .string()
  .trim()
  .max(PRICE_LIMITS.categoryLength, `Category must be at most ${PRICE_LIMITS.categoryLength} characters`)
  .nullish()
  .transform((v) => (v ? v : DEFAULT_ITEM_CATEGORY));

// ---------------------------------------------------------------------------------------------
// Payloads: add and edit, per kind
// ---------------------------------------------------------------------------------------------

const common = { name, description, serviceLine: serviceLine.default(DEFAULT_SERVICE_LINE) };

const partFields = {
  ...common,
  partsCost: amount('Parts cost').default(PART_DEFAULTS.partsCost),
  estimatedHours: hours('Estimated hours', 0, 'Estimated hours must be at least 0').default(
    PART_DEFAULTS.estimatedHours,
  ),
  complexityMultiplier: z
    .number({ error: 'Complexity is required' })
    .min(PRICE_LIMITS.minComplexity, 'Complexity must be at least 0.1')
    .max(PRICE_LIMITS.maxComplexity, `Complexity must be at most ${PRICE_LIMITS.maxComplexity}`)
    .refine(hasAtMostTwoDecimals, 'Complexity can have at most 2 decimals')
    .default(PART_DEFAULTS.complexityMultiplier),
  laborRate: amount('Labor rate').default(PART_DEFAULTS.laborRate),
  multiTechnician: z.boolean().default(PART_DEFAULTS.multiTechnician),
  truckFee: amount('Truck fee').default(PART_DEFAULTS.truckFee),
  includeRoofAccess: z.boolean().default(PART_DEFAULTS.includeRoofAccess),
  roofAccessFee: amount('Roof access fee').default(PART_DEFAULTS.roofAccessFee),
};

const laborFields = {
  ...common,
  unitCost,
  skillLevel: z
    .enum(SKILL_LEVELS, { error: 'Skill level must be Helper, Standard, Senior or Master' })
    .default(DEFAULT_SKILL_LEVEL),
  durationHours: hours('Duration', PRICE_LIMITS.minDuration, 'Duration must be at least 0.1 hours').default(
    DEFAULT_LABOR_DURATION_HOURS,
  ),
  isOvertime: z.boolean().default(false),
  isEmergency: z.boolean().default(false),
};

const itemFields = {
  ...common,
  unitCost,
  category: category.default(DEFAULT_ITEM_CATEGORY),
  isTaxable: z.boolean().default(true),
};

/** The formula's inputs, in cents, from a part payload (the same call on both sides). */
export function partPriceInputOf(part: {
  partsCost: number;
  estimatedHours: number;
  complexityMultiplier: number;
  laborRate: number;
  multiTechnician: boolean;
  truckFee: number;
  includeRoofAccess: boolean;
  roofAccessFee: number;
}): PartPriceInput {
  return {
    partsCostCents: toCents(part.partsCost),
    estimatedHours: part.estimatedHours,
    complexityMultiplier: part.complexityMultiplier,
    laborRateCents: toCents(part.laborRate),
    multiTechnician: part.multiTechnician,
    truckFeeCents: toCents(part.truckFee),
    includeRoofAccess: part.includeRoofAccess,
    roofAccessFeeCents: toCents(part.roofAccessFee),
  };
}

export const PART_PRICE_ZERO_MESSAGE =
  'The flat rate must be greater than $0: enter a parts cost, hours or a truck fee';

/**
 * A part's unit cost is its non-contract flat rate; a price form disables Save while the unit cost is
 * not above 0, so a part whose inputs price it at $0 is refused too (reported on partsCost, the
 * first figure to change). Checked only once every figure is valid on its own.
 */
const partObject = z.object(partFields);
const partPricedAboveZero = {
  message: PART_PRICE_ZERO_MESSAGE,
  path: ['partsCost'],
  when: (payload: { value: unknown }) => partObject.safeParse(payload.value).success,
};
const partPricePositive = (part: Parameters<typeof partPriceInputOf>[0]) =>
  computePartPrice(partPriceInputOf(part)).unitCostCents > 0;

/** The formula's figures alone: the Part tab shows the live price once these are valid. */
export const partPriceFigures = partObject.pick({
  partsCost: true,
  estimatedHours: true,
  complexityMultiplier: true,
  laborRate: true,
  multiTechnician: true,
  truckFee: true,
  includeRoofAccess: true,
  roofAccessFee: true,
});

export const partPriceCreateInput = partObject
  .extend({ code: priceCode })
  .refine(partPricePositive, partPricedAboveZero);
export const partPriceUpdateInput = partObject.extend({ serviceLine }).refine(partPricePositive, partPricedAboveZero);
export const laborPriceCreateInput = z.object({ ...laborFields, code: priceCode });
export const laborPriceUpdateInput = z.object({ ...laborFields, serviceLine });
export const itemPriceCreateInput = z.object({ ...itemFields, code: priceCode });
export const itemPriceUpdateInput = z.object({ ...itemFields, serviceLine });

export type PartPriceCreateInput = z.output<typeof partPriceCreateInput>;
export type PartPriceUpdateInput = z.output<typeof partPriceUpdateInput>;
export type LaborPriceCreateInput = z.output<typeof laborPriceCreateInput>;
export type LaborPriceUpdateInput = z.output<typeof laborPriceUpdateInput>;
export type ItemPriceCreateInput = z.output<typeof itemPriceCreateInput>;
export type ItemPriceUpdateInput = z.output<typeof itemPriceUpdateInput>;

/** The payload schemas by kind, untagged: what each kind's form validates. */
export const priceCreateInputs = {
  part: partPriceCreateInput,
  labor: laborPriceCreateInput,
  item: itemPriceCreateInput,
} as const;
export const priceUpdateInputs = {
  part: partPriceUpdateInput,
  labor: laborPriceUpdateInput,
  item: itemPriceUpdateInput,
} as const;

/**
 * The same schemas tagging the payload with its kind: a route's body and an import row parse to
 * a PriceCreate or PriceUpdate (what the service writes) with no cast.
 */
export const priceCreateBodies = {
  part: partPriceCreateInput.transform((price) => ({ kind: 'part' as const, ...price })),
  labor: laborPriceCreateInput.transform((price) => ({ kind: 'labor' as const, ...price })),
  item: itemPriceCreateInput.transform((price) => ({ kind: 'item' as const, ...price })),
};
export const priceUpdateBodies = {
  part: partPriceUpdateInput.transform((price) => ({ kind: 'part' as const, ...price })),
  labor: laborPriceUpdateInput.transform((price) => ({ kind: 'labor' as const, ...price })),
  item: itemPriceUpdateInput.transform((price) => ({ kind: 'item' as const, ...price })),
};

/** A validated price of any kind, tagged with its kind (what the service writes). */
export type PriceCreate = z.output<(typeof priceCreateBodies)[PriceKind]>;
export type PriceUpdate = z.output<(typeof priceUpdateBodies)[PriceKind]>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const recordCommon = {
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  serviceLine: z.string(),
  serviceLineName: z.string().nullable(),
  unitCostCents: z.number().int(),
};

export const partPriceRecord = z.object({
  kind: z.literal('part'),
  ...recordCommon,
  partsCostCents: z.number().int(),
  estimatedHours: z.number(),
  complexityMultiplier: z.number(),
  laborRateCents: z.number().int(),
  multiTechnician: z.boolean(),
  adjustedLaborCostCents: z.number().int(),
  truckFeeCents: z.number().int(),
  includeRoofAccess: z.boolean(),
  roofAccessFeeCents: z.number().int(),
  totalBaseCostCents: z.number().int(),
  flatRateNonContractCents: z.number().int(),
  flatRatePmContractCents: z.number().int(),
});
export const laborPriceRecord = z.object({
  kind: z.literal('labor'),
  ...recordCommon,
  skillLevel: z.enum(SKILL_LEVELS),
  durationHours: z.number(),
  isOvertime: z.boolean(),
  isEmergency: z.boolean(),
});
export const itemPriceRecord = z.object({
  kind: z.literal('item'),
  ...recordCommon,
  category: z.string(),
  isTaxable: z.boolean(),
});
export const priceRecord = z.discriminatedUnion('kind', [partPriceRecord, laborPriceRecord, itemPriceRecord]);
export type PartPriceRecord = z.infer<typeof partPriceRecord>;
export type LaborPriceRecord = z.infer<typeof laborPriceRecord>;
export type ItemPriceRecord = z.infer<typeof itemPriceRecord>;
export type PriceRecord = z.infer<typeof priceRecord>;

export const priceList = paginated(priceRecord);
export type PriceList = z.infer<typeof priceList>;

// ---------------------------------------------------------------------------------------------
// Values: a price as its form holds it and the API takes it, one mapper per kind
// ---------------------------------------------------------------------------------------------

/** What a form holds and an add request sends (dollars; '' for a blank description). */
export type PartPriceValues = z.input<typeof partPriceCreateInput>;
export type LaborPriceValues = z.input<typeof laborPriceCreateInput>;
export type ItemPriceValues = z.input<typeof itemPriceCreateInput>;
export interface PriceValuesByKind {
  part: PartPriceValues;
  labor: LaborPriceValues;
  item: ItemPriceValues;
}
export type PriceValues = PriceValuesByKind[PriceKind];
/** What an edit request sends: every field but the code, which cannot change. */
export type PriceUpdateBody = z.input<(typeof priceUpdateInputs)[PriceKind]>;
export type PriceRecordOf<K extends PriceKind> = Extract<PriceRecord, { kind: K }>;

const dollarsOf = (cents: number) => cents / 100;
const commonValuesOf = (record: PriceRecord) => ({
  code: record.code,
  name: record.name,
  description: record.description ?? '',
  serviceLine: record.serviceLine,
});

/**
 * Per kind: the values an Add form starts with (the unit cost of labor and items starts blank),
 * and a stored price's values (the Edit form's, and what a blank cell keeps when an import changes
 * that price). A record's cents become dollars.
 */
export const PRICE_VALUES: {
  [K in PriceKind]: { empty: Partial<PriceValuesByKind[K]>; of(record: PriceRecordOf<K>): PriceValuesByKind[K] };
} = {
  part: {
    empty: { code: '', name: '', description: '', serviceLine: DEFAULT_SERVICE_LINE, ...PART_DEFAULTS },
    of: (record) => ({
      ...commonValuesOf(record),
      partsCost: dollarsOf(record.partsCostCents),
      estimatedHours: record.estimatedHours,
      complexityMultiplier: record.complexityMultiplier,
      laborRate: dollarsOf(record.laborRateCents),
      multiTechnician: record.multiTechnician,
      truckFee: dollarsOf(record.truckFeeCents),
      includeRoofAccess: record.includeRoofAccess,
      roofAccessFee: dollarsOf(record.roofAccessFeeCents),
    }),
  },
  labor: {
    empty: {
      code: '',
      name: '',
      description: '',
      serviceLine: DEFAULT_SERVICE_LINE,
      skillLevel: DEFAULT_SKILL_LEVEL,
      durationHours: DEFAULT_LABOR_DURATION_HOURS,
      isOvertime: false,
      isEmergency: false,
    },
    of: (record) => ({
      ...commonValuesOf(record),
      unitCost: dollarsOf(record.unitCostCents),
      skillLevel: record.skillLevel,
      durationHours: record.durationHours,
      isOvertime: record.isOvertime,
      isEmergency: record.isEmergency,
    }),
  },
  item: {
    empty: {
      code: '',
      name: '',
      description: '',
      serviceLine: DEFAULT_SERVICE_LINE,
      category: DEFAULT_ITEM_CATEGORY,
      isTaxable: true,
    },
    of: (record) => ({
      ...commonValuesOf(record),
      unitCost: dollarsOf(record.unitCostCents),
      category: record.category,
      isTaxable: record.isTaxable,
    }),
  },
};

/** Any stored price's values (PRICE_VALUES[kind].of for its kind). */
export function priceValuesOf(record: PriceRecord): PriceValues {
  switch (record.kind) {
    case 'part':
      return PRICE_VALUES.part.of(record);
    case 'labor':
      return PRICE_VALUES.labor.of(record);
    case 'item':
      return PRICE_VALUES.item.of(record);
  }
}

/** A valid form's values, of any kind (each kind's create schema's output). */
export type PriceFormData = PartPriceCreateInput | LaborPriceCreateInput | ItemPriceCreateInput;

/** An edit's body: a valid form's values without the code. */
export function updateBodyOf(values: PriceFormData): PriceUpdateBody {
  const { code: _code, ...body } = values;
  return body;
}

// ---------------------------------------------------------------------------------------------
// The list: search, type and service line filters, ordered by code
// ---------------------------------------------------------------------------------------------

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const priceListFilters = z.object({
  q: optionalFilter(100),
  type: z.preprocess(emptyToUndefined, z.enum(PRICE_KINDS, { error: 'Type must be part, labor or item' }).optional()),
  serviceLine: optionalFilter(20),
});
export type PriceListFilters = z.infer<typeof priceListFilters>;

export const priceListQuery = paginationQuery.extend(priceListFilters.shape);
export type PriceListQuery = z.infer<typeof priceListQuery>;

export const serviceLineOption = z.object({ code: z.string(), name: z.string(), isActive: z.boolean() });
export type ServiceLineOption = z.infer<typeof serviceLineOption>;
export const priceBookOptions = z.object({
  serviceLines: z.array(serviceLineOption),
  /** item categories already in use, for the Category field's suggestions */
  categories: z.array(z.string()),
});
export type PriceBookOptions = z.infer<typeof priceBookOptions>;

// ---------------------------------------------------------------------------------------------
// Display helpers (the DETAILS column, hours)
// ---------------------------------------------------------------------------------------------
