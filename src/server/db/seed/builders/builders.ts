/**
 * Builders: plain objects ready to insert, drawn from a seeded Random so the same seed gives the
 * same data. Used by the tests (through createFactories) and by the demo seed.
 */
import { centsToDecimal, toCents } from '../../../../domain/money.js';
import { computePartPrice, PRICING_DEFAULTS } from '../../../../domain/pricing.js';
import { repairTotalCents, type RepairPhase } from '../../../../domain/repairs.js';
import type * as schema from '../../schema.js';
import {
  CERTIFICATIONS,
  CITIES,
  COMPANY_KINDS,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATION_KINDS,
  SKILLS,
  STREET_NAMES,
  UNIT_PREFIXES,
} from './data.js';
import type { Random } from './random.js';

export type CompanyInsert = typeof schema.companies.$inferInsert;
export type LocationInsert = typeof schema.locations.$inferInsert;
export type UnitInsert = typeof schema.units.$inferInsert;
export type UserInsert = typeof schema.users.$inferInsert;
export type TechnicianInsert = typeof schema.technicians.$inferInsert;
export type JobInsert = typeof schema.jobs.$inferInsert;
export type JobItemInsert = typeof schema.jobItems.$inferInsert;
export type InspectionInsert = typeof schema.jobInspections.$inferInsert;
export type RepairInsert = typeof schema.jobRepairs.$inferInsert;
export type RepairLineInsert = typeof schema.jobRepairLines.$inferInsert;
export type QuoteInsert = typeof schema.jobQuotes.$inferInsert;
export type InvoiceInsert = typeof schema.jobInvoices.$inferInsert;
export type PartPriceInsert = typeof schema.jobPartPrices.$inferInsert;
export type LaborPriceInsert = typeof schema.jobLaborPrices.$inferInsert;
export type ItemPriceInsert = typeof schema.jobItemPrices.$inferInsert;

const jitter = (rng: Random, spread: number) => (rng.next() - 0.5) * spread;
export const phoneNumber = (rng: Random) =>
  `(${rng.pick(['404', '678', '770', '470'])}) ${rng.digits(3)}-${rng.digits(4)}`;

export function buildCompany(rng: Random, overrides: Partial<CompanyInsert> = {}): CompanyInsert {
  const place = rng.pick(CITIES);
  return {
    id: rng.uuid(),
    name: `${rng.pick(COMPANY_PREFIXES)} ${rng.pick(COMPANY_KINDS)} ${rng.pick(COMPANY_SUFFIXES)}`,
    address: `${rng.int(100, 9999)} ${rng.pick(STREET_NAMES)}`,
    city: place.city,
    state: place.state,
    zip: place.zip,
    phone: phoneNumber(rng),
    latitude: place.lat + jitter(rng, 0.08),
    longitude: place.lng + jitter(rng, 0.08),
    ...overrides,
  };
}

export function buildLocation(rng: Random, companyId: string, overrides: Partial<LocationInsert> = {}): LocationInsert {
  const place = rng.pick(CITIES);
  const kind = rng.pick(LOCATION_KINDS);
  return {
    id: rng.uuid(),
    companyId,
    name: `${place.city} ${kind}`,
    buildingName: `Building ${String.fromCharCode(65 + rng.int(0, 7))}`,
    address: `${rng.int(100, 9999)} ${rng.pick(STREET_NAMES)}`,
    city: place.city,
    state: place.state,
    zip: place.zip,
    latitude: place.lat + jitter(rng, 0.1),
    longitude: place.lng + jitter(rng, 0.1),
    ...overrides,
  };
}

export function buildUnit(rng: Random, locationId: string, overrides: Partial<UnitInsert> = {}): UnitInsert {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const place = rng.pick(CITIES);
  return {
    id: rng.uuid(),
    locationId,
    unitNumber: `${rng.pick(UNIT_PREFIXES)}-${rng.int(1, 40)}`,
    status: rng.bool(0.88) ? 'active' : 'inactive',
    primaryContactType: rng.pick(['Management', 'Owner', 'Business Owner', 'Tenant'] as const),
    primaryContactEmail: `${first}.${last}@example.com`.toLowerCase(),
    primaryContactPhone: phoneNumber(rng),
    phone: rng.bool(0.5) ? phoneNumber(rng) : null,
    billingEntity: rng.bool(0.7) ? `${last} Holdings` : null,
    billingEmail: rng.bool(0.7) ? `ap@${last.toLowerCase()}-holdings.example.com` : null,
    billingCity: place.city,
    billingState: place.state,
    billingZip: place.zip,
    office: 'Main Office',
    taxable: rng.bool(0.8),
    taxGroupName: rng.bool(0.6) ? 'Georgia Sales Tax' : null,
    taxGroupCode: rng.bool(0.6) ? 'GA-7' : null,
    ...overrides,
  };
}

