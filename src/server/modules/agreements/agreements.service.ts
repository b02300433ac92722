/**
 * Service agreements' use cases (issue 29, decision 043): create, edit, activate, cancel, renew,
 * and the visit generator. Visits become jobs only through the jobs module (`VisitJobs`), in the
 * same transaction as the visit's row; every run and every change of future visits holds the
 * generator's advisory lock, so several app servers never make a visit twice.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Paginated } from '../../../domain/api.js';
import type { SessionUser } from '../../../domain/auth.js';
import {
  activateRefusal,
  AGREEMENT_LIMITS,
  AGREEMENT_MESSAGES,
  agreementEditRefusal,
  basisPointsToPercent,
  cancelRefusal,
  describeVisitRule,
  dueForAutoRenewal,
  effectiveAgreementStatus,
  escalatedPriceCents,
  monthName,
  nextTerm,
  nextVisitDate,
  percentToBasisPoints,
  renewRefusal,
  repairLimitText,
  visitDates,
  visitWindowEnd,
  type AgreementDetail,
  type AgreementExportQuery,
  type AgreementInput,
  type AgreementListItem,
  type AgreementListQuery,
  type AgreementStatus,
  type AgreementVisit,
  type CancelPreview,
  type CreateAgreementInput,
  type GeneratorRun,
  type VisitRule,
} from '../../../domain/agreements/index.js';
import { addDays } from '../../../domain/dates.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import type { Database, Executor } from '../../db/client.js';
import { badRequest, conflict, notFound, registerConstraintMessages } from '../../errors.js';
import { inBatches } from '../../export/xlsx.js';
import type { AgreementVisitJob, JobsRepo, VisitJobOutcome } from '../jobs/index.js';
import type { SettingsRepo } from '../settings/index.js';
import { recordWebhookEvents } from '../webhooks/index.js';
import type { FileStorage } from '../../storage/storage.js';
import { billDue, refreshNextBillOn, withdrawAgreementBilling } from './agreement-billing.service.js';
import type { AgreementInsert, AgreementRow, AgreementsRepo, CoveredUnit } from './agreements.repo.js';

registerConstraintMessages({
  agreements_company_id_companies_id_fk: {
    status: 400,
    message: AGREEMENT_MESSAGES.unknownCompany,
    field: 'companyId',
  },
  agreements_job_type_job_types_code_fk: { status: 400, message: AGREEMENT_MESSAGES.unknownJobType, field: 'jobType' },
  agreements_service_line_service_lines_code_fk: {
    status: 400,
    message: AGREEMENT_MESSAGES.unknownServiceLine,
    field: 'serviceLine',
  },
  agreements_renewed_from_unique: { status: 409, message: 'This agreement has been renewed already' },
});

/** What the agreements module asks of the jobs module (it owns jobs): make and withdraw a visit's job. */
export interface VisitJobs {
  createVisitJob(values: AgreementVisitJob, tx: Executor): Promise<{ id: string; number: number }>;
  /** Several visits' jobs at once, answered in the order given (the generator's batch). */
  createVisitJobs(values: readonly AgreementVisitJob[], tx: Executor): Promise<{ id: string; number: number }[]>;
  withdrawVisitJob(jobId: string, tx: Executor): Promise<VisitJobOutcome>;
}

export interface AgreementsServiceDeps {
  db: Database;
  repo: AgreementsRepo;
  settings: SettingsRepo;
  clock: () => Date;
  jobs: VisitJobs;
  /** The jobs module's reference checks (active job type, service line, technicians). */
  references: Pick<JobsRepo, 'activeJobType' | 'activeServiceLine' | 'activeTechnicianIds'>;
  /** Names this server in the runs' record. */
  serverId?: string;
  /** Where an issued agreement invoice's PDF is kept (decision 052). */
  storage: FileStorage;
}

/** How many agreements the generator reads at a time. */
const GENERATOR_BATCH = 500;

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

