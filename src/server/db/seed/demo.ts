/**
 * The demo data set: deterministic (fixed random seed, dates relative to the day it runs), built
 * with the test factories' builders. Seeded into an empty database when DEMO is on.
 */
import { sql } from 'drizzle-orm';
import { DEMO_CREDENTIALS } from '../../../domain/auth.js';
import { addDays, dateInZone, zonedDateTimeToInstant } from '../../../domain/dates.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import type { CompanySettings } from '../../../domain/settings.js';
import {
  buildCertification,
  buildCompany,
  buildInspection,
  buildItemPrice,
  buildJob,
  buildLaborPrice,
  buildLocation,
  buildPartPrice,
  buildRepair,
  buildSkills,
  buildTechnician,
  buildUnit,
  buildUser,
  buildWeekAvailability,
  type JobInsert,
  type JobItemInsert,
} from './builders/builders.js';
import { JOB_NAME_TEMPLATES, PROBLEM_DESCRIPTIONS } from './builders/data.js';
import { createRandom, type Random } from './builders/random.js';
import { buildDemoAgreements } from './demo-agreements.js';
import { buildDemoContacts } from './demo-contacts.js';
import { buildRecentWork } from './demo-recent.js';
import { hashPassword } from '../../modules/auth/index.js';
import { billToColumns } from '../../modules/invoices/index.js';
import { billToFor } from '../../../domain/invoices/index.js';
import { TEMPLATE_QUOTE_TYPES, QUOTE_TYPE_LABELS } from '../../../domain/quote-templates.js';
import { buildSampleTemplatePdf } from '../../pdf/sample-template.js';
import { createFileStorage } from '../../storage/storage.js';
import type { Database, Executor } from '../client.js';
import * as schema from '../schema.js';

export const DEMO_SEED = 20_240_601;
const TIME_ZONE = 'America/New_York';

export const DEMO_COMPANY_SETTINGS: CompanySettings = {
  name: 'Summit Air Mechanical',
  physical_address: { street: '1450 Northside Dr NW', city: 'Atlanta', state: 'GA', zip: '30318' },
  mailing_address: { street: 'PO Box 93817', city: 'Atlanta', state: 'GA', zip: '30377' },
  phone: '(404) 555-0147',
  email: 'office@summitair.example.com',
  time_zone: TIME_ZONE,
};

