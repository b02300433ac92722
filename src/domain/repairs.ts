/**
 * Repair records: one per inspection, three option tiers, the costs around them, and the repair
 * total.
 *
 *   sum   = chosen option + labor + refrigeration recovery + start-up + thermostat startup
 *           + removal + permit + every accessory + every additional item
 *   total = sum / 0.6 (a 40% gross margin), rounded to the whole dollar, half up; 0 when sum is 0
 *
 * Money is integer cents here. The division is done on integers: sum / 0.6 dollars is sum / 60
 * whole dollars, so the rounding is exact (no binary floating point near a half dollar).
 * One function serves the form (the live total and its "why this price" lines) and the server,
 * which stores what it computes and ignores any total the browser sends.
 */
import { z } from 'zod';
import { REPAIR_OUTCOMES } from './home.js';

export const REPAIR_PHASES = ['phase1', 'phase2', 'phase3'] as const;
export type RepairPhase = (typeof REPAIR_PHASES)[number];
export const REPAIR_PHASE_LABELS: Record<RepairPhase, string> = {
  phase1: 'Economy Option',
  phase2: 'Standard Option',
  phase3: 'Premium Option',
};
/** The option selected on a new repair record and shown by default (part 2 section 4). */
export const DEFAULT_REPAIR_PHASE: RepairPhase = 'phase2';
export const REPAIR_MARGIN_DIVISOR = 0.6;
/** The margin the divisor gives, as the form states it under the cost summary. */
export const REPAIR_GROSS_MARGIN_PERCENT = 40;

export const REPAIR_LINE_KINDS = ['accessory', 'additional'] as const;
export type RepairLineKind = (typeof REPAIR_LINE_KINDS)[number];

export const REPAIR_LIMITS = {
  /** dollars per cost field: above any single HVAC repair line, far below numeric(12,2) */
  maxCost: 10_000_000,
  maxLines: 50,
  lineNameLength: 200,
  phaseDescriptionLength: 1000,
  warrantyLength: 2000,
} as const;

export interface RepairCostsCents {
  selectedPhase: RepairPhase;
  phaseCents: Record<RepairPhase, number>;
  laborCents: number;
  refrigerationRecoveryCents: number;
  startUpCents: number;
  thermostatStartupCents: number;
  removalCents: number;
  permitCents: number;
  accessoriesCents: number[];
  additionalItemsCents: number[];
}