export const ruleOf = (
  row: Pick<AgreementRow, 'frequency' | 'months' | 'dayKind' | 'dayOfMonth' | 'nth' | 'weekday'>,
): VisitRule => ({
  frequency: row.frequency as VisitRule['frequency'],
  months: row.months,
  day:
    row.dayKind === 'nthWeekday'
      ? { kind: 'nthWeekday', nth: row.nth, weekday: row.weekday }
      : { kind: 'dayOfMonth', day: row.dayOfMonth },
});

const maxDate = (x: string, y: string) => (x > y ? x : y);
const minDate = (x: string, y: string) => (x < y ? x : y);

/** The first visit an agreement still owes from `from` (null: none left in its term). */
const firstVisitFrom = (
  row: Pick<AgreementRow, 'startDate' | 'endDate'> & Parameters<typeof ruleOf>[0],
  from: string,
) => nextVisitDate(ruleOf(row), row.startDate, maxDate(from, row.startDate), row.endDate);

/** The fields a plan edit compares: a change of any of them changes the visits not yet scheduled. */
const planKey = (row: {
  startDate: string;
  endDate: string;
  frequency: string;
  months: readonly number[];
  dayKind: string;
  dayOfMonth: number;
  nth: number;
  weekday: number;
  windowDays: number;
  technicianId: string | null;
  jobType: string;
  serviceLine: string;
  visitDuration: number;
  checklist: readonly string[];
  unitIds: readonly string[];
}) =>
  JSON.stringify([
    row.startDate,
    row.endDate,
    row.frequency,
    [...row.months].sort((x, y) => x - y),
    row.dayKind,
    row.dayKind === 'dayOfMonth' ? row.dayOfMonth : [row.nth, row.weekday],
    row.windowDays,
    row.technicianId,
    row.jobType,
    row.serviceLine,
    row.visitDuration,
    row.checklist,
    [...row.unitIds].sort(),
  ]);

/** 2027-04-15 -> 4/15/2027, as the screens show a date. */
const usDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

/** The job of one visit: its name, its units and the checklist in the description. */
export function visitJobValues(
  row: AgreementRow,
  visitDate: string,
  location: { locationId: string; units: CoveredUnit[] },
): AgreementVisitJob {
  const month = `${monthName(Number(visitDate.slice(5, 7)))} ${visitDate.slice(0, 4)}`;
  const lines = [
    `Service agreement #${row.number} (${row.name}): ${month} maintenance visit.`,
    `Visit window: ${usDate(visitDate)} to ${usDate(visitWindowEnd(visitDate, row.windowDays))}.`,
    `Units: ${location.units.map((u) => u.unitNumber).join(', ')}`,
    // What the technician may repair on the visit without a new approval (the phone shows the
    // description offline; the job page's agreement note reads the agreement's current amount).
    repairLimitText(row.notToExceed === null ? null : toCents(row.notToExceed)),
  ];
  if (row.checklist.length) lines.push('', 'Checklist:', ...row.checklist.map((task) => `- ${task}`));
  return {
    name: `${row.name}: ${month} visit`,
    type: row.jobType,
    serviceLine: row.serviceLine,
    locationId: location.locationId,
    unitId: location.units.length === 1 ? location.units[0]!.unitId : null,
    description: lines.join('\n'),
    timePeriodStart: visitDate,
    timePeriodDue: visitWindowEnd(visitDate, row.windowDays),
    scheduleDuration: row.visitDuration,
    technicianId: row.technicianId,
    createdBy: null,
  };
}

/** The plan's columns as the form gives them. */
const planOf = (input: AgreementInput) => ({
  startDate: input.startDate,
  endDate: input.endDate,
  frequency: input.frequency,
  months: input.frequency === 'months' ? input.months : [],
  dayKind: input.dayKind,
  dayOfMonth: input.dayOfMonth,
  nth: input.nth,
  weekday: input.weekday,
});

const byLocation = (covered: CoveredUnit[]) => {
  const groups = new Map<string, CoveredUnit[]>();
  for (const u of covered) groups.set(u.locationId, [...(groups.get(u.locationId) ?? []), u]);
  return [...groups].map(([locationId, list]) => ({ locationId, units: list }));
};

