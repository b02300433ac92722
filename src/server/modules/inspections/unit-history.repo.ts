/**
 * The unit's history across visits (issue 29, item 5; decision 044): its repair records with what
 * became of them (the Deficiencies card), its visits with their inspections and repairs (Service
 * History), its open recommendations (the job page), and the two ways a recommendation is settled
 * besides the customer's answer: marked resolved, or added to a later job. Part of the inspections
 * repo (it owns job_repairs); composed by inspections.repo.ts.
 *
 * Bounded in SQL and never a query per row: a page of the unit's jobs walks jobs_unit_idx
 * (unit_id, created_at desc); their inspections and repairs are read for the page's jobs at once
 * (job_inspections_job_idx, job_repairs_job_idx); a repair's latest quote is one lateral probe of
 * job_quotes_job_idx. "Open" is homeRules.openDeficiency through its SQL twin openRepair.
 */
import { sql, type SQL } from 'drizzle-orm';
import { homeRules, JOB_STATUSES, repairOutcome } from '../../../domain/home.js';
import { toCents } from '../../../domain/money.js';
import { isDecidedQuoteStatus, type QuoteStatus } from '../../../domain/quotes.js';
import { REPAIR_PHASE_LABELS, REPAIR_PHASES, type RepairPhase, type UnitDeficiency } from '../../../domain/repairs.js';
import type { UnitVisit, VisitInspection } from '../../../domain/unit-history.js';
import type { Executor } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import { jobInspections, jobQuotes, jobRepairs, jobs, jobTechnicians, units, users } from '../../db/schema.js';
import {
  COUNT_ROWS,
  countOf,
  from,
  nullable,
  oneOfColumn,
  selection,
  selectRow,
  selectRows,
  tableAlias,
} from '../../db/sql.js';
import { openRepair } from '../../db/views.js';

const r = tableAlias(jobRepairs, 'r');
const cr = tableAlias(jobRepairs, 'cr');
const j = tableAlias(jobs, 'j');
const cj = tableAlias(jobs, 'cj');
const i = tableAlias(jobInspections, 'i');
const q = tableAlias(jobQuotes, 'q');
const ru = tableAlias(users, 'ru');
const jt = tableAlias(jobTechnicians, 'jt');
const u = tableAlias(users, 'u');
const un = tableAlias(units, 'un');

const instant = (expression: SQL) =>
  sql<Date | null>`${expression}`.mapWith((v: Date | string) => (v instanceof Date ? v : new Date(v)));

const REPAIR_ROW = selection({
  id: r.id,
  jobId: r.jobId,
  inspectionId: r.inspectionId,
  phase1Description: r.phase1Description,
  phase1Cost: r.phase1Cost,
  phase2Description: r.phase2Description,
  phase2Cost: r.phase2Cost,
  phase3Description: r.phase3Description,
  phase3Cost: r.phase3Cost,
  selectedPhase: oneOfColumn(r.selectedPhase, REPAIR_PHASES),
  totalCost: r.totalCost,
  resolvedAt: r.resolvedAt,
  resolutionReason: r.resolutionReason,
  carriedToRepairId: r.carriedToRepairId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  jobNumber: j.number,
  jobName: j.name,
  modelNumber: i.modelNumber,
  serialNumber: i.serialNumber,
  quoteStatus: sql<string | null>`lq.status`,
  decidedAt: instant(sql`lq.decided_at`),
  resolvedByName: sql<string | null>`case when ${ru.id} is null then null else ${personName(ru)} end`,
  carriedToJobId: nullable(cj.id),
  carriedToJobNumber: nullable(cj.number),
});
type RepairRowOf = ReturnType<typeof REPAIR_ROW.decode>;

