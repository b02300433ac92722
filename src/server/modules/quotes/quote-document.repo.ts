/**
 * Loads what a quote is printed from (its PDF, the customer's page, the office's e-mail): the job
 * with its customer, location and unit, the completed inspections with their repair records, and
 * the job's items. Reads only; src/server/pdf renders what these return.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { toCents } from '../../../domain/money.js';
import type { QuoteInspection, QuoteItem } from '../../../domain/quotes.js';
import { REPAIR_PHASE_LABELS, type RepairPhase } from '../../../domain/repairs.js';
import type { Executor } from '../../db/client.js';
import { readJobItemAmounts } from '../jobs/index.js';
import { companies, jobInspections, jobRepairLines, jobRepairs, jobs, locations, units } from '../../db/schema.js';

const cents = (value: string | number) => toCents(value);

/**
 * The job's completed inspections, oldest first, each with its repair record (or null).
 * Accessories and additional items are rows of job_repair_lines, in their saved order.
 */
export async function readInspectionsAndRepairs(exec: Executor, jobId: string): Promise<QuoteInspection[]> {
  const rows = await exec
    .select({ inspection: jobInspections, repair: jobRepairs })
    .from(jobInspections)
    .leftJoin(jobRepairs, eq(jobRepairs.inspectionId, jobInspections.id))
    .where(and(eq(jobInspections.jobId, jobId), eq(jobInspections.completed, true)))
    .orderBy(asc(jobInspections.createdAt), asc(jobInspections.id));
  const repairIds = rows.flatMap(({ repair }) => (repair ? [repair.id] : []));
  const lines = repairIds.length
    ? await exec
        .select({
          repairId: jobRepairLines.repairId,
          kind: jobRepairLines.kind,
          name: jobRepairLines.name,
          cost: jobRepairLines.cost,
        })
        .from(jobRepairLines)
        .where(inArray(jobRepairLines.repairId, repairIds))
        .orderBy(asc(jobRepairLines.repairId), asc(jobRepairLines.kind), asc(jobRepairLines.position))
    : [];
  const linesOf = (repairId: string, kind: 'accessory' | 'additional') =>
    lines
      .filter((l) => l.repairId === repairId && l.kind === kind)
      .map((l) => ({ name: l.name, costCents: cents(l.cost) }));
  return rows.map(({ inspection: i, repair: r }) => ({
    id: i.id,
    modelNumber: i.modelNumber,
    serialNumber: i.serialNumber,
    age: i.age,
    tonnage: i.tonnage,
    unitType: i.unitType,
    systemType: i.systemType,
    repair: r
      ? {
          options: [
            {
              phase: 'phase1' as const,
              label: REPAIR_PHASE_LABELS.phase1,
              description: r.phase1Description,
              costCents: cents(r.phase1Cost),
            },
            {
              phase: 'phase2' as const,
              label: REPAIR_PHASE_LABELS.phase2,
              description: r.phase2Description,
              costCents: cents(r.phase2Cost),
            },
            {
              phase: 'phase3' as const,
              label: REPAIR_PHASE_LABELS.phase3,
              description: r.phase3Description,
              costCents: cents(r.phase3Cost),
            },
          ],
          selectedPhase: r.selectedPhase as RepairPhase,
          laborCents: cents(r.labor),
          refrigerationRecoveryCents: cents(r.refrigerationRecovery),
          startUpCents: cents(r.startUpCosts),
          thermostatStartupCents: cents(r.thermostatStartup),
          removalCents: cents(r.removalCost),
          permitCents: cents(r.permitCost),
          accessories: linesOf(r.id, 'accessory'),
          additionalItems: linesOf(r.id, 'additional'),
          needsCrane: r.needsCrane,
          warranty: r.warranty,
        }
      : null,
  }));
}

export async function readJobItems(exec: Executor, jobId: string): Promise<QuoteItem[]> {
  return (await readJobItemAmounts(exec, jobId)).map(({ id, unitCents, ...item }) => ({
    ...item,
    unitCostCents: unitCents,
  }));
}

export interface QuoteJob {
  id: string;
  number: number;
  name: string;
  description: string;
  customerPo: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  customerCompany: string;
  location: { name: string; buildingName: string | null; address: string; city: string; state: string; zip: string };
  unit: { unitNumber: string } | null;
}

export async function readQuoteJob(exec: Executor, jobId: string): Promise<QuoteJob | null> {
  const [row] = await exec
    .select({
      id: jobs.id,
      number: jobs.number,
      name: jobs.name,
      description: jobs.description,
      customerPo: jobs.customerPo,
      contactName: jobs.contactName,
      contactEmail: jobs.contactEmail,
      contactPhone: jobs.contactPhone,
      customerCompany: companies.name,
      locationName: locations.name,
      buildingName: locations.buildingName,
      address: locations.address,
      city: locations.city,
      state: locations.state,
      zip: locations.zip,
      unitNumber: units.unitNumber,
    })
    .from(jobs)
    .innerJoin(locations, eq(locations.id, jobs.locationId))
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .leftJoin(units, eq(units.id, jobs.unitId))
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    description: row.description,
    customerPo: row.customerPo,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    customerCompany: row.customerCompany,
    location: {
      name: row.locationName,
      buildingName: row.buildingName,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
    },
    unit: row.unitNumber ? { unitNumber: row.unitNumber } : null,
  };
}