export function createAgreementsService(deps: AgreementsServiceDeps) {
  const { db, repo, settings, clock, jobs, references } = deps;
  const serverId = (deps.serverId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`).slice(0, 100);

  const today = () => settings.today(clock());

  const mustRow = async (id: string, exec: Executor = db, forUpdate = false) => {
    const row = await repo.row(id, exec, forUpdate);
    if (!row) throw notFound(AGREEMENT_MESSAGES.agreementNotFound);
    return row;
  };

  /** The references of the form: company, its units, job type, service line, technician. */
  const checkInput = async (input: AgreementInput, exec: Executor) => {
    if (!(await repo.companyExists(input.companyId, exec)))
      throw fieldError('companyId', AGREEMENT_MESSAGES.unknownCompany);
    const found = await repo.unitsOf(input.unitIds, exec);
    if (found.length !== input.unitIds.length || found.some((u) => u.companyId !== input.companyId))
      throw fieldError('unitIds', AGREEMENT_MESSAGES.unitNotOfCompany);
    if (!(await references.activeJobType(input.jobType, exec)))
      throw fieldError('jobType', AGREEMENT_MESSAGES.unknownJobType);
    if (!(await references.activeServiceLine(input.serviceLine, exec)))
      throw fieldError('serviceLine', AGREEMENT_MESSAGES.unknownServiceLine);
    if (
      input.technicianId &&
      !(await references.activeTechnicianIds([input.technicianId], exec)).has(input.technicianId)
    )
      throw fieldError('technicianId', AGREEMENT_MESSAGES.technicianNotActive);
    return found.map((u) => ({ unitId: u.id, locationId: u.locationId }));
  };

  const formValues = (input: AgreementInput): Omit<AgreementInsert, 'status' | 'planFrom'> => ({
    name: input.name,
    companyId: input.companyId,
    startDate: input.startDate,
    endDate: input.endDate,
    frequency: input.frequency,
    months: input.frequency === 'months' ? input.months : [],
    dayKind: input.dayKind,
    dayOfMonth: input.dayOfMonth,
    nth: input.nth,
    weekday: input.weekday,
    windowDays: input.windowDays,
    technicianId: input.technicianId,
    jobType: input.jobType,
    serviceLine: input.serviceLine,
    visitDuration: input.visitDuration,
    checklist: input.checklist,
    price: centsToDecimal(toCents(input.price)),
    billingPlan: input.billingPlan,
    notToExceed: input.notToExceed === null ? null : centsToDecimal(toCents(input.notToExceed)),
    autoRenew: input.autoRenew,
    escalatorPercent: basisPointsToPercent(percentToBasisPoints(input.escalatorPercent) ?? 0),
    notes: input.notes,
  });

  const detail = async (id: string, exec: Executor = db): Promise<AgreementDetail> => {
    const row = await mustRow(id, exec);
    const [labels, covered, now] = [await repo.labels(row, exec), await repo.coveredUnits(id, exec), await today()];
    return {
      id: row.id,
      number: row.number,
      name: row.name,
      companyId: row.companyId,
      companyName: labels.companyName,
      status: effectiveAgreementStatus(row.status as AgreementStatus, row.endDate, now),
      startDate: row.startDate,
      endDate: row.endDate,
      priceCents: toCents(row.price),
      billingPlan: row.billingPlan as AgreementDetail['billingPlan'],
      autoRenew: row.autoRenew,
      nextVisitOn: row.nextVisitOn,
      frequency: row.frequency as AgreementDetail['frequency'],
      months: row.months,
      dayKind: row.dayKind as AgreementDetail['dayKind'],
      dayOfMonth: row.dayOfMonth,
      nth: row.nth,
      weekday: row.weekday,
      planText: describeVisitRule(ruleOf(row), row.startDate),
      windowDays: row.windowDays,
      technicianId: row.technicianId,
      technicianName: labels.technicianName,
      jobType: row.jobType,
      jobTypeName: labels.jobTypeName,
      serviceLine: row.serviceLine,
      serviceLineName: labels.serviceLineName,
      visitDuration: row.visitDuration,
      checklist: row.checklist,
      notToExceedCents: row.notToExceed === null ? null : toCents(row.notToExceed),
      escalatorPercent: row.escalatorPercent,
      notes: row.notes,
      units: covered.map((u) => ({
        id: u.unitId,
        unitNumber: u.unitNumber,
        locationId: u.locationId,
        locationName: u.locationName,
      })),
      renewedFromId: row.renewedFromId,
      renewedById: labels.renewedById,
      cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  /**
   * The visits from `fromDate` on whose jobs are still unscheduled go (through the jobs module);
   * scheduled, completed and cancelled ones stay. Runs under the generator's lock.
   */
  const withdrawUnscheduled = async (agreementId: string, fromDate: string, tx: Executor) => {
    let removed = 0;
    for (const visit of await repo.futureVisits(agreementId, fromDate, tx)) {
      if (visit.jobId === null) {
        await repo.deleteVisit(visit.id, tx);
        continue;
      }
      if (visit.jobStatus !== 'unscheduled') continue;
      const outcome = await jobs.withdrawVisitJob(visit.jobId, tx);
      if (outcome === 'kept') continue;
      // A removed job's visit is made again by the new plan; a cancelled job keeps its visit row
      // (it holds work someone recorded), so that date is not made again.
      if (outcome === 'removed') await repo.deleteVisit(visit.id, tx);
      removed++;
    }
    return removed;
  };

  /** The next term of `row`, active, at the escalated price; its first visit from its start. */
  const renewInTx = async (row: AgreementRow, actorId: string | null, tx: Executor): Promise<string> => {
    const term = nextTerm(row.startDate, row.endDate);
    const price = escalatedPriceCents(toCents(row.price), percentToBasisPoints(row.escalatorPercent) ?? 0);
    const next = { ...row, ...term };
    const id = await repo.insert(
      {
        name: row.name,
        companyId: row.companyId,
        status: 'active',
        startDate: term.startDate,
        endDate: term.endDate,
        frequency: row.frequency,
        months: row.months,
        dayKind: row.dayKind,
        dayOfMonth: row.dayOfMonth,
        nth: row.nth,
        weekday: row.weekday,
        windowDays: row.windowDays,
        technicianId: row.technicianId,
        jobType: row.jobType,
        serviceLine: row.serviceLine,
        visitDuration: row.visitDuration,
        checklist: row.checklist,
        price: centsToDecimal(price),
        billingPlan: row.billingPlan,
        notToExceed: row.notToExceed,
        autoRenew: row.autoRenew,
        escalatorPercent: row.escalatorPercent,
        notes: row.notes,
        renewedFromId: row.id,
        planFrom: term.startDate,
        nextVisitOn: firstVisitFrom(next, term.startDate),
        createdBy: actorId,
      },
      tx,
    );
    const covered = await repo.coveredUnits(row.id, tx);
    await repo.setUnits(
      id,
      covered.map((u) => ({ unitId: u.unitId, locationId: u.locationId })),
      tx,
    );
    await refreshNextBillOn(tx, id);
    return id;
  };

  /**
   * Makes every visit of a batch of agreements from each one's next visit date to the horizon (at
   * most its end), set-based (decision 053): the visits are computed here, claimed in one
   * statement (a visit the agreement already has is skipped, as before), their jobs made in one
   * (numbered in agreement, date, location order, as the row-by-row generator did), linked in one,
   * their webhook events recorded in one, and the next visit dates set in one.
   */
  const generateBatch = async (
    rows: readonly AgreementRow[],
    horizon: string,
    runId: string,
    tx: Executor,
  ): Promise<number> => {
    const due = rows.filter((row) => row.nextVisitOn);
    if (due.length === 0) return 0;
    const coveredOf = await repo.coveredUnitsOf(
      due.map((row) => row.id),
      tx,
    );
    const wanted: {
      row: AgreementRow;
      visitDate: string;
      location: { locationId: string; units: CoveredUnit[] };
    }[] = [];
    const next: { id: string; nextVisitOn: string | null }[] = [];
    for (const row of due) {
      const to = minDate(row.endDate, horizon);
      const rule = ruleOf(row);
      const locations = byLocation(coveredOf.get(row.id) ?? []);
      for (const visitDate of visitDates(rule, row.startDate, row.nextVisitOn!, to))
        for (const location of locations) wanted.push({ row, visitDate, location });
      next.push({ id: row.id, nextVisitOn: nextVisitDate(rule, row.startDate, addDays(to, 1), row.endDate) });
    }
    const key = (agreementId: string, locationId: string, visitDate: string) =>
      `${agreementId}|${locationId}|${visitDate}`;
    const claimed = new Map(
      (
        await repo.claimVisits(
          wanted.map(({ row, visitDate, location }) => ({
            agreementId: row.id,
            locationId: location.locationId,
            visitDate,
            windowEnd: visitWindowEnd(visitDate, row.windowDays),
          })),
          runId,
          tx,
        )
      ).map((v) => [key(v.agreementId, v.locationId, v.visitDate), v.id]),
    );
    // In the list's order; a key listed twice (two dates of one month) was claimed once, by the first.
    const made = wanted.flatMap((w) => {
      const k = key(w.row.id, w.location.locationId, w.visitDate);
      const visitId = claimed.get(k);
      if (!visitId) return [];
      claimed.delete(k);
      return [{ ...w, visitId }];
    });
    const madeJobs = await jobs.createVisitJobs(
      made.map((m) => visitJobValues(m.row, m.visitDate, m.location)),
      tx,
    );
    await repo.setVisitJobs(
      made.map((m, i) => ({ visitId: m.visitId, jobId: madeJobs[i]!.id })),
      tx,
    );
    // The webhook events, in the generator's transaction (decision 048).
    const at = clock();
    await recordWebhookEvents(
      tx,
      'agreement.visit_generated',
      made.map((m, i) => ({
        data: {
          agreementId: m.row.id,
          agreementNumber: m.row.number,
          agreementName: m.row.name,
          visitId: m.visitId,
          visitDate: m.visitDate,
          locationId: m.location.locationId,
          jobId: madeJobs[i]!.id,
          jobNumber: madeJobs[i]!.number,
        },
        at,
      })),
    );
    await repo.setNextVisits(next, tx);
    return made.length;
  };

  return {
    serverId,

    async list(query: AgreementListQuery): Promise<Paginated<AgreementListItem>> {
      const { items, total, totalCapped } = await repo.list(query, { today: await today() });
      return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
    },

    async *exportBatches(filters: AgreementExportQuery): AsyncGenerator<AgreementListItem[]> {
      const context = { today: await today() };
      yield* inBatches(
        (after: { endDate: string; id: string } | null, limit) => repo.exportBatch(filters, context, after, limit),
        (row) => ({ endDate: row.endDate, id: row.id }),
      );
    },

    exportFileDate: today,

    detail: (id: string) => detail(id),

    async visits(id: string): Promise<{ items: AgreementVisit[]; timeZone: string }> {
      await mustRow(id);
      return { items: await repo.visits(id), timeZone: await settings.timeZone() };
    },

    /** Create Agreement: checked, then written with its units in one transaction. */
    async create(actor: SessionUser, input: CreateAgreementInput): Promise<AgreementDetail> {
      const now = await today();
      if (input.status === 'active' && input.endDate < now)
        throw fieldError('endDate', 'An active agreement must end today or later');
      const id = await db.transaction(async (tx) => {
        const covered = await checkInput(input, tx);
        // Visits begin today at the earliest: a contract entered late does not make its past visits.
        const planFrom = maxDate(input.startDate, now);
        const values = formValues(input);
        const id = await repo.insert(
          {
            ...values,
            status: input.status,
            planFrom,
            nextVisitOn: input.status === 'active' ? firstVisitFrom(planOf(input), planFrom) : null,
            createdBy: actor.id,
          },
          tx,
        );
        await repo.setUnits(id, covered, tx);
        await refreshNextBillOn(tx, id);
        return id;
      });
      return detail(id);
    },

    /**
     * Edit Agreement. A change of the plan (dates, months, day, window, units, technician, job
     * type, service line, duration, checklist) withdraws the visits from today on whose jobs are
     * still unscheduled; the next generator run makes them again on the new plan. Scheduled,
     * completed and invoiced work stays as it is.
     */
    async update(id: string, input: AgreementInput): Promise<{ agreement: AgreementDetail; visitsWithdrawn: number }> {
      const now = await today();
      const withdrawn = await db.transaction(async (tx) => {
        await repo.lockGenerator(tx);
        const row = await mustRow(id, tx, true);
        const refusal = agreementEditRefusal(effectiveAgreementStatus(row.status as AgreementStatus, row.endDate, now));
        if (refusal) throw conflict(refusal);
        const covered = await checkInput(input, tx);
        const before = await repo.coveredUnits(id, tx);
        const values = formValues(input);
        const planChanged =
          planKey({ ...row, unitIds: before.map((u) => u.unitId) }) !==
          planKey({
            ...planOf(input),
            windowDays: input.windowDays,
            technicianId: input.technicianId,
            jobType: input.jobType,
            serviceLine: input.serviceLine,
            visitDuration: input.visitDuration,
            checklist: input.checklist,
            unitIds: input.unitIds,
          });
        let removed = 0;
        let planValues: Partial<AgreementInsert> = {};
        if (planChanged && row.status === 'active') {
          removed = await withdrawUnscheduled(id, now, tx);
          const planFrom = maxDate(input.startDate, now);
          planValues = { planFrom, nextVisitOn: firstVisitFrom(planOf(input), planFrom) };
        } else if (planChanged) {
          planValues = { planFrom: input.startDate };
        }
        await repo.update(id, { ...values, ...planValues }, tx);
        await repo.setUnits(id, covered, tx);
        await refreshNextBillOn(tx, id);
        return removed;
      });
      return { agreement: await detail(id), visitsWithdrawn: withdrawn };
    },

    /** A draft becomes active: its visits are made from today (or its start) on. */
    async activate(id: string): Promise<AgreementDetail> {
      const now = await today();
      await db.transaction(async (tx) => {
        const row = await mustRow(id, tx, true);
        const refusal = activateRefusal(row.status as AgreementStatus, row.endDate, now);
        if (refusal) throw conflict(refusal);
        const planFrom = maxDate(row.startDate, now);
        await repo.update(id, { status: 'active', planFrom, nextVisitOn: firstVisitFrom(row, planFrom) }, tx);
        await refreshNextBillOn(tx, id);
      });
      return detail(id);
    },

    /** What Cancel would do: the unscheduled visits from today on go, the scheduled ones stay. */
    async cancelPreview(id: string): Promise<CancelPreview> {
      await mustRow(id);
      const visits = await repo.futureVisits(id, await today());
      return {
        removable: visits.filter((v) => v.jobId && v.jobStatus === 'unscheduled').length,
        staying: visits.filter((v) => v.jobId && v.jobStatus === 'scheduled').length,
      };
    },

    /** Cancel: future unscheduled visits' jobs are removed (or cancelled when work was recorded); the rest stays. */
    async cancel(id: string): Promise<{ agreement: AgreementDetail; visitsRemoved: number }> {
      const now = await today();
      const removed = await db.transaction(async (tx) => {
        await repo.lockGenerator(tx);
        const row = await mustRow(id, tx, true);
        const refusal = cancelRefusal(effectiveAgreementStatus(row.status as AgreementStatus, row.endDate, now));
        if (refusal) throw conflict(refusal);
        const count = await withdrawUnscheduled(id, now, tx);
        // Draft advance invoices of periods not yet begun go; issued ones stay (decision 052).
        await withdrawAgreementBilling(tx, id, now);
        await repo.update(id, { status: 'cancelled', cancelledAt: clock(), nextVisitOn: null }, tx);
        return count;
      });
      return { agreement: await detail(id), visitsRemoved: removed };
    },

    /** Renew: the next term at the escalated price, active. */
    async renew(actor: SessionUser, id: string): Promise<AgreementDetail> {
      const now = await today();
      const newId = await db.transaction(async (tx) => {
        const row = await mustRow(id, tx, true);
        const labels = await repo.labels(row, tx);
        const refusal = renewRefusal(
          effectiveAgreementStatus(row.status as AgreementStatus, row.endDate, now),
          labels.renewedById,
        );
        if (refusal) throw conflict(refusal);
        return renewInTx(row, actor.id, tx);
      });
      return detail(newId);
    },

    /** The units the form offers: the company's, with their locations. */
    async companyUnits(companyId: string) {
      return { items: await repo.unitsOfCompany(companyId, AGREEMENT_LIMITS.unitsPerAgreement) };
    },

    /** The agreement a job is a visit of (the job page's link), with its not-to-exceed for repairs. */
    async ofJob(jobId: string) {
      const found = await repo.visitOfJob(jobId);
      return found
        ? {
            agreementId: found.agreementId,
            number: found.number,
            name: found.name,
            visitDate: found.visitDate,
            notToExceedCents: found.notToExceed === null ? null : toCents(found.notToExceed),
          }
        : null;
    },

    recentRuns: (limit = 10) => repo.recentRuns(limit),

    /**
     * One run of the visit generator, recorded. Under the advisory lock, in one transaction:
     * auto-renewals due within the horizon, then every visit from each active agreement's next
     * visit date to today + the days ahead (Settings), so visits missed while no server ran are
     * made too, then active agreements past their end become expired. A failure rolls the run
     * back and is recorded with its message.
     */
    async generate(trigger: 'schedule' | 'manual', actor: SessionUser | null = null): Promise<GeneratorRun> {
      // Read before the transaction: the settings repo runs on the database, not on `tx` (one
      // connection on PGlite would wait for the transaction).
      const now = await today();
      const horizon = addDays(now, await settings.agreementLeadDays());
      const issue = (await settings.getCompany()).agreement_invoice_status === 'issued';
      const runId = await repo.insertRun({
        trigger,
        triggeredBy: actor?.id ?? null,
        server: serverId,
        startedAt: clock(),
      });
      try {
        const outcome = await db.transaction(async (tx) => {
          await repo.lockGenerator(tx);
          let renewed = 0;
          for (const row of await repo.dueForRenewal(horizon, tx)) {
            if (!dueForAutoRenewal({ ...row, status: row.status as AgreementStatus, renewedBy: null }, horizon))
              continue;
            await renewInTx(row, null, tx);
            renewed++;
          }
          let created = 0;
          let after: string | null = null;
          for (;;) {
            const batch = await repo.dueForVisits(horizon, after, GENERATOR_BATCH, tx);
            created += await generateBatch(batch, horizon, runId, tx);
            if (batch.length < GENERATOR_BATCH) break;
            after = batch[batch.length - 1]!.id;
          }
          // Billing before expiry: an agreement ending today still bills its periods (decision 052).
          const billed = await billDue(tx, { storage: deps.storage, now: clock(), issue }, now);
          const expired = await repo.expireEnded(now, tx);
          return { created, renewed, expired, invoices: billed.invoicesCreated };
        });
        return await repo.finishRun(runId, {
          finishedAt: clock(),
          throughDate: horizon,
          visitsCreated: outcome.created,
          agreementsRenewed: outcome.renewed,
          agreementsExpired: outcome.expired,
          invoicesCreated: outcome.invoices,
          error: null,
        });
      } catch (error) {
        await repo.finishRun(runId, {
          finishedAt: clock(),
          throughDate: horizon,
          visitsCreated: 0,
          agreementsRenewed: 0,
          agreementsExpired: 0,
          invoicesCreated: 0,
          error: String((error as Error).message ?? error).slice(0, 2000),
        });
        throw error;
      }
    },
  };
}
export type AgreementsService = ReturnType<typeof createAgreementsService>;