export function buildUser(rng: Random, overrides: Partial<UserInsert> = {}): UserInsert {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const handle = `${first[0]}${last}${rng.digits(3)}`.toLowerCase();
  return {
    id: rng.uuid(),
    username: handle,
    email: `${handle}@example.com`,
    firstName: first,
    lastName: last,
    phone: phoneNumber(rng),
    role: 'user',
    status: 'active',
    passwordHash: null,
    ...overrides,
  };
}

export function buildTechnician(
  rng: Random,
  userId: string,
  overrides: Partial<TechnicianInsert> = {},
): TechnicianInsert {
  return {
    id: userId,
    employeeId: `EMP-${rng.digits(5)}`,
    hireDate: `${rng.int(2012, 2024)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    jobTitle: rng.pick(['HVAC Technician', 'Senior HVAC Technician', 'Service Technician', 'Refrigeration Technician']),
    hourlyRate: centsToDecimal(rng.int(2800, 4800) * 1),
    emergencyContactName: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    emergencyContactPhone: phoneNumber(rng),
    office: 'Main Office',
    ...overrides,
  };
}

export function buildSkills(rng: Random, technicianId: string, count: number) {
  const names = [...SKILLS].sort(() => rng.next() - 0.5).slice(0, count);
  return names.map((skillName) => ({
    id: rng.uuid(),
    technicianId,
    skillName,
    proficiencyLevel: rng.pick(['beginner', 'intermediate', 'advanced', 'expert'] as const),
    yearsExperience: rng.int(1, 20),
  }));
}

export function buildCertification(rng: Random, technicianId: string) {
  const cert = rng.pick(CERTIFICATIONS);
  const year = rng.int(2015, 2024);
  return {
    id: rng.uuid(),
    technicianId,
    certificationName: cert.name,
    issuingOrganization: cert.org,
    certificationNumber: rng.digits(8),
    issueDate: `${year}-03-01`,
    expiryDate: `${year + 4}-03-01`,
    status: year + 4 < 2026 ? 'expired' : 'active',
  };
}

/** Monday to Friday 07:00-16:00 (the technicians of the demo work a normal week). */
export function buildWeekAvailability(rng: Random, technicianId: string) {
  return [1, 2, 3, 4, 5].map((dayOfWeek) => ({
    id: rng.uuid(),
    technicianId,
    dayOfWeek,
    startTime: '07:00',
    endTime: '16:00',
    isAvailable: true,
  }));
}

export function buildJob(
  rng: Random,
  refs: { locationId: string; unitId?: string | null },
  overrides: Partial<JobInsert> = {},
): JobInsert {
  const start = overrides.timePeriodStart ?? '2026-01-05';
  return {
    id: rng.uuid(),
    name: 'Quarterly PM',
    type: 'PM',
    status: 'unscheduled',
    locationId: refs.locationId,
    unitId: refs.unitId ?? null,
    contactName: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    contactPhone: phoneNumber(rng),
    contactEmail: `facilities${rng.digits(2)}@example.com`,
    contactType: 'primary',
    serviceLine: 'HVACGEN',
    description: 'Scheduled maintenance of the rooftop equipment.',
    timePeriodStart: start,
    timePeriodDue: start,
    scheduleDuration: 60,
    office: 'Main Office',
    serviceContract: 'Standard',
    ...overrides,
  };
}

export function buildJobItem(rng: Random, jobId: string, overrides: Partial<JobItemInsert> = {}): JobItemInsert {
  const quantity = overrides.quantity ?? 1;
  const unitCost = overrides.unitCost ?? '125.00';
  return {
    id: rng.uuid(),
    jobId,
    code: 'MISC',
    name: 'Miscellaneous materials',
    serviceLine: 'HVACGEN',
    quantity,
    unitCost,
    totalCost: centsToDecimal(Math.round(Number(unitCost) * 100) * quantity),
    type: 'item',
    ...overrides,
  };
}

export function buildInspection(
  rng: Random,
  jobId: string,
  overrides: Partial<InspectionInsert> = {},
): InspectionInsert {
  return {
    id: rng.uuid(),
    jobId,
    modelNumber: `${rng.pick(['48TC', '50TC', 'ZJ', 'YSC', 'RKNL', 'GAS'])}${rng.digits(3)}${rng.pick(['A', 'B', 'D'])}`,
    serialNumber: `${rng.digits(4)}${rng.pick(['G', 'E', 'X'])}${rng.digits(5)}`,
    age: rng.int(2, 25),
    tonnage: rng.pick(['3', '4', '5', '7.5', '10', '12.5', '15', '20']),
    unitType: rng.pick(['Gas', 'Electric'] as const),
    systemType: rng.pick(['RTU', 'Split System'] as const),
    completed: false,
    ...overrides,
  };
}

export interface RepairLineSeed {
  name: string;
  /** dollars, numeric(12,2) text */
  cost: string;
}

export interface RepairOverrides extends Partial<RepairInsert> {
  accessories?: RepairLineSeed[];
  additionalItems?: RepairLineSeed[];
}

/**
 * A repair record with three option tiers, its accessory and additional-item rows, and its total
 * computed by the domain rule from the final values (overrides included), unless `totalCost` is
 * given.
 */
export function buildRepair(
  rng: Random,
  refs: { jobId: string; inspectionId: string },
  overrides: RepairOverrides = {},
): { repair: RepairInsert; lines: RepairLineInsert[] } {
  const { accessories: accessoriesOverride, additionalItems: additionalOverride, ...rest } = overrides;
  // The draws keep the order they always had, so the demo data stays the same.
  const phase1 = rng.int(8, 30) * 10000;
  const phase2 = rng.int(30, 60) * 10000;
  const phase3 = rng.int(60, 120) * 10000;
  const labor = rng.int(4, 16) * 10000;
  const recovery = rng.bool(0.5) ? 35000 : 0;
  const thermostat = rng.bool(0.3) ? 15000 : 0;
  const removal = rng.int(2, 8) * 10000;
  const drawnAccessories = rng.bool(0.5) ? [{ name: 'Curb adapter', cost: '850.00' }] : [];
  const drawnAdditional = rng.bool(0.3) ? [{ name: 'Crane rental', cost: '1800.00' }] : [];
  const accessories = accessoriesOverride ?? drawnAccessories;
  const additional = additionalOverride ?? drawnAdditional;
  const repair: RepairInsert = {
    id: rng.uuid(),
    jobId: refs.jobId,
    inspectionId: refs.inspectionId,
    needsCrane: additional.length > 0,
    phase1Description: 'Economy Option',
    phase1Cost: centsToDecimal(phase1),
    phase2Description: 'Standard Option',
    phase2Cost: centsToDecimal(phase2),
    phase3Description: 'Premium Option',
    phase3Cost: centsToDecimal(phase3),
    labor: centsToDecimal(labor),
    refrigerationRecovery: centsToDecimal(recovery),
    startUpCosts: centsToDecimal(25000),
    thermostatStartup: centsToDecimal(thermostat),
    removalCost: centsToDecimal(removal),
    permitCost: centsToDecimal(20000),
    warranty: '1 year parts and labor',
    selectedPhase: 'phase2',
    ...rest,
  };
  const cents = (value: string | undefined) => toCents(value ?? '0');
  const selectedPhase = repair.selectedPhase as RepairPhase;
  repair.totalCost ??= centsToDecimal(
    repairTotalCents({
      selectedPhase,
      phaseCents: {
        phase1: cents(repair.phase1Cost),
        phase2: cents(repair.phase2Cost),
        phase3: cents(repair.phase3Cost),
      },
      laborCents: cents(repair.labor),
      refrigerationRecoveryCents: cents(repair.refrigerationRecovery),
      startUpCents: cents(repair.startUpCosts),
      thermostatStartupCents: cents(repair.thermostatStartup),
      removalCents: cents(repair.removalCost),
      permitCents: cents(repair.permitCost),
      accessoriesCents: accessories.map((a) => cents(a.cost)),
      additionalItemsCents: additional.map((a) => cents(a.cost)),
    }),
  );
  const lines: RepairLineInsert[] = [
    ...accessories.map((a, position) => ({
      repairId: repair.id!,
      kind: 'accessory',
      position,
      name: a.name,
      cost: a.cost,
    })),
    ...additional.map((a, position) => ({
      repairId: repair.id!,
      kind: 'additional',
      position,
      name: a.name,
      cost: a.cost,
    })),
  ];
  return { repair, lines };
}

export function buildQuote(
  rng: Random,
  refs: { jobId: string; jobNumber: number },
  overrides: Partial<QuoteInsert> = {},
): QuoteInsert {
  const createdAt = overrides.createdAt ?? new Date('2026-01-10T15:00:00Z');
  return {
    id: rng.uuid(),
    jobId: refs.jobId,
    quoteNumber: `QT-${refs.jobNumber}-${rng.digits(4)}`,
    quoteType: 'repair',
    amount: '0.00',
    token: Array.from({ length: 40 }, () =>
      rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789']),
    ).join(''),
    expiresAt: new Date(createdAt.getTime() + 30 * 24 * 60 * 60 * 1000),
    status: 'sent',
    email: 'facilities@example.com',
    sentAt: createdAt,
    createdAt,
    ...overrides,
  };
}

export function buildInvoice(
  rng: Random,
  refs: { jobId: string; jobNumber: number },
  overrides: Partial<InvoiceInsert> = {},
): InvoiceInsert {
  return {
    id: rng.uuid(),
    jobId: refs.jobId,
    invoiceNumber: `JOB-${refs.jobNumber}-INV-${rng.digits(4)}`,
    invoiceType: 'standard',
    amount: '250.00',
    status: 'draft',
    ...overrides,
    // before tax and discounts (issue 27): the subtotal is the amount unless given
    subtotal: overrides.subtotal ?? overrides.amount ?? '250.00',
    // a void invoice always carries its reason (job_invoices_void_has_reason)
    ...(overrides.status === 'void' && !overrides.voidReason ? { voidReason: 'Voided by the office' } : {}),
  };
}

/** A part price with its flat rates computed by the domain formula; `costing` fixes the inputs. */
export function buildPartPrice(
  rng: Random,
  overrides: Partial<PartPriceInsert> & { code: string; name: string },
  costing: { partsCostCents?: number; estimatedHours?: number } = {},
): PartPriceInsert {
  const partsCostCents = costing.partsCostCents ?? rng.int(15, 900) * 100;
  const estimatedHours = costing.estimatedHours ?? rng.pick([0.5, 1, 1.5, 2, 3, 4]);
  const complexity = rng.pick([1, 1, 1, 1.25, 1.5]);
  const multiTechnician = costing.estimatedHours !== undefined ? estimatedHours >= 5 : rng.bool(0.15);
  const includeRoofAccess = rng.bool(0.4);
  const price = computePartPrice({
    partsCostCents,
    estimatedHours,
    complexityMultiplier: complexity,
    laborRateCents: PRICING_DEFAULTS.laborRateCents,
    multiTechnician,
    truckFeeCents: PRICING_DEFAULTS.truckFeeCents,
    includeRoofAccess,
    roofAccessFeeCents: PRICING_DEFAULTS.roofAccessFeeCents,
  });
  return {
    id: rng.uuid(),
    description: null,
    serviceLine: 'HVACGEN',
    partsCost: centsToDecimal(partsCostCents),
    estimatedHours: String(estimatedHours),
    complexityMultiplier: String(complexity),
    laborRate: centsToDecimal(PRICING_DEFAULTS.laborRateCents),
    multiTechnician,
    adjustedLaborCost: centsToDecimal(price.adjustedLaborRateCents),
    truckFee: centsToDecimal(PRICING_DEFAULTS.truckFeeCents),
    includeRoofAccess,
    roofAccessFee: centsToDecimal(PRICING_DEFAULTS.roofAccessFeeCents),
    totalBaseCost: centsToDecimal(price.totalBaseCents),
    flatRateNonContract: centsToDecimal(price.flatRateNonContractCents),
    flatRatePmContract: centsToDecimal(price.flatRatePmContractCents),
    unitCost: centsToDecimal(price.unitCostCents),
    ...overrides,
  };
}

export function buildLaborPrice(
  rng: Random,
  overrides: Partial<LaborPriceInsert> & { code: string; name: string },
): LaborPriceInsert {
  return {
    id: rng.uuid(),
    description: null,
    serviceLine: 'HVACGEN',
    unitCost: centsToDecimal(rng.int(85, 240) * 100),
    skillLevel: 'standard',
    isOvertime: false,
    isEmergency: false,
    durationHours: '1',
    ...overrides,
  };
}

export function buildItemPrice(
  rng: Random,
  overrides: Partial<ItemPriceInsert> & { code: string; name: string },
): ItemPriceInsert {
  return {
    id: rng.uuid(),
    description: null,
    serviceLine: 'HVACGEN',
    unitCost: centsToDecimal(rng.int(5, 400) * 100),
    category: 'General',
    isTaxable: true,
    ...overrides,
  };
}
