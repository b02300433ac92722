import { sql } from 'drizzle-orm';
import { centsToDecimal } from '../../src/domain/money.js';
import { repairTotalCents } from '../../src/domain/repairs.js';
import type { Database } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { buildSampleTemplatePdf } from '../../src/server/pdf/sample-template.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import type { BenchCase, BenchContext } from '../types.js';

const TEMPLATE_NAME = 'Bench 10-page repair template';
const JOB_NAME = 'Bench quote job: 3 inspections, 20 items';

/** The quote data of issue 12's target: 3 completed inspections with repairs and 20 items. */
export async function benchQuoteInspectionsAndItems(db: Database, jobId: string) {
  for (let i = 0; i < 3; i++) {
    const [inspection] = await db
      .insert(schema.jobInspections)
      .values({
        jobId,
        modelNumber: `48TC-${100 + i}`,
        serialNumber: `4821G${10000 + i}`,
        age: 8 + i,
        tonnage: '7.5',
        unitType: 'Gas',
        systemType: 'RTU',
        completed: true,
      })
      .returning({ id: schema.jobInspections.id });
    const phaseCents = { phase1: 45000 + i * 1000, phase2: 90000 + i * 1000, phase3: 180000 + i * 1000 };
    const costs = {
      laborCents: 40000,
      refrigerationRecoveryCents: 15000,
      startUpCents: 25000,
      thermostatStartupCents: 0,
      removalCents: 30000,
      permitCents: 20000,
      accessoriesCents: [85000],
      additionalItemsCents: [180000],
    };
    const [repair] = await db
      .insert(schema.jobRepairs)
      .values({
        jobId,
        inspectionId: inspection!.id,
        phase1Description: 'Replace capacitor and contactor',
        phase1Cost: centsToDecimal(phaseCents.phase1),
        phase2Description: 'Replace condenser fan motor, capacitor and contactor',
        phase2Cost: centsToDecimal(phaseCents.phase2),
        phase3Description: 'Replace compressor with a new scroll compressor, filter drier and refrigerant charge',
        phase3Cost: centsToDecimal(phaseCents.phase3),
        labor: '400.00',
        refrigerationRecovery: '150.00',
        startUpCosts: '250.00',
        removalCost: '300.00',
        permitCost: '200.00',
        needsCrane: true,
        warranty: '1 year parts and labor',
        selectedPhase: 'phase2',
        totalCost: centsToDecimal(repairTotalCents({ selectedPhase: 'phase2', phaseCents, ...costs })),
      })
      .returning({ id: schema.jobRepairs.id });
    await db.insert(schema.jobRepairLines).values([
      { repairId: repair!.id, kind: 'accessory', position: 0, name: 'Curb adapter', cost: '850.00' },
      { repairId: repair!.id, kind: 'additional', position: 0, name: 'Crane rental (half day)', cost: '1800.00' },
    ]);
  }
  await db.insert(schema.jobItems).values(
    Array.from({ length: 20 }, (_, i) => ({
      jobId,
      code: `BENCH-${i + 1}`,
      name: `Bench item ${i + 1}: pleated filter 20x25x2 case for the rooftop unit on the north roof`,
      quantity: 1 + (i % 3),
      unitCost: '45.00',
      totalCost: centsToDecimal(4500 * (1 + (i % 3))),
      type: (['part', 'labor', 'item'] as const)[i % 3]!,
      serviceLine: 'HVACGEN',
    })),
  );
}

/** A 10-page default repair template (cover, 8 pages, terms) with pages 1-3 and 8-10 preserved. */
export const benchTemplatePdf = () =>
  buildSampleTemplatePdf({
    companyName: 'Summit Air Mechanical',
    title: 'Repair Quote',
    pages: 10,
    date: new Date('2026-01-01T00:00:00Z'),
  });
export const BENCH_PRESERVED_PAGES = [1, 2, 3, 8, 9, 10];

/** Creates the template and the job once per data set; later runs find them. */
async function ensureQuoteFixture(ctx: BenchContext): Promise<string> {
  const db = ctx.db;
  const [existingTemplate] = await db
    .select({ id: schema.quoteTemplates.id })
    .from(schema.quoteTemplates)
    .where(sql`${schema.quoteTemplates.name} = ${TEMPLATE_NAME}`);
  if (!existingTemplate) {
    const bytes = await benchTemplatePdf();
    await db.transaction(async (tx) => {
      const file = await createFileStorage().put(tx, {
        purpose: 'quote-template',
        fileName: 'bench-10-pages.pdf',
        contentType: 'application/pdf',
        bytes,
      });
      await tx
        .update(schema.quoteTemplates)
        .set({ isDefault: false })
        .where(sql`kind = 'pdf' and template_type = 'repair' and is_default`);
      await tx.insert(schema.quoteTemplates).values({
        kind: 'pdf',
        name: TEMPLATE_NAME,
        templateType: 'repair',
        isDefault: true,
        fileName: 'bench-10-pages.pdf',
        storageKey: file.key,
        fileSize: file.size,
        pageCount: 10,
        preservedPages: BENCH_PRESERVED_PAGES,
      });
    });
  } else {
    await db
      .update(schema.quoteTemplates)
      .set({ isDefault: false })
      .where(sql`kind = 'pdf' and template_type = 'repair' and is_default and id <> ${existingTemplate.id}`);
    await db
      .update(schema.quoteTemplates)
      .set({ isDefault: true })
      .where(sql`id = ${existingTemplate.id}`);
  }
  const [job] = await db
    .select({ id: schema.jobs.id })
    .from(schema.jobs)
    .where(sql`${schema.jobs.name} = ${JOB_NAME}`)
    .limit(1);
  if (job) return job.id;
  const unit = await ctx.one<{ id: string; location_id: string }>(
    sql`select id, location_id from units order by id limit 1`,
  );
  const [created] = await db
    .insert(schema.jobs)
    .values({
      name: JOB_NAME,
      type: 'INSP',
      status: 'completed',
      locationId: unit.location_id,
      unitId: unit.id,
      serviceLine: 'HVACGEN',
      description: 'Inspection of three rooftop units with repair options.',
      timePeriodStart: '2026-01-05',
      timePeriodDue: '2026-01-09',
      scheduleStart: new Date('2026-01-05T14:00:00Z'),
      contactName: 'Facilities desk',
      contactEmail: 'facilities@example.com',
    })
    .returning({ id: schema.jobs.id });
  await benchQuoteInspectionsAndItems(db, created!.id);
  return created!.id;
}

export const quoteCases: BenchCase[] = [
  {
    name: 'quote PDF preview: 10-page template, 3 inspections, 20 items',
    area: 'quotes',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/jobs/${await ensureQuoteFixture(ctx)}/quote-preview?type=repair&quoteNumber=QT-BENCH-0001`,
    }),
    targetsMs: { postgres: 300, pglite: 300 },
    explain: () => [
      sql`select i.id from job_inspections i left join job_repairs r on r.inspection_id = i.id where i.job_id = '00000000-0000-4000-8000-000000000000' and i.completed order by i.created_at`,
      sql`select id from job_items where job_id = '00000000-0000-4000-8000-000000000000' order by created_at`,
    ],
    // job_inspections is tiny in the large data set (the planner rightly scans it); job_items is not.
    noSeqScanOn: ['job_items'],
  },
  {
    name: 'outbox list, newest first',
    area: 'quotes',
    request: () => ({ method: 'GET', url: '/api/outbox?pageSize=25' }),
    targetsMs: { postgres: 100, pglite: 300 },
  },
];