/** name, code, typical parts cost in dollars, estimated hours */
const PARTS: [string, string, number, number][] = [
  ['Run capacitor 45/5 MFD', 'CAP-455', 25, 0.5],
  ['Run capacitor 35/5 MFD', 'CAP-355', 22, 0.5],
  ['Start capacitor 88-108 MFD', 'CAP-START-88', 35, 0.5],
  ['Contactor 2-pole 40A', 'CONT-2P40', 30, 0.5],
  ['Contactor 3-pole 40A', 'CONT-3P40', 55, 0.5],
  ['Condenser fan motor 1/4 HP', 'MTR-CFM-025', 140, 1],
  ['Condenser fan motor 1/2 HP', 'MTR-CFM-050', 210, 1.5],
  ['Blower motor 3/4 HP', 'MTR-BLW-075', 320, 2],
  ['Blower motor 1 HP', 'MTR-BLW-100', 420, 2],
  ['ECM blower motor module', 'MTR-ECM-MOD', 450, 1],
  ['Inducer motor assembly', 'MTR-IND', 280, 1.5],
  ['Compressor 3 ton scroll', 'COMP-3T', 1100, 5],
  ['Compressor 5 ton scroll', 'COMP-5T', 1500, 6],
  ['Compressor 7.5 ton scroll', 'COMP-75T', 2400, 8],
  ['Compressor 10 ton scroll', 'COMP-10T', 3200, 9],
  ['TXV valve 3-5 ton', 'TXV-35', 160, 3],
  ['Filter drier 3/8 in', 'DRIER-38', 18, 1],
  ['Filter drier 5/8 in', 'DRIER-58', 28, 1],
  ['Hot surface igniter', 'IGN-HSI', 30, 0.5],
  ['Flame sensor', 'FLAME-SNS', 18, 0.5],
  ['Gas valve 24V', 'GASV-24', 150, 1],
  ['Pressure switch', 'PSW-STD', 45, 0.5],
  ['High pressure switch', 'PSW-HIGH', 40, 0.5],
  ['Low pressure switch', 'PSW-LOW', 40, 0.5],
  ['Limit switch', 'LIMIT-SW', 30, 0.5],
  ['Control board universal', 'BRD-UNIV', 190, 1],
  ['Defrost control board', 'BRD-DEFROST', 170, 1],
  ['Time delay relay', 'RELAY-TD', 35, 0.5],
  ['Fan relay', 'RELAY-FAN', 25, 0.5],
  ['Transformer 40VA', 'XFMR-40', 28, 0.5],
  ['Transformer 75VA', 'XFMR-75', 45, 0.5],
  ['Economizer actuator', 'ECON-ACT', 260, 1.5],
  ['Economizer controller', 'ECON-CTRL', 320, 1.5],
  ['Enthalpy sensor', 'SNS-ENTH', 90, 0.5],
  ['Supply air sensor', 'SNS-SAT', 45, 0.5],
  ['Smoke detector duct', 'SMOKE-DUCT', 240, 1.5],
  ['Condensate pump', 'PUMP-COND', 95, 1],
  ['Float switch', 'FLOAT-SW', 25, 0.5],
  ['Drain pan RTU', 'PAN-RTU', 180, 2],
  ['V-belt A48', 'BELT-A48', 14, 0.5],
  ['V-belt B52', 'BELT-B52', 18, 0.5],
  ['Adjustable sheave', 'SHEAVE-ADJ', 75, 1],
  ['Blower bearing', 'BRG-BLW', 60, 1.5],
  ['Blower wheel 10x10', 'WHEEL-1010', 210, 2.5],
  ['Condenser fan blade 24 in', 'BLADE-24', 65, 1],
  ['Evaporator coil 5 ton', 'COIL-EVAP-5', 950, 5],
  ['Condenser coil 5 ton', 'COIL-COND-5', 1200, 5],
  ['Heat exchanger', 'HX-STD', 1400, 6],
  ['Reversing valve', 'REV-VALVE', 220, 4],
  ['Crankcase heater', 'CCH-STD', 60, 0.5],
  ['Hard start kit', 'HSK-STD', 45, 0.5],
  ['Surge protector', 'SURGE-PROT', 120, 0.5],
  ['Disconnect 60A fused', 'DISC-60F', 85, 1],
  ['Fuse 30A pair', 'FUSE-30', 12, 0.5],
  ['Thermostat programmable', 'TSTAT-PROG', 95, 1],
  ['Thermostat smart Wi-Fi', 'TSTAT-WIFI', 230, 1],
  ['Remote temperature sensor', 'SNS-REMOTE', 55, 0.5],
  ['Refrigerant R-410A per lb', 'REF-410A', 35, 0.5],
  ['Refrigerant R-454B per lb', 'REF-454B', 55, 0.5],
  ['Refrigerant R-22 per lb', 'REF-22', 120, 0.5],
  ['Line set insulation', 'INSUL-LINE', 20, 0.5],
  ['Service valve cap kit', 'CAP-KIT', 15, 0.5],
  ['Schrader core kit', 'SCHRADER-KIT', 12, 0.5],
  ['UV light kit', 'UV-KIT', 280, 1.5],
  ['Humidifier pad', 'HUM-PAD', 20, 0.5],
  ['Damper motor', 'DAMPER-MTR', 140, 1],
  ['Zone damper 10 in', 'DAMPER-10', 110, 1.5],
  ['Gas pressure regulator', 'GAS-REG', 70, 1],
  ['Vent motor', 'VENT-MTR', 190, 1.5],
  ['Roof curb adapter', 'CURB-ADPT', 850, 4],
  ['Hail guard set', 'HAIL-GUARD', 380, 2],
  ['Coil cleaner chemical', 'CHEM-COIL', 25, 0.5],
  ['Pleated filter 20x25x2 (case)', 'FLT-20252', 60, 0.5],
  ['Pleated filter 16x25x2 (case)', 'FLT-16252', 55, 0.5],
  ['Pleated filter 24x24x2 (case)', 'FLT-24242', 65, 0.5],
  ['Condensate tablets', 'COND-TAB', 15, 0.5],
  ['Ignition control module', 'IGN-MOD', 160, 1],
  ['Rollout switch', 'ROLLOUT-SW', 22, 0.5],
];
const LABOR: [string, string, 'helper' | 'standard' | 'senior' | 'master', number][] = [
  ['Diagnostic - standard hours', 'LAB-DIAG', 'standard', 1],
  ['Diagnostic - after hours', 'LAB-DIAG-AH', 'senior', 1],
  ['Preventative maintenance RTU up to 10 ton', 'LAB-PM-RTU10', 'standard', 1.5],
  ['Preventative maintenance RTU over 10 ton', 'LAB-PM-RTU20', 'standard', 2.5],
  ['Preventative maintenance split system', 'LAB-PM-SPLIT', 'standard', 1],
  ['Coil cleaning', 'LAB-COIL', 'helper', 1.5],
  ['Refrigerant leak search', 'LAB-LEAK', 'senior', 2],
  ['Brazing and pressure test', 'LAB-BRAZE', 'senior', 2],
  ['Compressor change-out', 'LAB-COMP', 'master', 6],
  ['Motor replacement', 'LAB-MOTOR', 'standard', 1.5],
  ['Controls troubleshooting', 'LAB-CTRL', 'senior', 2],
  ['Economizer service', 'LAB-ECON', 'standard', 1.5],
  ['Startup and commissioning', 'LAB-STARTUP', 'senior', 3],
  ['Crane lift coordination', 'LAB-CRANE', 'master', 4],
  ['Helper hourly', 'LAB-HELPER', 'helper', 1],
  ['Technician hourly', 'LAB-TECH', 'standard', 1],
  ['Senior technician hourly', 'LAB-SENIOR', 'senior', 1],
  ['Master technician hourly', 'LAB-MASTER', 'master', 1],
  ['Overtime hourly', 'LAB-OT', 'standard', 1],
  ['Emergency call-out', 'LAB-EMERG', 'senior', 2],
  ['Thermostat install', 'LAB-TSTAT', 'standard', 1],
  ['Belt and filter change', 'LAB-BELT', 'helper', 0.5],
  ['Gas heat inspection', 'LAB-GASINSP', 'standard', 1],
  ['Condensate line clearing', 'LAB-COND', 'helper', 0.5],
  ['Duct repair', 'LAB-DUCT', 'standard', 2],
  ['Refrigerant recovery', 'LAB-RECOVER', 'senior', 1.5],
  ['Walk-in cooler service', 'LAB-WALKIN', 'senior', 2],
  ['Chiller inspection', 'LAB-CHILLER', 'master', 3],
  ['BAS programming', 'LAB-BAS', 'master', 2],
  ['Training ride-along', 'LAB-TRAIN', 'helper', 4],
];
const ITEMS: [string, string, string][] = [
  ['Trip charge', 'ITM-TRIP', 'Fees'],
  ['Fuel surcharge', 'ITM-FUEL', 'Fees'],
  ['Disposal fee', 'ITM-DISPOSAL', 'Fees'],
  ['Permit fee', 'ITM-PERMIT', 'Fees'],
  ['Crane rental (half day)', 'ITM-CRANE', 'Equipment Rental'],
  ['Lift rental (day)', 'ITM-LIFT', 'Equipment Rental'],
  ['Shop supplies', 'ITM-SUPPLIES', 'General'],
  ['Misc. hardware', 'ITM-HARDWARE', 'General'],
  ['Duct tape and mastic', 'ITM-MASTIC', 'General'],
  ['Filter service contract visit', 'ITM-FLT-VISIT', 'Service Agreements'],
  ['Quarterly PM agreement', 'ITM-PM-QTR', 'Service Agreements'],
  ['Annual PM agreement', 'ITM-PM-ANNUAL', 'Service Agreements'],
  ['Refrigerant disposal', 'ITM-REF-DISP', 'Fees'],
  ['After-hours premium', 'ITM-AFTERHRS', 'Fees'],
  ['Parking fee', 'ITM-PARKING', 'Fees'],
  ['Roof access ladder rental', 'ITM-LADDER', 'Equipment Rental'],
  ['Nitrogen tank', 'ITM-N2', 'Materials'],
  ['Brazing rods', 'ITM-BRAZE', 'Materials'],
  ['Copper fittings kit', 'ITM-FITTINGS', 'Materials'],
  ['Wire and connectors', 'ITM-WIRE', 'Materials'],
  ['Condensate line PVC', 'ITM-PVC', 'Materials'],
  ['Pipe insulation', 'ITM-INSUL', 'Materials'],
  ['Sheet metal patch', 'ITM-SHEETMETAL', 'Materials'],
  ['Sealant', 'ITM-SEALANT', 'Materials'],
  ['Test and balance report', 'ITM-TAB', 'Reports'],
  ['Equipment photo report', 'ITM-PHOTO', 'Reports'],
  ['Refrigerant log', 'ITM-REFLOG', 'Reports'],
  ['Warranty registration', 'ITM-WARRANTY', 'General'],
  ['Extended warranty 1 year', 'ITM-EXTWARR', 'Service Agreements'],
  ['Filter upgrade MERV 13', 'ITM-MERV13', 'Materials'],
  ['Air quality test', 'ITM-IAQ', 'Reports'],
  ['Thermostat guard', 'ITM-TGUARD', 'Materials'],
  ['Condenser hail guard install', 'ITM-HAIL', 'General'],
  ['Drain line treatment', 'ITM-DRAINTX', 'Materials'],
  ['Pad and isolation feet', 'ITM-PAD', 'Materials'],
  ['Startup report', 'ITM-STARTUP', 'Reports'],
  ['Safety inspection', 'ITM-SAFETY', 'Reports'],
  ['Training session', 'ITM-TRAINING', 'General'],
  ['Rental heater (day)', 'ITM-HEATER', 'Equipment Rental'],
  ['Inspection Fee', 'INSP-FEE', 'Fees'],
];