function wholeCents(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be whole cents: ${value}`);
  if (value < 0) throw new RangeError(`${what} cannot be negative: ${value}`);
  return value;
}

const sum = (values: readonly number[], what: string) => values.reduce((total, v) => total + wholeCents(v, what), 0);

/** The cost side of the total: everything the formula adds up, in cents. */
export function repairCostSumCents(r: RepairCostsCents): number {
  return (
    wholeCents(r.phaseCents[r.selectedPhase], REPAIR_PHASE_LABELS[r.selectedPhase]) +
    wholeCents(r.laborCents, 'Labor') +
    wholeCents(r.refrigerationRecoveryCents, 'Refrigeration recovery') +
    wholeCents(r.startUpCents, 'Start-up costs') +
    wholeCents(r.thermostatStartupCents, 'Thermostat startup') +
    wholeCents(r.removalCents, 'Removal cost') +
    wholeCents(r.permitCents, 'Permit cost') +
    sum(r.accessoriesCents, 'Accessory') +
    sum(r.additionalItemsCents, 'Additional item')
  );
}

/** cents / 60, rounded half up, in whole dollars: a cost sum divided by 0.6. */
function dollarsFromSum(sumCents: number): number {
  return Math.floor((2 * sumCents + 60) / 120);
}

/** The repair total in cents: always whole dollars; 0 when nothing is priced. */
export function repairTotalCents(r: RepairCostsCents): number {
  const sumCents = repairCostSumCents(r);
  if (sumCents === 0) return 0;
  return dollarsFromSum(sumCents) * 100;
}

// ---------------------------------------------------------------------------------------------
// "Why this price"
// ---------------------------------------------------------------------------------------------

/** "$1,234.50", the same text on server and browser (no Intl data needed). */
export function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export interface RepairTotalTerm {
  label: string;
  cents: number;
}

export interface RepairTotalBreakdown {
  /** Every term of the sum that is not zero, in the formula's order; a list is one term. */
  terms: RepairTotalTerm[];
  sumCents: number;
  /** sum / 0.6 written exactly: "$11,500.00", or "$12,916.6666..." when it repeats */
  exactPrice: string;
  totalCents: number;
  /** total - sum: what the margin earns after rounding */
  marginCents: number;
}

/** sum / 0.6 in dollars, exactly: sum x 5 / 3 cents, whose remainder repeats as 3s or 6s. */
function exactPriceText(sumCents: number): string {
  const thirds = sumCents * 5;
  const cents = Math.floor(thirds / 3);
  const remainder = thirds % 3;
  const digit = remainder === 1 ? '3' : '6';
  return remainder === 0 ? usd(cents) : `${usd(cents)}${digit}${digit}...`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The figures behind a total, for the form's "why this price" lines and for tests. */
export function repairTotalBreakdown(r: RepairCostsCents): RepairTotalBreakdown {
  const accessories = sum(r.accessoriesCents, 'Accessory');
  const additional = sum(r.additionalItemsCents, 'Additional item');
  const candidates: RepairTotalTerm[] = [
    { label: REPAIR_PHASE_LABELS[r.selectedPhase], cents: r.phaseCents[r.selectedPhase] },
    { label: 'labor', cents: r.laborCents },
    { label: 'refrigeration recovery', cents: r.refrigerationRecoveryCents },
    { label: 'start-up', cents: r.startUpCents },
    { label: 'thermostat startup', cents: r.thermostatStartupCents },
    { label: 'removal', cents: r.removalCents },
    { label: 'permit', cents: r.permitCents },
    {
      label: `accessories (${plural(r.accessoriesCents.filter((c) => c > 0).length, 'item', 'items')})`,
      cents: accessories,
    },
    {
      label: `additional items (${plural(r.additionalItemsCents.filter((c) => c > 0).length, 'item', 'items')})`,
      cents: additional,
    },
  ];
  const sumCents = repairCostSumCents(r);
  const totalCents = repairTotalCents(r);
  return {
    terms: candidates.filter((t) => t.cents !== 0),
    sumCents,
    exactPrice: exactPriceText(sumCents),
    totalCents,
    marginCents: totalCents - sumCents,
  };
}

/**
 * The "why this price" lines under the cost summary: the sum with each figure that went into it,
 * the division by 0.6 and the rounding, so a person can check the total by hand.
 *
 *   Costs = $4,500.00 Standard Option + $1,200.00 labor + $200.00 permit = $5,900.00
 *   Price = $5,900.00 / 0.6 (40% gross margin) = $9,833.3333..., rounded to the whole dollar: $9,833.00
 */
export function explainRepairTotal(r: RepairCostsCents): string[] {
  const b = repairTotalBreakdown(r);
  if (b.sumCents === 0) {
    return [
      `Nothing is priced yet: ${REPAIR_PHASE_LABELS[r.selectedPhase]} and every other cost are $0.00, so the total is $0.00`,
    ];
  }
  const terms = b.terms.map((t) => `${usd(t.cents)} ${t.label}`).join(' + ');
  const lines = [
    `Costs = ${terms} = ${usd(b.sumCents)}`,
    `Price = ${usd(b.sumCents)} / 0.6 (${REPAIR_GROSS_MARGIN_PERCENT}% gross margin) = ${b.exactPrice}, rounded to the whole dollar: ${usd(b.totalCents)}`,
  ];
  if (r.phaseCents[r.selectedPhase] === 0)
    lines.push(`The chosen ${REPAIR_PHASE_LABELS[r.selectedPhase]} has no cost yet.`);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Cost fields as typed (part 2 section 5, "Repair form")
// ---------------------------------------------------------------------------------------------

/**
 * What a cost field shows while the person types: leading zeros dropped ("007" -> "7",
 * "00.50" -> "0.50"); a single "0" and anything that is not a leading zero stay as typed.
 */
export function stripLeadingZeros(text: string): string {
  return text.replace(/^(\s*)0+(?=\d)/, '$1');
}

export interface ParsedCost {
  /** integer cents; 0 when empty or invalid */
  cents: number;
  empty: boolean;
  /** false when something was typed that is not an amount of money the form accepts */
  valid: boolean;
}

const COST_TEXT = /^\d+(?:\.\d*)?$|^\.\d+$/;

/**
 * A cost field's text as cents: "1,250.5" -> 125050, "$80" -> 8000. Empty, negative, non-numeric
 * or larger than the field allows is 0 (the specification: "0 when empty or invalid"), with
 * `valid` false so the form can say so. More than 2 decimals round half up to the cent.
 */
export function parseCostText(text: string | null | undefined): ParsedCost {
  const cleaned = (text ?? '')
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '')
    .trim();
  if (cleaned === '') return { cents: 0, empty: true, valid: true };
  if (!COST_TEXT.test(cleaned)) return { cents: 0, empty: false, valid: false };
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const digits = fraction.padEnd(3, '0');
  let cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents) || cents > REPAIR_LIMITS.maxCost * 100)
    return { cents: 0, empty: false, valid: false };
  return { cents, empty: false, valid: true };
}

/** The number the server receives for a cost field: dollars, 0 when empty or invalid. */
export function costTextToDollars(text: string | null | undefined): number {
  return parseCostText(text).cents / 100;
}

/** A stored cost as the form's text: 125050 -> "1250.50", 0 -> "0", 8000 -> "80". */
export function centsToCostText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// The repair form's payload
// ---------------------------------------------------------------------------------------------

/** True when a number has at most 2 decimals (0.1 + 0.2 counts as 0.30). */
function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A cost in dollars as the server receives it: a number, 0 or more; absent or null is 0. */
const cost = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(REPAIR_LIMITS.maxCost, `${label} must be at most $10,000,000.00`)
    .refine(hasAtMostTwoDecimals, `${label} must be in steps of 0.01`)
    .nullish()
    .transform((v) => v ?? 0);

const phase = (key: RepairPhase) => {
  const label = REPAIR_PHASE_LABELS[key];
  return z
    .object(
      {
        description: z
          .string({ error: `${label} description must be text` })
          .trim()
          .max(
            REPAIR_LIMITS.phaseDescriptionLength,
            `${label} description must be at most ${REPAIR_LIMITS.phaseDescriptionLength} characters`,
          )
          .nullish()
          .transform((v) => (v ? v : label)),
        cost: cost(`${label} cost`),
      },
      { error: `${label} must have a description and a cost` },
    )
    .default({ description: label, cost: 0 });
};

const LINE_LABELS: Record<RepairLineKind, { one: string; many: string }> = {
  accessory: { one: 'Accessory', many: 'accessories' },
  additional: { one: 'Additional item', many: 'additional items' },
};

/**
 * Accessories or additional items: rows of name and cost. A row left blank (no name, no cost; the
 * form always shows a first row) is dropped; a row with a cost needs a name, so the customer
 * never sees a price without a description.
 */
const lines = (kind: RepairLineKind) => {
  const { one, many } = LINE_LABELS[kind];
  const line = z.object(
    {
      name: z
        .string({ error: `${one} name must be text` })
        .trim()
        .max(REPAIR_LIMITS.lineNameLength, `${one} name must be at most ${REPAIR_LIMITS.lineNameLength} characters`)
        .nullish()
        .transform((v) => v ?? ''),
      cost: cost(`${one} cost`),
    },
    { error: `Each of the ${many} must have a name and a cost` },
  );
  return z
    .array(line, { error: `The ${many} must be a list` })
    .max(REPAIR_LIMITS.maxLines, `At most ${REPAIR_LIMITS.maxLines} ${many}`)
    .nullish()
    .transform((v) => v ?? [])
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (row.name === '' && row.cost > 0) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `${one} ${index + 1} has a cost but no name`,
          });
        }
      });
    })
    .transform((rows) => rows.filter((row) => row.name !== '' || row.cost > 0));
};

/**
 * The per-inspection repair form (part 2 sections 3 and 5). Costs arrive as numbers in dollars (the
 * form turns its texts into numbers with costTextToDollars: 0 when empty or invalid). Unknown keys
 * are dropped: a total sent by the browser is ignored, the server computes its own.
 */
export const repairInput = z.object({
  needsCrane: z.boolean({ error: 'Needs crane must be yes or no' }).default(false),
  phase1: phase('phase1'),
  phase2: phase('phase2'),
  phase3: phase('phase3'),
  labor: cost('Labor'),
  refrigerationRecovery: cost('Refrigeration recovery'),
  startUpCosts: cost('Start-up costs'),
  thermostatStartup: cost('Thermostat startup'),
  removalCost: cost('Removal cost'),
  permitCost: cost('Permit cost'),
  accessories: lines('accessory'),
  additionalItems: lines('additional'),
  warranty: z
    .string({ error: 'Warranty must be text' })
    .trim()
    .max(REPAIR_LIMITS.warrantyLength, `Warranty must be at most ${REPAIR_LIMITS.warrantyLength} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  selectedPhase: z
    .enum(REPAIR_PHASES, {
      error: 'Selected option must be Economy Option (phase1), Standard Option (phase2) or Premium Option (phase3)',
    })
    .default(DEFAULT_REPAIR_PHASE),
});
export type RepairInput = z.output<typeof repairInput>;
export type RepairPayload = z.input<typeof repairInput>;

