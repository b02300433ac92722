/**
 * Factories that insert through the real schema. Each creates the parents it needs when they are
 * not given, so a test states only what matters to it:
 *
 *   const f = createFactories(db);
 *   const job = await f.job({ status: 'completed' });   // company, location, unit created too
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { hashPassword } from '../../src/server/modules/auth/index.js';
import {
  buildCompany,
  buildInspection,
  buildInvoice,
  buildItemPrice,
  buildJob,
  buildJobItem,
  buildLaborPrice,
  buildLocation,
  buildPartPrice,
  buildQuote,
  buildRepair,
  buildTechnician,
  buildUnit,
  buildUser,
  type CompanyInsert,
  type InspectionInsert,
  type InvoiceInsert,
  type ItemPriceInsert,
  type JobInsert,
  type JobItemInsert,
  type LaborPriceInsert,
  type LocationInsert,
  type PartPriceInsert,
  type QuoteInsert,
  type RepairOverrides,
  type TechnicianInsert,
  type UnitInsert,
  type UserInsert,
} from '../../src/server/db/seed/builders/builders.js';
import { createRandom, type Random } from '../../src/server/db/seed/builders/random.js';

export * from '../../src/server/db/seed/builders/builders.js';
export { createRandom, type Random } from '../../src/server/db/seed/builders/random.js';

export function createFactories(db: Executor, seed = 20261122) {
  const rng: Random = createRandom(seed);
  let companyCount = 0;

  const f = {
    rng,

    /** Names get a number so two factory companies never clash with the unique-name rule. */
    async company(overrides: Partial<CompanyInsert> = {}) {
      const values = buildCompany(rng, overrides);
      if (!overrides.name) values.name = `${values.name} ${++companyCount}`;
      const [row] = await db.insert(schema.companies).values(values).returning();
      return row!;
    },

    async location(overrides: Partial<LocationInsert> = {}) {
      const companyId = overrides.companyId ?? (await f.company()).id;
      const [row] = await db
        .insert(schema.locations)
        .values(buildLocation(rng, companyId, overrides))
        .returning();
      return row!;
    },

    async unit(overrides: Partial<UnitInsert> = {}) {
      const locationId = overrides.locationId ?? (await f.location()).id;
      const [row] = await db
        .insert(schema.units)
        // A test's unit pays no sales tax unless the test names its tax group (the demo's units
        // do: GA-7), so a test's invoice totals are its lines' unless it is about tax.
        .values(buildUnit(rng, locationId, { taxGroupCode: null, ...overrides }))
        .returning();
      return row!;
    },

    /**
     * `count` units at one location in a single INSERT ... SELECT (thousands in well under a second),
     * numbered `${prefix}-1` to `${prefix}-${count}`: enough rows to pass a list's counting cap.
     */
    async bulkUnits(locationId: string, count: number, prefix: string) {
      await db.execute(
        sql`insert into ${schema.units} (${sql.identifier(schema.units.locationId.name)}, ${sql.identifier(schema.units.unitNumber.name)})
            select ${locationId}::uuid, ${prefix} || '-' || g from generate_series(1, ${count}) g`,
      );
    },

    /** A user; `password` is hashed with argon2id so the user can sign in. */
    async user(overrides: Partial<UserInsert> & { password?: string } = {}) {
      const { password, ...rest } = overrides;
      const values = buildUser(rng, rest);
      if (password) values.passwordHash = await hashPassword(password);
      const [row] = await db.insert(schema.users).values(values).returning();
      return row!;
    },

    /** A user of role technician with its technician record. */
    async technician(
      overrides: { user?: Partial<UserInsert> & { password?: string }; technician?: Partial<TechnicianInsert> } = {},
    ) {
      const user = await f.user({ role: 'technician', ...overrides.user });
      const [technician] = await db
        .insert(schema.technicians)
        .values(buildTechnician(rng, user.id, overrides.technician))
        .returning();
      return { user, technician: technician! };
    },

    async job(overrides: Partial<JobInsert> & { technicianIds?: string[] } = {}) {
      const { technicianIds = [], ...rest } = overrides;
      let locationId = rest.locationId;
      let unitId = rest.unitId;
      if (!locationId) {
        const unit = await f.unit();
        locationId = unit.locationId;
        unitId = unitId === undefined ? unit.id : unitId;
      }
      const [job] = await db
        .insert(schema.jobs)
        .values(buildJob(rng, { locationId, unitId: unitId ?? null }, rest))
        .returning();
      for (const [index, technicianId] of technicianIds.entries()) {
        await db.insert(schema.jobTechnicians).values({ jobId: job!.id, technicianId, isPrimary: index === 0 });
      }
      return job!;
    },

    async jobItem(jobId: string, overrides: Partial<JobItemInsert> = {}) {
      const [row] = await db
        .insert(schema.jobItems)
        .values(buildJobItem(rng, jobId, overrides))
        .returning();
      return row!;
    },

    async inspection(jobId: string, overrides: Partial<InspectionInsert> = {}) {
      const [row] = await db
        .insert(schema.jobInspections)
        .values(buildInspection(rng, jobId, overrides))
        .returning();
      return row!;
    },

    /** A repair record and its accessory and additional-item rows (`accessories`, `additionalItems`). */
    async repair(refs: { jobId: string; inspectionId: string }, overrides: RepairOverrides = {}) {
      const { repair, lines } = buildRepair(rng, refs, overrides);
      const [row] = await db.insert(schema.jobRepairs).values(repair).returning();
      const inserted = lines.length ? await db.insert(schema.jobRepairLines).values(lines).returning() : [];
      return { ...row!, lines: inserted };
    },

    /** A sent quote; like a real send, it supersedes the job's quote still awaiting the customer. */
    async quote(job: { id: string; number: number }, overrides: Partial<QuoteInsert> = {}) {
      if ((overrides.status ?? 'sent') === 'sent') {
        await db
          .update(schema.jobQuotes)
          .set({ status: 'superseded' })
          .where(and(eq(schema.jobQuotes.jobId, job.id), eq(schema.jobQuotes.status, 'sent')));
      }
      const [row] = await db
        .insert(schema.jobQuotes)
        .values(buildQuote(rng, { jobId: job.id, jobNumber: job.number }, overrides))
        .returning();
      return row!;
    },

    async invoice(job: { id: string; number: number }, overrides: Partial<InvoiceInsert> = {}) {
      const [row] = await db
        .insert(schema.jobInvoices)
        .values(buildInvoice(rng, { jobId: job.id, jobNumber: job.number }, overrides))
        .returning();
      return row!;
    },

    async partPrice(overrides: Partial<PartPriceInsert> & { code: string; name: string }) {
      const [row] = await db.insert(schema.jobPartPrices).values(buildPartPrice(rng, overrides)).returning();
      return row!;
    },

    async laborPrice(overrides: Partial<LaborPriceInsert> & { code: string; name: string }) {
      const [row] = await db.insert(schema.jobLaborPrices).values(buildLaborPrice(rng, overrides)).returning();
      return row!;
    },

    async itemPrice(overrides: Partial<ItemPriceInsert> & { code: string; name: string }) {
      const [row] = await db.insert(schema.jobItemPrices).values(buildItemPrice(rng, overrides)).returning();
      return row!;
    },
  };
  return f;
}
export type Factories = ReturnType<typeof createFactories>;