/** The repair records with their job, inspection, the job's latest quote (`lq`), who resolved them and where they went. */
const REPAIR_FROM = sql`from ${from(r)}
  join ${from(j)} on ${j.id} = ${r.jobId}
  join ${from(i)} on ${i.id} = ${r.inspectionId}
  left join lateral (
    select ${q.status} as status, ${q.decidedAt} as decided_at from ${from(q)}
    where ${q.jobId} = ${j.id} order by ${q.sentAt} desc, ${q.id} desc limit 1
  ) lq on true
  left join ${from(ru)} on ${ru.id} = ${r.resolvedBy}
  left join ${from(cr)} on ${cr.id} = ${r.carriedToRepairId}
  left join ${from(cj)} on ${cj.id} = ${cr.jobId}`;

/** The latest quote's status as the rule reads it (the stored one; an expired link is still unanswered). */
const quoteStatusOf = (status: string | null): QuoteStatus | null => (status as QuoteStatus | null) ?? null;

export function toUnitDeficiency(row: RepairRowOf): UnitDeficiency {
  const phase: RepairPhase = row.selectedPhase;
  const tiers = REPAIR_PHASES.map((p) => ({
    phase: p,
    label: REPAIR_PHASE_LABELS[p],
    description: { phase1: row.phase1Description, phase2: row.phase2Description, phase3: row.phase3Description }[p],
    costCents: toCents({ phase1: row.phase1Cost, phase2: row.phase2Cost, phase3: row.phase3Cost }[p]),
  }));
  const facts = {
    totalCents: toCents(row.totalCost),
    resolvedAt: row.resolvedAt,
    carriedToRepairId: row.carriedToRepairId,
  };
  const job = { quoteStatus: quoteStatusOf(row.quoteStatus) };
  const decision = isDecidedQuoteStatus(row.quoteStatus) ? row.quoteStatus : null;
  return {
    repairId: row.id,
    inspectionId: row.inspectionId,
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    jobName: row.jobName,
    selectedPhase: phase,
    optionLabel: REPAIR_PHASE_LABELS[phase],
    optionDescription: tiers.find((t) => t.phase === phase)!.description,
    totalCents: facts.totalCents,
    tiers,
    modelNumber: row.modelNumber,
    serialNumber: row.serialNumber,
    decision,
    decidedAt: decision && row.decidedAt ? row.decidedAt.toISOString() : null,
    outcome: repairOutcome(facts, job),
    open: homeRules.openDeficiency(facts, job),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolvedByName: row.resolvedAt ? row.resolvedByName : null,
    resolutionReason: row.resolvedAt ? row.resolutionReason : null,
    carriedToJobId: row.carriedToJobId,
    carriedToJobNumber: row.carriedToJobNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const VISIT_ROW = selection({
  id: j.id,
  number: j.number,
  name: j.name,
  status: oneOfColumn(j.status, JOB_STATUSES),
  type: j.type,
  createdAt: j.createdAt,
  scheduleStart: j.scheduleStart,
  completedAt: j.completedAt,
  technicians: sql<string[]>`array(
    select ${personName(u)} from ${from(jt)} join ${from(u)} on ${u.id} = ${jt.technicianId}
    where ${jt.jobId} = ${j.id} order by ${jt.isPrimary} desc, ${u.lastName}, ${u.firstName})`,
});

const INSPECTION_ROW = selection({
  id: i.id,
  jobId: i.jobId,
  modelNumber: i.modelNumber,
  serialNumber: i.serialNumber,
  age: i.age,
  tonnage: i.tonnage,
  unitType: i.unitType,
  systemType: i.systemType,
  completed: i.completed,
  createdAt: i.createdAt,
});

const JOB_UNIT = selection({ unitId: j.unitId, unitNumber: nullable(un.unitNumber) });

/** One repair record to settle, with what the rule needs, locked. */
const SETTLE_ROW = selection({
  id: r.id,
  jobId: r.jobId,
  inspectionId: r.inspectionId,
  unitId: j.unitId,
  totalCost: r.totalCost,
  resolvedAt: r.resolvedAt,
  carriedToRepairId: r.carriedToRepairId,
  quoteStatus: sql<string | null>`(select ${q.status} from ${from(q)} where ${q.jobId} = ${r.jobId}
    order by ${q.sentAt} desc, ${q.id} desc limit 1)`,
});

export interface RepairToSettle {
  id: string;
  jobId: string;
  inspectionId: string;
  unitId: string | null;
  /** homeRules.openDeficiency of the record now */
  open: boolean;
}

export function createUnitHistoryRepo(db: Executor) {
  return {
    /** The unit's repair records across its jobs, newest first, with what became of each. */
    async unitDeficiencies(
      unitId: string,
      page: number,
      pageSize: number,
      exec: Executor = db,
    ): Promise<{ items: UnitDeficiency[]; total: number }> {
      const [rows, counted] = await Promise.all([
        selectRows(
          exec,
          REPAIR_ROW,
          sql`select ${REPAIR_ROW} ${REPAIR_FROM}
          where ${j.unitId} = ${unitId}::uuid
          order by ${r.createdAt} desc, ${r.id} desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
        selectRow(
          exec,
          COUNT_ROWS,
          sql`select ${COUNT_ROWS} from ${from(r)} join ${from(j)} on ${j.id} = ${r.jobId} where ${j.unitId} = ${unitId}::uuid`,
        ),
      ]);
      return { items: rows.map(toUnitDeficiency), total: counted?.n ?? 0 };
    },

    /** The unit's open recommendations found on its jobs other than `exceptJobId`, newest first, at most `limit`. */
    async openRecommendations(
      unitId: string,
      exceptJobId: string | null,
      limit: number,
      exec: Executor = db,
    ): Promise<{ items: UnitDeficiency[]; total: number }> {
      const where = sql`${j.unitId} = ${unitId}::uuid
        and ${exceptJobId ? sql`${j.id} <> ${exceptJobId}::uuid` : sql`true`}
        and ${openRepair(r, sql`lq.status`)}`;
      const TOTAL = selection({ total: countOf(sql`count(*) over ()`) });
      const rows = await selectRows(
        exec,
        selection({ ...REPAIR_ROW.fields, ...TOTAL.fields }),
        sql`select ${REPAIR_ROW}, ${TOTAL} ${REPAIR_FROM}
        where ${where}
        order by ${r.createdAt} desc, ${r.id} desc
        limit ${limit}`,
      );
      return { items: rows.map(toUnitDeficiency), total: rows[0]?.total ?? 0 };
    },

    /**
     * A page of the unit's visits, newest first, each with its technicians, inspections (newest
     * first) and their repair records: three statements for the page, whatever its size.
     */
    async unitHistory(
      unitId: string,
      page: number,
      pageSize: number,
      exec: Executor = db,
    ): Promise<{ items: UnitVisit[]; total: number }> {
      const [visits, counted] = await Promise.all([
        selectRows(
          exec,
          VISIT_ROW,
          sql`select ${VISIT_ROW} from ${from(j)}
          where ${j.unitId} = ${unitId}::uuid
          order by ${j.createdAt} desc, ${j.id} desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
        selectRow(exec, COUNT_ROWS, sql`select ${COUNT_ROWS} from ${from(j)} where ${j.unitId} = ${unitId}::uuid`),
      ]);
      const total = counted?.n ?? 0;
      if (visits.length === 0) return { items: [], total };
      const ids = sql`array[${sql.join(
        visits.map((v) => sql`${v.id}`),
        sql`, `,
      )}]::uuid[]`;
      const [inspections, repairs] = await Promise.all([
        selectRows(
          exec,
          INSPECTION_ROW,
          sql`select ${INSPECTION_ROW} from ${from(i)} where ${i.jobId} = any(${ids})
          order by ${i.jobId}, ${i.createdAt} desc, ${i.id} desc`,
        ),
        selectRows(exec, REPAIR_ROW, sql`select ${REPAIR_ROW} ${REPAIR_FROM} where ${r.jobId} = any(${ids})`),
      ]);
      const repairByInspection = new Map(repairs.map((row) => [row.inspectionId, toUnitDeficiency(row)]));
      const inspectionsByJob = new Map<string, VisitInspection[]>();
      for (const row of inspections) {
        const list = inspectionsByJob.get(row.jobId) ?? [];
        list.push({
          id: row.id,
          modelNumber: row.modelNumber,
          serialNumber: row.serialNumber,
          age: row.age,
          tonnage: row.tonnage,
          unitType: row.unitType,
          systemType: row.systemType,
          completed: row.completed,
          createdAt: row.createdAt.toISOString(),
          repair: repairByInspection.get(row.id) ?? null,
        });
        inspectionsByJob.set(row.jobId, list);
      }
      return {
        total,
        items: visits.map((v) => ({
          jobId: v.id,
          jobNumber: v.number,
          jobName: v.name,
          status: v.status,
          type: v.type,
          createdAt: v.createdAt.toISOString(),
          scheduleStart: v.scheduleStart ? v.scheduleStart.toISOString() : null,
          completedAt: v.completedAt ? v.completedAt.toISOString() : null,
          technicians: v.technicians,
          inspections: inspectionsByJob.get(v.id) ?? [],
        })),
      };
    },

    /** The job's unit (null when the job has none), or null when there is no such job. */
    async jobUnit(
      jobId: string,
      exec: Executor = db,
    ): Promise<{ unitId: string | null; unitNumber: string | null } | null> {
      return selectRow(
        exec,
        JOB_UNIT,
        sql`select ${JOB_UNIT} from ${from(j)} left join ${from(un)} on ${un.id} = ${j.unitId} where ${j.id} = ${jobId}::uuid`,
      );
    },

    /**
     * A repair record about to be resolved or carried, read with its job locked (every writer of a
     * job's repairs locks the job first, so this waits for them and they for it); null when there is none.
     */
    async repairToSettle(repairId: string, exec: Executor = db): Promise<RepairToSettle | null> {
      const row = await selectRow(
        exec,
        SETTLE_ROW,
        sql`select ${SETTLE_ROW} from ${from(r)} join ${from(j)} on ${j.id} = ${r.jobId}
        where ${r.id} = ${repairId}::uuid for no key update of j`,
      );
      if (!row) return null;
      const facts = {
        totalCents: toCents(row.totalCost),
        resolvedAt: row.resolvedAt,
        carriedToRepairId: row.carriedToRepairId,
      };
      return {
        id: row.id,
        jobId: row.jobId,
        inspectionId: row.inspectionId,
        unitId: row.unitId,
        open: homeRules.openDeficiency(facts, { quoteStatus: quoteStatusOf(row.quoteStatus) }),
      };
    },

    /** Marks a repair record resolved: who, when, why. Its update time stays (nothing in the record changed). */
    async resolveRepair(
      repairId: string,
      value: { reason: string; by: string; at: Date },
      exec: Executor = db,
    ): Promise<void> {
      await exec
        .update(jobRepairs)
        .set({
          resolvedAt: value.at,
          resolvedBy: value.by,
          resolutionReason: value.reason,
          updatedAt: sql`${jobRepairs.updatedAt}`,
        })
        .where(sql`${jobRepairs.id} = ${repairId}::uuid`);
    },

    /** Records that a repair record was added to a later job as `copyId`. */
    async markCarried(repairId: string, copyId: string, exec: Executor = db): Promise<void> {
      await exec
        .update(jobRepairs)
        .set({ carriedToRepairId: copyId, updatedAt: sql`${jobRepairs.updatedAt}` })
        .where(sql`${jobRepairs.id} = ${repairId}::uuid`);
    },
  };
}
export type UnitHistoryRepo = ReturnType<typeof createUnitHistoryRepo>;