/**
 * Each technician's certification, valid on the seeding day: most for a year or more, two
 * expiring within the month (technician `index` of the six).
 */
function currentCertification(today: string, index: number) {
  const daysLeft = [610, 420, 24, 880, 11, 300][index % 6]!;
  const expiryDate = addDays(today, daysLeft);
  return { issueDate: addDays(expiryDate, -3 * 365), expiryDate, status: 'active' };
}

/** Declined quotes' reasons and comments in the demo (issue 28: Service Opportunities). */
const DEMO_DECLINES = [
  { declineReason: 'too_expensive', declineComment: "Over this year's maintenance budget" },
  { declineReason: 'not_now', declineComment: 'Revisit after the summer season' },
  { declineReason: 'other_quotes', declineComment: null },
  { declineReason: 'other', declineComment: 'Building may be sold next year' },
] as const;

type Price = {
  code: string;
  name: string;
  unitCostCents: number;
  type: 'part' | 'labor' | 'item';
  serviceLine: string;
};

function pickItems(rng: Random, prices: Price[], jobId: string, count: number, createdAt: Date): JobItemInsert[] {
  const chosen = new Set<Price>();
  while (chosen.size < count) chosen.add(rng.pick(prices));
  return [...chosen].map((p, i) => {
    const quantity = p.type === 'labor' ? rng.int(1, 4) : p.type === 'part' ? rng.int(1, 2) : 1;
    return {
      id: rng.uuid(),
      jobId,
      code: p.code,
      name: p.name,
      serviceLine: p.serviceLine,
      quantity,
      unitCost: centsToDecimal(p.unitCostCents),
      totalCost: centsToDecimal(p.unitCostCents * quantity),
      type: p.type,
      createdAt: new Date(createdAt.getTime() + i * 60_000),
    };
  });
}