const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** The formula's inputs from a validated payload (dollars). */
export function repairCostsFromInput(input: RepairInput): RepairCostsCents {
  return {
    selectedPhase: input.selectedPhase,
    phaseCents: {
      phase1: dollarsToCents(input.phase1.cost),
      phase2: dollarsToCents(input.phase2.cost),
      phase3: dollarsToCents(input.phase3.cost),
    },
    laborCents: dollarsToCents(input.labor),
    refrigerationRecoveryCents: dollarsToCents(input.refrigerationRecovery),
    startUpCents: dollarsToCents(input.startUpCosts),
    thermostatStartupCents: dollarsToCents(input.thermostatStartup),
    removalCents: dollarsToCents(input.removalCost),
    permitCents: dollarsToCents(input.permitCost),
    accessoriesCents: input.accessories.map((a) => dollarsToCents(a.cost)),
    additionalItemsCents: input.additionalItems.map((a) => dollarsToCents(a.cost)),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const repairPhaseAnswer = z.object({ description: z.string(), costCents: z.number().int() });
const repairLineAnswer = z.object({ name: z.string(), costCents: z.number().int() });
export type RepairLine = z.infer<typeof repairLineAnswer>;

/** A stored repair record; money in integer cents. */
export const repair = z.object({
  id: z.string(),
  jobId: z.string(),
  inspectionId: z.string(),
  needsCrane: z.boolean(),
  phase1: repairPhaseAnswer,
  phase2: repairPhaseAnswer,
  phase3: repairPhaseAnswer,
  laborCents: z.number().int(),
  refrigerationRecoveryCents: z.number().int(),
  startUpCostsCents: z.number().int(),
  thermostatStartupCents: z.number().int(),
  removalCostCents: z.number().int(),
  permitCostCents: z.number().int(),
  accessories: z.array(repairLineAnswer),
  additionalItems: z.array(repairLineAnswer),
  warranty: z.string().nullable(),
  selectedPhase: z.enum(REPAIR_PHASES),
  totalCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Repair = z.infer<typeof repair>;

/** The formula's inputs from a stored record (the "why this price" lines of the saved summary). */
export function repairCostsOf(r: Repair): RepairCostsCents {
  return {
    selectedPhase: r.selectedPhase,
    phaseCents: { phase1: r.phase1.costCents, phase2: r.phase2.costCents, phase3: r.phase3.costCents },
    laborCents: r.laborCents,
    refrigerationRecoveryCents: r.refrigerationRecoveryCents,
    startUpCents: r.startUpCostsCents,
    thermostatStartupCents: r.thermostatStartupCents,
    removalCents: r.removalCostCents,
    permitCents: r.permitCostCents,
    accessoriesCents: r.accessories.map((a) => a.costCents),
    additionalItemsCents: r.additionalItems.map((a) => a.costCents),
  };
}

// ---------------------------------------------------------------------------------------------
// The form's values (texts) and the payload they become
// ---------------------------------------------------------------------------------------------

export interface RepairFormLine {
  name: string;
  cost: string;
}

/** What the repair form edits: every cost as the text in its field. */
export interface RepairFormValues {
  needsCrane: boolean;
  phase1: { description: string; cost: string };
  phase2: { description: string; cost: string };
  phase3: { description: string; cost: string };
  labor: string;
  refrigerationRecovery: string;
  startUpCosts: string;
  thermostatStartup: string;
  removalCost: string;
  permitCost: string;
  /** never empty: the first row cannot be removed */
  accessories: RepairFormLine[];
  /** never empty: the first row cannot be removed */
  additionalItems: RepairFormLine[];
  warranty: string;
  selectedPhase: RepairPhase;
}

const blankLine = (): RepairFormLine => ({ name: '', cost: '' });

/** The form's starting values: a saved record's, or the defaults (option names, Standard Option). */
export function repairFormValues(saved: Repair | null): RepairFormValues {
  const text = (cents: number | undefined) => (cents ? centsToCostText(cents) : '');
  const linesOf = (rows: RepairLine[] | undefined) => {
    const mapped = (rows ?? []).map((row) => ({ name: row.name, cost: text(row.costCents) }));
    return mapped.length ? mapped : [blankLine()];
  };
  const phaseOf = (key: RepairPhase) => ({
    description: saved?.[key].description ?? REPAIR_PHASE_LABELS[key],
    cost: text(saved?.[key].costCents),
  });
  return {
    needsCrane: saved?.needsCrane ?? false,
    phase1: phaseOf('phase1'),
    phase2: phaseOf('phase2'),
    phase3: phaseOf('phase3'),
    labor: text(saved?.laborCents),
    refrigerationRecovery: text(saved?.refrigerationRecoveryCents),
    startUpCosts: text(saved?.startUpCostsCents),
    thermostatStartup: text(saved?.thermostatStartupCents),
    removalCost: text(saved?.removalCostCents),
    permitCost: text(saved?.permitCostCents),
    accessories: linesOf(saved?.accessories),
    additionalItems: linesOf(saved?.additionalItems),
    warranty: saved?.warranty ?? '',
    selectedPhase: saved?.selectedPhase ?? DEFAULT_REPAIR_PHASE,
  };
}

/** What the form sends: every cost text as a number of dollars, 0 when empty or invalid. */
export function repairPayloadFromForm(values: RepairFormValues): RepairPayload {
  const dollars = costTextToDollars;
  const phaseOf = (key: RepairPhase) => ({ description: values[key].description, cost: dollars(values[key].cost) });
  const linesOf = (rows: RepairFormLine[]) => rows.map((row) => ({ name: row.name, cost: dollars(row.cost) }));
  return {
    needsCrane: values.needsCrane,
    phase1: phaseOf('phase1'),
    phase2: phaseOf('phase2'),
    phase3: phaseOf('phase3'),
    labor: dollars(values.labor),
    refrigerationRecovery: dollars(values.refrigerationRecovery),
    startUpCosts: dollars(values.startUpCosts),
    thermostatStartup: dollars(values.thermostatStartup),
    removalCost: dollars(values.removalCost),
    permitCost: dollars(values.permitCost),
    accessories: linesOf(values.accessories),
    additionalItems: linesOf(values.additionalItems),
    warranty: values.warranty,
    selectedPhase: values.selectedPhase,
  };
}

/** The formula's inputs straight from the form's texts: the live total while typing. */
export function repairCostsFromForm(values: RepairFormValues): RepairCostsCents {
  const cents = (text: string) => parseCostText(text).cents;
  return {
    selectedPhase: values.selectedPhase,
    phaseCents: {
      phase1: cents(values.phase1.cost),
      phase2: cents(values.phase2.cost),
      phase3: cents(values.phase3.cost),
    },
    laborCents: cents(values.labor),
    refrigerationRecoveryCents: cents(values.refrigerationRecovery),
    startUpCents: cents(values.startUpCosts),
    thermostatStartupCents: cents(values.thermostatStartup),
    removalCents: cents(values.removalCost),
    permitCents: cents(values.permitCost),
    accessoriesCents: values.accessories.map((row) => cents(row.cost)),
    additionalItemsCents: values.additionalItems.map((row) => cents(row.cost)),
  };
}

// ---------------------------------------------------------------------------------------------
// Summaries
// ---------------------------------------------------------------------------------------------

export const REPAIR_DECISIONS = ['approved', 'declined'] as const;
export type RepairDecision = (typeof REPAIR_DECISIONS)[number];

/** One row of "Repair Details for All Inspections". */
export const repairSummaryItem = z.object({
  inspectionId: z.string(),
  repairId: z.string(),
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  selectedPhase: z.enum(REPAIR_PHASES),
  optionLabel: z.string(),
  optionDescription: z.string(),
  optionCostCents: z.number().int(),
  totalCents: z.number().int(),
});
export type RepairSummaryItem = z.infer<typeof repairSummaryItem>;

/** "Repair Details for All Inspections": every repair, in the inspection list's order (newest first), and the combined total. */
export const repairSummary = z.object({
  items: z.array(repairSummaryItem),
  totalCents: z.number().int(),
});
export type RepairSummary = z.infer<typeof repairSummary>;

/** The combined total of the summary: the sum of the chosen options' repair totals. */
export function combinedRepairTotalCents(items: readonly { totalCents: number }[]): number {
  return items.reduce((total, item) => total + item.totalCents, 0);
}

/** One of a repair record's three options with its price. */
export const repairTier = z.object({
  phase: z.enum(REPAIR_PHASES),
  label: z.string(),
  description: z.string(),
  costCents: z.number().int(),
});
export type RepairTier = z.infer<typeof repairTier>;

/**
 * One line of the unit's Deficiencies card (and of its history, and of the job page's open
 * recommendations): a repair record from one of the unit's jobs, with what became of it
 * (`outcome`, homeRules.openDeficiency's classification in src/domain/home.ts).
 */
export const unitDeficiency = z.object({
  repairId: z.string(),
  inspectionId: z.string(),
  jobId: z.string(),
  jobNumber: z.number().int(),
  jobName: z.string(),
  selectedPhase: z.enum(REPAIR_PHASES),
  optionLabel: z.string(),
  optionDescription: z.string(),
  totalCents: z.number().int(),
  /** the three options and their prices */
  tiers: z.array(repairTier),
  /** the inspection's model and serial number, so the technician finds the equipment */
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  /** the customer's answer to the job's latest quote; null while there is none */
  decision: z.enum(REPAIR_DECISIONS).nullable(),
  decidedAt: z.string().nullable(),
  outcome: z.enum(REPAIR_OUTCOMES),
  /** still open on the unit: homeRules.openDeficiency */
  open: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolutionReason: z.string().nullable(),
  /** the later job it was added to */
  carriedToJobId: z.string().nullable(),
  carriedToJobNumber: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UnitDeficiency = z.infer<typeof unitDeficiency>;

export const UNIT_DEFICIENCIES_PAGE_SIZE = 10;
export const unitDeficienciesQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .default(1),
});
export const unitDeficienciesAnswer = z.object({
  items: z.array(unitDeficiency),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UnitDeficienciesAnswer = z.infer<typeof unitDeficienciesAnswer>;

export const DEFICIENCY_DECISION_LABELS: Record<RepairDecision, string> = {
  approved: 'Approved',
  declined: 'Declined',
};