async function insertChunked<T extends Record<string, unknown>>(
  db: Executor,
  table: Parameters<Executor['insert']>[0],
  rows: T[],
  size = 200,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}

/** True when the database holds no companies and no users yet. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const result = (await db.execute(
    sql`select (select count(*) from companies) + (select count(*) from users) as n`,
  )) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(result.rows[0]?.n ?? 0) === 0;
}

export interface DemoSummary {
  companies: number;
  locations: number;
  units: number;
  jobs: number;
  invoices: number;
  quotes: number;
  prices: number;
  quoteTemplates: number;
}

/** Seeds the demo data in one transaction. `now` fixes "today" (tests pin it). */
/** The demo's company tags. */
const DEMO_TAGS = ['Key Account', 'Maintenance Agreement', 'Net 30', 'After-Hours Access', 'Healthcare'];

export async function seedDemo(db: Database, now: Date = new Date()): Promise<DemoSummary> {
  const rng = createRandom(DEMO_SEED);
  const today = dateInZone(now, TIME_ZONE);
  // Everything is placed relative to the start of today, so the data set is the same all day long.
  const anchor = zonedDateTimeToInstant(today, '00:00', TIME_ZONE);
  const passwordHash = await hashPassword(DEMO_CREDENTIALS.password);

  return db.transaction(async (tx) => {
    await tx
      .insert(schema.settings)
      .values({ key: 'company', value: DEMO_COMPANY_SETTINGS })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value: DEMO_COMPANY_SETTINGS } });
    // Sales tax groups (issue 27): the code the demo units carry (GA-7, "Georgia Sales Tax"), and
    // two more a Georgia contractor meets (Atlanta's and Fulton County's combined rates).
    await tx
      .insert(schema.taxGroups)
      .values([
        { code: 'GA-7', name: 'Georgia Sales Tax', rate: '7.000' },
        { code: 'GA-ATL', name: 'Atlanta (City) Sales Tax', rate: '8.900' },
        { code: 'GA-FUL', name: 'Fulton County Sales Tax', rate: '7.750' },
      ])
      .onConflictDoNothing();

    // People: the demo admin, a dispatcher (manager), an office user, six technicians.
    const staff = [
      buildUser(rng, {
        username: DEMO_CREDENTIALS.username,
        email: 'demo@summitair.example.com',
        firstName: 'Dana',
        lastName: 'Morgan',
        role: 'admin',
        passwordHash,
      }),
      buildUser(rng, {
        username: 'dispatch',
        email: 'dispatch@summitair.example.com',
        firstName: 'Rita',
        lastName: 'Alvarez',
        role: 'manager',
        passwordHash,
      }),
      buildUser(rng, {
        username: 'office',
        email: 'office@summitair.example.com',
        firstName: 'Owen',
        lastName: 'Price',
        role: 'user',
        passwordHash,
      }),
    ];
    const techNames: [string, string][] = [
      ['Marcus', 'Reed'],
      ['Tony', 'Nguyen'],
      ['Jasmine', 'Brooks'],
      ['Luis', 'Ortega'],
      ['Kevin', 'Walsh'],
      ['Brianna', 'Cole'],
    ];
    const techUsers = techNames.map(([firstName, lastName]) =>
      buildUser(rng, {
        username: `${firstName[0]}${lastName}`.toLowerCase(),
        email: `${firstName}.${lastName}@summitair.example.com`.toLowerCase(),
        firstName,
        lastName,
        role: 'technician',
        passwordHash,
      }),
    );
    await tx.insert(schema.users).values([...staff, ...techUsers]);
    const techIds = techUsers.map((u) => u.id!);
    await tx.insert(schema.technicians).values(techIds.map((id) => buildTechnician(rng, id)));
    await tx.insert(schema.technicianSkills).values(techIds.flatMap((id) => buildSkills(rng, id, rng.int(2, 4))));
    // The builder's draws are kept (the rest of the data follows them); the dates are the day's.
    await tx
      .insert(schema.technicianCertifications)
      .values(techIds.map((id, i) => ({ ...buildCertification(rng, id), ...currentCertification(today, i) })));
    await tx.insert(schema.technicianAvailability).values(techIds.flatMap((id) => buildWeekAvailability(rng, id)));
    await tx.insert(schema.technicianTerritories).values(
      techIds.map((id, i) => ({
        technicianId: id,
        territoryName: ['Atlanta Metro', 'North Fulton', 'Cobb County', 'Gwinnett', 'DeKalb', 'South Metro'][i]!,
        state: 'GA',
        zipCodes: ['30303', '30318', '30324', '30328', '30060', '30096'].slice(i % 3, (i % 3) + 3),
        isPrimary: true,
      })),
    );

    // Price book: about 150 parts, labor rates and other items.
    const parts = PARTS.map(([name, code, dollars, hours]) =>
      buildPartPrice(
        rng,
        {
          code,
          name,
          serviceLine:
            code.startsWith('TSTAT') || code.startsWith('SNS') ? 'CTRL' : code.startsWith('REF-') ? 'REFR' : 'HVACGEN',
        },
        { partsCostCents: dollars * 100, estimatedHours: hours },
      ),
    );
    const labor = LABOR.map(([name, code, skillLevel, hours]) =>
      buildLaborPrice(rng, {
        code,
        name,
        skillLevel,
        durationHours: String(hours),
        isOvertime: code === 'LAB-OT' || code.endsWith('-AH'),
        isEmergency: code === 'LAB-EMERG',
        unitCost: centsToDecimal(
          { helper: 6500, standard: 9500, senior: 12500, master: 15500 }[skillLevel] * Math.max(1, Math.round(hours)),
        ),
        serviceLine: code === 'LAB-TRAIN' ? 'TRNG' : 'HVACGEN',
      }),
    );
    const items = ITEMS.map(([name, code, category]) =>
      buildItemPrice(
        rng,
        code === 'INSP-FEE'
          ? { code, name, category, unitCost: '180.00', serviceLine: 'INSP' }
          : { code, name, category },
      ),
    );
    await insertChunked(tx, schema.jobPartPrices, parts);
    await insertChunked(tx, schema.jobLaborPrices, labor);
    await insertChunked(tx, schema.jobItemPrices, items);
    const prices: Price[] = [
      ...parts.map((p) => ({
        code: p.code,
        name: p.name,
        unitCostCents: toCents(p.unitCost),
        type: 'part' as const,
        serviceLine: p.serviceLine ?? 'HVACGEN',
      })),
      ...labor.map((p) => ({
        code: p.code,
        name: p.name,
        unitCostCents: toCents(p.unitCost),
        type: 'labor' as const,
        serviceLine: p.serviceLine ?? 'HVACGEN',
      })),
      ...items
        .filter((p) => p.code !== 'INSP-FEE')
        .map((p) => ({
          code: p.code,
          name: p.name,
          unitCostCents: toCents(p.unitCost),
          type: 'item' as const,
          serviceLine: p.serviceLine ?? 'HVACGEN',
        })),
    ];

    // Customers: 40 companies, 120 locations, 400 units, all with coordinates.
    const companyNames = new Set<string>();
    const companies = Array.from({ length: 40 }, (_, i) => {
      let company = buildCompany(rng, { createdAt: new Date(anchor.getTime() - (40 - i) * 9 * 86_400_000) });
      while (companyNames.has(company.name.toLowerCase())) company = { ...company, name: buildCompany(rng).name };
      companyNames.add(company.name.toLowerCase());
      return company;
    });
    const locations = companies.flatMap((c) =>
      Array.from({ length: 3 }, () => buildLocation(rng, c.id!, { createdAt: c.createdAt as Date })),
    );
    const units = locations.flatMap((l, i) =>
      Array.from({ length: i < 40 ? 4 : 3 }, (_, n) =>
        buildUnit(rng, l.id!, {
          createdAt: l.createdAt as Date,
          unitNumber: `${['RTU', 'AHU', 'CU', 'HP'][n % 4]}-${n + 1}`,
        }),
      ),
    );
    await insertChunked(tx, schema.companies, companies);
    await insertChunked(tx, schema.locations, locations);
    await insertChunked(tx, schema.units, units);

    // Jobs: 60 historical (2023 onwards) plus about 240 from 18 months ago to 2 months ahead.
    const jobs: JobInsert[] = [];
    const jobTechs: { jobId: string; technicianId: string; isPrimary: boolean }[] = [];
    const jobItems: JobItemInsert[] = [];
    const inspections: (typeof schema.jobInspections.$inferInsert)[] = [];
    const repairs: (typeof schema.jobRepairs.$inferInsert)[] = [];
    const repairLines: (typeof schema.jobRepairLines.$inferInsert)[] = [];
    const quotes: (typeof schema.jobQuotes.$inferInsert)[] = [];
    const invoices: (typeof schema.jobInvoices.$inferInsert)[] = [];
    // Each invoice carries its own lines: the fee line, its job's items, or one line for the amount.
    const invoiceLines: (typeof schema.jobInvoiceLines.$inferInsert)[] = [];
    const invoiceHistory: (typeof schema.jobInvoiceStatusChanges.$inferInsert)[] = [];
    let number = 1001;

    const horizonStart = addDays(today, -548);
    const historyStart = '2023-01-09';
    const historyDays = Math.max(1, (Date.parse(horizonStart) - Date.parse(historyStart)) / 86_400_000);
    const starts: string[] = [
      ...Array.from({ length: 60 }, (_, i) => addDays(historyStart, Math.floor((i / 60) * historyDays))),
      ...Array.from({ length: 234 }, (_, i) => addDays(horizonStart, Math.floor((i / 234) * (548 + 61)))),
      ...Array.from({ length: 6 }, () => today),
    ].sort();

    for (const start of starts) {
      const unit = rng.pick(units);
      const location = locations.find((l) => l.id === unit.locationId)!;
      // The invoices of this job are addressed as the product addresses them (decision 037).
      const company = companies.find((c) => c.id === location.companyId) ?? null;
      const billTo = billToColumns(
        billToFor(
          {
            billingEntity: unit.billingEntity ?? null,
            billingEmail: unit.billingEmail ?? null,
            billingCity: unit.billingCity ?? null,
            billingState: unit.billingState ?? null,
            billingZip: unit.billingZip ?? null,
          },
          company,
        ),
      );
      const daysFromToday = (Date.parse(start) - Date.parse(today)) / 86_400_000;
      const type = rng.weighted([
        ['PM', 45],
        ['SC', 30],
        ['INSP', 15],
        ['INST', 5],
        ['REP', 5],
      ] as const);
      let status: JobInsert['status'];
      if (daysFromToday === 0) status = 'scheduled';
      else if (daysFromToday < -7)
        status = rng.weighted([
          ['completed', 72],
          ['cancelled', 5],
          ['scheduled', 11],
          ['unscheduled', 12],
        ] as const);
      else if (daysFromToday <= 7)
        status = rng.weighted([
          ['scheduled', 65],
          ['unscheduled', 25],
          ['completed', daysFromToday < 0 ? 10 : 0],
        ] as const);
      else
        status = rng.weighted([
          ['scheduled', 55],
          ['unscheduled', 45],
        ] as const);
      if (Date.parse(start) < Date.parse(horizonStart)) status = 'completed';

      const due = addDays(start, type === 'PM' ? rng.int(7, 30) : rng.int(0, 7));
      const hour = String(rng.int(7, 15)).padStart(2, '0');
      const scheduled = status === 'scheduled' || status === 'completed' || (status === 'cancelled' && rng.bool());
      const scheduleStart = scheduled
        ? zonedDateTimeToInstant(start, `${hour}:${rng.pick(['00', '30'])}`, TIME_ZONE)
        : null;
      const createdAt = new Date(
        Math.min(
          anchor.getTime() - 3_600_000,
          zonedDateTimeToInstant(addDays(start, -rng.int(3, 30)), '10:00', TIME_ZONE).getTime(),
        ),
      );
      const id = rng.uuid();
      const jobNumber = number++;
      const name = rng.pick(JOB_NAME_TEMPLATES).replace('{unit}', unit.unitNumber);
      const completedAt =
        status === 'completed' && scheduleStart ? new Date(scheduleStart.getTime() + 3 * 3_600_000) : null;
      jobs.push(
        buildJob(
          rng,
          { locationId: location.id!, unitId: unit.id! },
          {
            id,
            number: jobNumber,
            name: type === 'INSP' ? `Equipment inspection - ${unit.unitNumber}` : name,
            type,
            status,
            serviceLine:
              type === 'INSP'
                ? 'INSP'
                : rng.weighted([
                    ['HVACGEN', 80],
                    ['REFR', 10],
                    ['CTRL', 10],
                  ] as const),
            description:
              type === 'PM'
                ? 'Planned maintenance: filters, belts, coils, electrical and refrigerant checks.'
                : 'Diagnose and repair the reported problem.',
            problemDescription: type === 'SC' ? rng.pick(PROBLEM_DESCRIPTIONS) || null : null,
            customerPo: rng.bool(0.4) ? `PO-${rng.digits(6)}` : null,
            isTraining: rng.bool(0.03),
            timePeriodStart: start,
            timePeriodDue: due,
            scheduleStart,
            scheduleDuration: rng.pick([60, 60, 90, 120, 180, 240]),
            office: rng.bool(0.85) ? 'Main Office' : 'Branch Office',
            serviceContract: rng.weighted([
              ['Standard', 50],
              ['Management', 15],
              ['Owner', 10],
              ['Non-Contract', 25],
            ] as const),
            contactEmail: unit.primaryContactEmail ?? 'facilities@example.com',
            completedAt,
            createdAt,
            updatedAt: completedAt ?? createdAt,
          },
        ),
      );
      if (status !== 'unscheduled' || rng.bool(0.3)) {
        const crew = rng.bool(0.25) ? 2 : 1;
        const chosen = [...techIds].sort(() => rng.next() - 0.5).slice(0, crew);
        chosen.forEach((technicianId, i) => jobTechs.push({ jobId: id, technicianId, isPrimary: i === 0 }));
      }
      if (status === 'completed' || (status === 'scheduled' && rng.bool(0.4))) {
        jobItems.push(...pickItems(rng, prices, id, rng.int(1, 4), createdAt));
      }

      // Inspections and repair records: inspection jobs and some service calls.
      const inspected = type === 'INSP' || (type === 'SC' && rng.bool(0.2));
      let quoteState: 'none' | 'open' | 'sent' | 'approved' | 'declined' = 'none';
      let repairTotal = 0;
      if (inspected) {
        const finished = status === 'completed' || daysFromToday < 0;
        const count = rng.bool(0.25) ? 2 : 1;
        for (let k = 0; k < count; k++) {
          const inspection = buildInspection(rng, id, { completed: finished, createdAt, updatedAt: createdAt });
          inspections.push(inspection);
          if (finished) {
            const { repair, lines } = buildRepair(
              rng,
              { jobId: id, inspectionId: inspection.id! },
              { createdAt, updatedAt: createdAt },
            );
            repairs.push(repair);
            repairLines.push(...lines);
            repairTotal += toCents(repair.totalCost);
          }
        }
        if (repairTotal > 0)
          quoteState = rng.weighted([
            ['open', 10],
            ['sent', 35],
            ['approved', 35],
            ['declined', 20],
          ] as const);
      }
      const job = jobs[jobs.length - 1]!;
      if (quoteState !== 'none' && quoteState !== 'open') {
        const sentAt = new Date(
          Math.min(anchor.getTime() - 7_200_000, (scheduleStart ?? createdAt).getTime() + 86_400_000),
        );
        const token = Array.from({ length: 40 }, () =>
          rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789']),
        ).join('');
        const decided = quoteState === 'approved' || quoteState === 'declined';
        const confirmedAt = decided
          ? new Date(Math.min(anchor.getTime() - 3_600_000, sentAt.getTime() + 2 * 86_400_000))
          : null;
        quotes.push({
          id: rng.uuid(),
          jobId: id,
          quoteNumber: `QT-${jobNumber}-${rng.digits(4)}`,
          quoteType: 'repair',
          amount: centsToDecimal(repairTotal),
          token,
          expiresAt: new Date(sentAt.getTime() + 30 * 86_400_000),
          status: decided ? (quoteState === 'approved' ? 'approved' : 'declined') : 'sent',
          email: job.contactEmail ?? 'facilities@example.com',
          sentAt,
          createdAt: sentAt,
          decidedAt: confirmedAt,
          // The customer's reason (Service Opportunities shows it), by job number: no random draw, so
          // the rest of the demo data stays as it was.
          ...(quoteState === 'declined' ? DEMO_DECLINES[jobNumber % DEMO_DECLINES.length]! : {}),
        });
        if (quoteState === 'declined' && confirmedAt) {
          // A customer who declines the repairs pays the inspection fee: an issued invoice and the fee line.
          const issued = dateInZone(confirmedAt, TIME_ZONE);
          jobItems.push({
            id: rng.uuid(),
            jobId: id,
            code: 'INSP-FEE',
            name: 'Inspection Fee',
            serviceLine: 'INSP',
            quantity: 1,
            unitCost: '180.00',
            totalCost: '180.00',
            type: 'item',
            createdAt: confirmedAt,
          });
          const paid = addDays(issued, rng.int(5, 40));
          const isPaid = paid <= today && rng.bool(0.6);
          invoices.push({
            id: rng.uuid(),
            jobId: id,
            invoiceNumber: `JOB-${jobNumber}-INV-${rng.digits(4)}`,
            invoiceType: 'inspection',
            amount: '180.00',
            status: isPaid ? 'paid' : 'issued',
            issuedDate: issued,
            dueDate: addDays(issued, 30),
            paidDate: isPaid ? paid : null,
            email: job.contactEmail ?? null,
            ...billTo,
            createdAt: confirmedAt,
          });
          const feeInvoiceId = invoices[invoices.length - 1]!.id!;
          invoiceLines.push({
            invoiceId: feeInvoiceId,
            position: 1,
            code: 'INSP-FEE',
            name: 'Inspection Fee',
            itemType: 'item',
            quantity: '1',
            unitPrice: '180.00',
            total: '180.00',
          });
          invoiceHistory.push({
            invoiceId: feeInvoiceId,
            fromStatus: null,
            toStatus: 'issued',
            changedAt: confirmedAt,
          });
        }
      }

      // Invoices for most completed jobs; the rest wait under "Jobs to Invoice".
      if (status === 'completed' && completedAt && quoteState !== 'declined' && rng.bool(0.82)) {
        const itemsCents = jobItems.filter((it) => it.jobId === id).reduce((sum, it) => sum + toCents(it.totalCost), 0);
        const amount = itemsCents > 0 ? itemsCents : rng.int(150, 900) * 100;
        const issuedRaw = dateInZone(new Date(completedAt.getTime() + rng.int(0, 3) * 86_400_000), TIME_ZONE);
        const issued = issuedRaw > today ? today : issuedRaw;
        const age = (Date.parse(today) - Date.parse(issued)) / 86_400_000;
        const statusOfInvoice =
          age > 60
            ? rng.weighted([
                ['paid', 92],
                ['void', 5],
                ['issued', 3],
              ] as const)
            : age > 20
              ? rng.weighted([
                  ['paid', 55],
                  ['issued', 40],
                  ['draft', 5],
                ] as const)
              : rng.weighted([
                  ['draft', 35],
                  ['issued', 45],
                  ['paid', 20],
                ] as const);
        const paidDate = addDays(issued, rng.int(3, Math.max(3, Math.min(45, Math.floor(age)))));
        const finalStatus = statusOfInvoice === 'paid' && paidDate > today ? 'issued' : statusOfInvoice;
        invoices.push({
          id: rng.uuid(),
          jobId: id,
          invoiceNumber: `JOB-${jobNumber}-INV-${rng.digits(4)}`,
          invoiceType: 'standard',
          amount: centsToDecimal(amount),
          status: finalStatus,
          issuedDate: finalStatus === 'draft' ? null : issued,
          dueDate: finalStatus === 'draft' ? null : addDays(issued, 30),
          paidDate: finalStatus === 'paid' ? paidDate : null,
          email: job.contactEmail ?? null,
          voidReason: finalStatus === 'void' ? 'Billed to the wrong customer' : null,
          voidedDate: finalStatus === 'void' ? addDays(issued, 10) : null,
          ...billTo,
          createdAt: new Date(completedAt.getTime() + 3_600_000),
        });
        const invoiceId = invoices[invoices.length - 1]!.id!;
        const billed = itemsCents > 0 ? jobItems.filter((it) => it.jobId === id && it.code !== 'INSP-FEE') : [];
        if (billed.length) {
          billed.forEach((it, i) =>
            invoiceLines.push({
              invoiceId,
              position: i + 1,
              code: it.code,
              name: it.name,
              itemType: it.type,
              quantity: String(it.quantity ?? 1),
              unitPrice: it.unitCost,
              total: it.totalCost,
              jobItemId: it.id ?? null,
            }),
          );
        } else {
          invoiceLines.push({
            invoiceId,
            position: 1,
            code: 'SERVICE',
            name: 'Service',
            itemType: null,
            quantity: '1',
            unitPrice: centsToDecimal(amount),
            total: centsToDecimal(amount),
          });
        }
        invoiceHistory.push({
          invoiceId,
          fromStatus: null,
          toStatus: 'draft',
          changedAt: new Date(completedAt.getTime() + 3_600_000),
        });
      }
    }

    // The last four weeks' quotes and repairs, from their own random stream (demo-recent.ts).
    const recent = buildRecentWork({
      today,
      anchor,
      timeZone: TIME_ZONE,
      units,
      locations,
      technicianIds: techIds,
      senderId: staff[2]!.id!,
      firstNumber: number,
    });
    number = recent.nextNumber;
    jobs.push(...recent.jobs);
    jobTechs.push(...recent.jobTechs);
    inspections.push(...recent.inspections);
    repairs.push(...recent.repairs);
    repairLines.push(...recent.repairLines);
    quotes.push(...recent.quotes);

    await insertChunked(tx, schema.jobs, jobs);
    await tx.execute(sql`select setval('job_number_seq', ${number - 1})`);
    await insertChunked(tx, schema.jobTechnicians, jobTechs);
    await insertChunked(tx, schema.jobItems, jobItems);
    await insertChunked(tx, schema.jobInspections, inspections);
    await insertChunked(tx, schema.jobRepairs, repairs);
    await insertChunked(tx, schema.jobRepairLines, repairLines);
    await insertChunked(tx, schema.jobQuotes, quotes);
    await insertChunked(tx, schema.jobInvoices, invoices);
    // A paid invoice was paid by one payment of its amount on its paid date (decision 036).
    await tx.execute(sql`insert into job_invoice_payments (invoice_id, payment_date, amount, method, reference, created_at)
      select id, paid_date, amount, (array['check','card','ach','cash','other'])[1 + abs(hashtext(id::text)) % 5],
             case when abs(hashtext(id::text)) % 5 = 0 then (1000 + abs(hashtext(invoice_number)) % 9000)::text end, updated_at
      from job_invoices where status = 'paid' and amount > 0`);
    await tx.execute(sql`update job_invoices set amount_paid = amount where status = 'paid' and amount > 0`);
    await insertChunked(tx, schema.jobInvoiceLines, invoiceLines);
    await insertChunked(tx, schema.jobInvoiceStatusChanges, invoiceHistory);
    // Contacts: a primary per location, billing contacts, a company-wide one each (demo-contacts.ts).
    await insertChunked(tx, schema.contacts, buildDemoContacts(companies, locations, anchor));
    // Company tags (issue 28): a few a contractor keeps on its customers, on about one company in
    // six each, chosen by name so every fresh demo has the same.
    await tx
      .insert(schema.tags)
      .values(DEMO_TAGS.map((name) => ({ name, createdAt: anchor })))
      .onConflictDoNothing();
    await tx.execute(sql`insert into company_tags (company_id, tag_id, created_at)
      select c.id, t.id, ${anchor.toISOString()}::timestamptz from companies c join tags t on t.name in ${DEMO_TAGS}
      where abs(hashtext(c.name || '/' || t.name)) % 6 = 0
      on conflict do nothing`);
    // Service agreements (issue 29): a few, none with a visit due on the seeding day (demo-agreements.ts).
    const demoAgreements = buildDemoAgreements(companies, locations, units, techIds, today, anchor);
    await insertChunked(tx, schema.agreements, demoAgreements.agreements);
    await insertChunked(tx, schema.agreementUnits, demoAgreements.units);

    // Quote templates: a default PDF of each type (cover, a page the quote replaces, terms),
    // made with pdf-lib and stored like an upload; cover and terms are preserved.
    const storage = createFileStorage();
    const address = DEMO_COMPANY_SETTINGS.physical_address;
    for (const type of TEMPLATE_QUOTE_TYPES) {
      const title = `${QUOTE_TYPE_LABELS[type]} Quote`;
      const bytes = await buildSampleTemplatePdf({
        companyName: DEMO_COMPANY_SETTINGS.name,
        title,
        phone: DEMO_COMPANY_SETTINGS.phone,
        address: `${address.street}, ${address.city}, ${address.state} ${address.zip}`,
        pages: 3,
        date: anchor,
      });
      const fileName = `${DEMO_COMPANY_SETTINGS.name.toLowerCase().replace(/\W+/g, '-')}-${type}-quote.pdf`;
      const file = await storage.put(tx, {
        purpose: 'quote-template',
        fileName,
        contentType: 'application/pdf',
        bytes,
        createdBy: staff[0]!.id!,
      });
      await tx.insert(schema.quoteTemplates).values({
        kind: 'pdf',
        name: `${DEMO_COMPANY_SETTINGS.name} ${title.toLowerCase()}`,
        templateType: type,
        isDefault: true,
        fileName,
        storageKey: file.key,
        fileSize: file.size,
        pageCount: 3,
        preservedPages: [1, 3],
        userId: staff[0]!.id!,
        createdAt: anchor,
        updatedAt: anchor,
      });
    }

    return {
      companies: companies.length,
      locations: locations.length,
      units: units.length,
      jobs: jobs.length,
      invoices: invoices.length,
      quotes: quotes.length,
      prices: parts.length + labor.length + items.length,
      quoteTemplates: TEMPLATE_QUOTE_TYPES.length,
    };
  });
}
