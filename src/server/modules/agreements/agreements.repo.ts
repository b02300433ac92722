/** The agreements module's SQL (issue 29, decision 043): the list, one agreement, its visits, the generator's reads and writes. */
import { and, asc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  AGREEMENT_STATUSES,
  BILLING_PLANS,
  effectiveAgreementStatus,
  type AgreementListItem,
  type AgreementListQuery,
  type AgreementExportQuery,
  type AgreementStatus,
  type AgreementVisit,
  type GeneratorRun,
  type VisitState,
} from '../../../domain/agreements/index.js';
import { toCents } from '../../../domain/money.js';
import { countLimitFor } from '../../../domain/search.js';
import type { Executor } from '../../db/client.js';
import {
  agreementGeneratorRuns,
  agreements,
  agreementUnits,
  agreementVisits,
  companies,
  jobs,
  jobTypes,
  locations,
  serviceLines,
  units,
  users,
} from '../../db/schema.js';
import { personName } from '../../db/person-name.js';
import { from, oneOfColumn, selectRows, selection, tableAlias, whereAll, type RowOf } from '../../db/sql.js';
import { planSortKeyList, readList, type SortKeyList } from '../../lists/index.js';

/** Where the list's total stops counting ("1,000+"). */
export const AGREEMENT_TOTAL_CAP = 1_000;
const AGREEMENT_SORT_LIMIT = 60_000;

const a = tableAlias(agreements, 'a');
const c = tableAlias(companies, 'c');

/** The columns of an agreement a list shows (the list and the reports), from `a` joined to its company `c`. */
export const AGREEMENT_LIST_COLUMNS = {
  id: a.id,
  number: a.number,
  name: a.name,
  companyId: a.companyId,
  companyName: c.name,
  status: oneOfColumn(a.status, AGREEMENT_STATUSES),
  startDate: a.startDate,
  endDate: a.endDate,
  price: a.price,
  billingPlan: oneOfColumn(a.billingPlan, BILLING_PLANS),
  autoRenew: a.autoRenew,
  nextVisitOn: a.nextVisitOn,
};
const LIST_ITEM = selection(AGREEMENT_LIST_COLUMNS);
const LIST_JOINS = sql`join ${from(c)} on ${c.id} = ${a.companyId}`;

/** The list's context: today in the company's zone (an active agreement past its end is expired). */
export interface AgreementListContext {
  today: string;
}

/** The status as shown today (the SQL twin of effectiveAgreementStatus, domain/agreements/status.ts). */
export function statusCondition(status: AgreementStatus, today: string): SQL {
  if (status === 'active') return sql`${a.status} = 'active' and ${a.endDate} >= ${today}::date`;
  if (status === 'expired')
    return sql`(${a.status} = 'expired' or (${a.status} = 'active' and ${a.endDate} < ${today}::date))`;
  return sql`${a.status} = ${status}`;
}

function filterConditions(filters: AgreementExportQuery, context: AgreementListContext): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(statusCondition(filters.status, context.today));
  if (filters.companyId) conditions.push(sql`${a.companyId} = ${filters.companyId}::uuid`);
  if (filters.endingBefore) conditions.push(sql`${a.endDate} < ${filters.endingBefore}::date`);
  return conditions;
}

type Row = RowOf<typeof LIST_ITEM.fields>;
const toListItem = ({ price, ...row }: Row, today: string): AgreementListItem => ({
  ...row,
  status: effectiveAgreementStatus(row.status, row.endDate, today),
  priceCents: toCents(price),
});

type ListOptions = { totalCap?: number };

/** /agreements (src/server/lists/description.ts): by end date, its filters, a capped total. */
export function agreementList(
  options: ListOptions = {},
): SortKeyList<AgreementListQuery, typeof LIST_ITEM.fields, AgreementListContext> {
  return {
    name: 'agreements',
    table: a,
    orders: { endDate: { index: 'agreements_end_date_idx' } },
    searchText: [],
    filters: (query, context) => filterConditions(query, context),
    paging: (query) => ({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap ?? AGREEMENT_TOTAL_CAP),
    }),
    total: {},
    pages: {
      by: 'sortKey',
      select: LIST_ITEM,
      id: a.id,
      sort: a.endDate,
      keys: { sort: 'endDate', id: 'id' },
      joins: LIST_JOINS,
      sortLimit: AGREEMENT_SORT_LIMIT,
    },
  };
}

/** The statements behind the /agreements list (the tests and the bench read them). */
export function agreementListStatements(
  query: AgreementListQuery,
  context: AgreementListContext,
  options: ListOptions = {},
) {
  return planSortKeyList(agreementList(options), query, context);
}

/**
 * An array as ONE parameter (a PostgreSQL array literal) for `unnest` and `= any`: for uuids and
 * ISO dates only (no commas, quotes or braces); null becomes NULL.
 */
const pgArray = (values: readonly (string | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;

/** Columns by their bare names (an INSERT's column list, an UPDATE's SET, ON CONFLICT). */
const columnNames = (...columns: { name: string }[]) =>
  sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/** What claimVisits answers for each visit it made. */
const CLAIMED_VISIT = selection({
  id: agreementVisits.id,
  agreementId: agreementVisits.agreementId,
  locationId: agreementVisits.locationId,
  visitDate: agreementVisits.visitDate,
});

export type AgreementRow = typeof agreements.$inferSelect;
export type AgreementInsert = typeof agreements.$inferInsert;

export interface CoveredUnit {
  unitId: string;
  unitNumber: string;
  locationId: string;
  locationName: string;
}

const person = tableAlias(users, 'p');
const renewal = tableAlias(agreements, 'r');

export function createAgreementsRepo(db: Executor, options: ListOptions = {}) {
  const list = agreementList(options);
  return {
    async list(
      query: AgreementListQuery,
      context: AgreementListContext,
      exec: Executor = db,
    ): Promise<{ items: AgreementListItem[]; total: number; totalCapped: boolean }> {
      const { rows, total, totalCapped } = await readList(exec, list, query, context);
      return { items: rows.map((r) => toListItem(r, context.today)), total, totalCapped };
    },

    async exportBatch(
      filters: AgreementExportQuery,
      context: AgreementListContext,
      after: { endDate: string; id: string } | null,
      limit: number,
    ): Promise<AgreementListItem[]> {
      const conditions = filterConditions(filters, context);
      if (after) conditions.push(sql`(${a.endDate}, ${a.id}) > (${after.endDate}::date, ${after.id}::uuid)`);
      const rows = await selectRows(
        db,
        LIST_ITEM,
        sql`select ${LIST_ITEM} from ${from(a)} ${LIST_JOINS} where ${whereAll(conditions)}
            order by ${a.endDate}, ${a.id} limit ${limit}`,
      );
      return rows.map((r) => toListItem(r, context.today));
    },

    /** One agreement's row, locked for the write's transaction when asked. */
    async row(id: string, exec: Executor = db, forUpdate = false): Promise<AgreementRow | null> {
      const query = exec.select().from(agreements).where(eq(agreements.id, id));
      const [row] = await (forUpdate ? query.for('update') : query);
      return row ?? null;
    },

    /** The names the detail shows beside the row: company, technician, job type, service line; and its renewal. */
    async labels(row: AgreementRow, exec: Executor = db) {
      const LABELS = selection({
        companyName: sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${row.companyId}::uuid)`,
        technicianName: sql<
          string | null
        >`(select ${personName(person)} from ${from(person)} where ${person.id} = ${row.technicianId}::uuid)`,
        jobTypeName: sql<
          string | null
        >`(select ${jobTypes.name} from ${jobTypes} where ${jobTypes.code} = ${row.jobType})`,
        serviceLineName: sql<
          string | null
        >`(select ${serviceLines.name} from ${serviceLines} where ${serviceLines.code} = ${row.serviceLine})`,
        renewedById: sql<
          string | null
        >`(select ${agreements.id}::text from ${agreements} where ${agreements.renewedFromId} = ${row.id}::uuid)`,
      });
      const [labels] = await selectRows(exec, LABELS, sql`select ${LABELS}`);
      return labels!;
    },

    async coveredUnits(agreementId: string, exec: Executor = db): Promise<CoveredUnit[]> {
      return exec
        .select({
          unitId: agreementUnits.unitId,
          unitNumber: units.unitNumber,
          locationId: agreementUnits.locationId,
          locationName: locations.name,
        })
        .from(agreementUnits)
        .innerJoin(units, eq(units.id, agreementUnits.unitId))
        .innerJoin(locations, eq(locations.id, agreementUnits.locationId))
        .where(eq(agreementUnits.agreementId, agreementId))
        .orderBy(asc(locations.name), asc(units.unitNumber));
    },

    /** The covered units of several agreements (the generator's batch), each's in `coveredUnits`' order. */
    async coveredUnitsOf(agreementIds: readonly string[], exec: Executor = db): Promise<Map<string, CoveredUnit[]>> {
      const found = new Map<string, CoveredUnit[]>(agreementIds.map((id) => [id, []]));
      if (agreementIds.length === 0) return found;
      const rows = await exec
        .select({
          agreementId: agreementUnits.agreementId,
          unitId: agreementUnits.unitId,
          unitNumber: units.unitNumber,
          locationId: agreementUnits.locationId,
          locationName: locations.name,
        })
        .from(agreementUnits)
        .innerJoin(units, eq(units.id, agreementUnits.unitId))
        .innerJoin(locations, eq(locations.id, agreementUnits.locationId))
        .where(sql`${agreementUnits.agreementId} = any(${pgArray(agreementIds)}::uuid[])`)
        .orderBy(asc(agreementUnits.agreementId), asc(locations.name), asc(units.unitNumber));
      for (const { agreementId, ...unit } of rows) found.get(agreementId)?.push(unit);
      return found;
    },

    /** The units asked for that exist, with their location and company. */
    async unitsOf(unitIds: readonly string[], exec: Executor = db) {
      if (unitIds.length === 0) return [];
      return exec
        .select({ id: units.id, locationId: units.locationId, companyId: locations.companyId })
        .from(units)
        .innerJoin(locations, eq(locations.id, units.locationId))
        .where(inArray(units.id, [...unitIds]));
    },

    /** A company's units with their locations, for the form's unit choice (at most `limit`). */
    async unitsOfCompany(companyId: string, limit: number, exec: Executor = db) {
      return exec
        .select({ id: units.id, unitNumber: units.unitNumber, locationId: locations.id, locationName: locations.name })
        .from(units)
        .innerJoin(locations, eq(locations.id, units.locationId))
        .where(eq(locations.companyId, companyId))
        .orderBy(asc(locations.name), asc(units.unitNumber), asc(units.id))
        .limit(limit);
    },

    async companyExists(companyId: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      return rows.length > 0;
    },

    async insert(values: AgreementInsert, exec: Executor = db): Promise<string> {
      const [row] = await exec.insert(agreements).values(values).returning({ id: agreements.id });
      return row!.id;
    },

    async update(id: string, values: Partial<AgreementInsert>, exec: Executor = db): Promise<void> {
      await exec
        .update(agreements)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(agreements.id, id));
    },

    /** The covered units become exactly these. */
    async setUnits(agreementId: string, rows: { unitId: string; locationId: string }[], exec: Executor = db) {
      await exec.delete(agreementUnits).where(eq(agreementUnits.agreementId, agreementId));
      if (rows.length) await exec.insert(agreementUnits).values(rows.map((r) => ({ agreementId, ...r })));
    },

    /** The agreement's visits with their jobs' state, by date. */
    async visits(agreementId: string, exec: Executor = db): Promise<AgreementVisit[]> {
      const rows = await exec
        .select({
          id: agreementVisits.id,
          visitDate: agreementVisits.visitDate,
          windowEnd: agreementVisits.windowEnd,
          locationId: agreementVisits.locationId,
          locationName: locations.name,
          jobId: agreementVisits.jobId,
          jobNumber: jobs.number,
          jobStatus: jobs.status,
          scheduleStart: jobs.scheduleStart,
        })
        .from(agreementVisits)
        .innerJoin(locations, eq(locations.id, agreementVisits.locationId))
        .leftJoin(jobs, eq(jobs.id, agreementVisits.jobId))
        .where(eq(agreementVisits.agreementId, agreementId))
        .orderBy(asc(agreementVisits.visitDate), asc(locations.name));
      return rows.map((r) => ({
        id: r.id,
        visitDate: r.visitDate,
        windowEnd: r.windowEnd,
        locationId: r.locationId,
        locationName: r.locationName,
        jobId: r.jobId,
        jobNumber: r.jobNumber ?? null,
        state: (r.jobId === null || !r.jobStatus ? 'removed' : r.jobStatus) as VisitState,
        scheduleStart: r.scheduleStart ? r.scheduleStart.toISOString() : null,
      }));
    },

    /** The visits on or after `from` with a job, and the job's status (cancel and plan edits decide by it). */
    async futureVisits(agreementId: string, fromDate: string, exec: Executor = db) {
      return exec
        .select({ id: agreementVisits.id, jobId: agreementVisits.jobId, jobStatus: jobs.status })
        .from(agreementVisits)
        .leftJoin(jobs, eq(jobs.id, agreementVisits.jobId))
        .where(and(eq(agreementVisits.agreementId, agreementId), gte(agreementVisits.visitDate, fromDate)));
    },

    async deleteVisit(id: string, exec: Executor = db): Promise<void> {
      await exec.delete(agreementVisits).where(eq(agreementVisits.id, id));
    },

    /** The visit's row, once: null when the agreement already has the visit of that month at the location. */
    async claimVisit(
      values: { agreementId: string; locationId: string; visitDate: string; windowEnd: string; runId: string },
      exec: Executor = db,
    ): Promise<string | null> {
      const rows = await exec
        .insert(agreementVisits)
        .values({ ...values, period: `${values.visitDate.slice(0, 7)}-01` })
        .onConflictDoNothing({
          target: [agreementVisits.agreementId, agreementVisits.period, agreementVisits.locationId],
        })
        .returning({ id: agreementVisits.id });
      return rows[0]?.id ?? null;
    },

    async setVisitJob(visitId: string, jobId: string, exec: Executor = db): Promise<void> {
      await exec.update(agreementVisits).set({ jobId }).where(eq(agreementVisits.id, visitId));
    },

    /**
     * Many visits' rows in one statement (the generator's batch, decision 053), each once: the
     * answer holds the visits made, a visit the agreement already has for that month at the
     * location is left out (as `claimVisit`). The first of two with one key in the list wins.
     */
    async claimVisits(
      values: readonly { agreementId: string; locationId: string; visitDate: string; windowEnd: string }[],
      runId: string,
      exec: Executor = db,
    ): Promise<{ id: string; agreementId: string; locationId: string; visitDate: string }[]> {
      if (values.length === 0) return [];
      const v = agreementVisits;
      return selectRows(
        exec,
        CLAIMED_VISIT,
        sql`insert into ${v} (${columnNames(v.agreementId, v.locationId, v.visitDate, v.period, v.windowEnd, v.runId)})
            select x.agreement_id, x.location_id, x.visit_date, x.period, x.window_end, ${runId}::uuid
            from unnest(${pgArray(values.map((w) => w.agreementId))}::uuid[],
                        ${pgArray(values.map((w) => w.locationId))}::uuid[],
                        ${pgArray(values.map((w) => w.visitDate))}::date[],
                        ${pgArray(values.map((w) => `${w.visitDate.slice(0, 7)}-01`))}::date[],
                        ${pgArray(values.map((w) => w.windowEnd))}::date[])
                 with ordinality as x(agreement_id, location_id, visit_date, period, window_end, ord)
            order by x.ord
            on conflict (${columnNames(v.agreementId, v.period, v.locationId)}) do nothing
            returning ${CLAIMED_VISIT}`,
      );
    },

    /** Visits' jobs, in one statement. */
    async setVisitJobs(links: readonly { visitId: string; jobId: string }[], exec: Executor = db): Promise<void> {
      if (links.length === 0) return;
      await exec.execute(
        sql`update ${agreementVisits} set ${columnNames(agreementVisits.jobId)} = l.job_id
            from unnest(${pgArray(links.map((l) => l.visitId))}::uuid[],
                        ${pgArray(links.map((l) => l.jobId))}::uuid[]) as l(visit_id, job_id)
            where ${agreementVisits.id} = l.visit_id`,
      );
    },

    /** Agreements' next visit dates (null: none left in the term), in one statement. */
    async setNextVisits(
      values: readonly { id: string; nextVisitOn: string | null }[],
      exec: Executor = db,
    ): Promise<void> {
      if (values.length === 0) return;
      await exec.execute(
        sql`update ${agreements} set ${columnNames(agreements.nextVisitOn)} = n.next_visit_on,
              ${columnNames(agreements.updatedAt)} = ${new Date().toISOString()}::timestamptz
            from unnest(${pgArray(values.map((v) => v.id))}::uuid[],
                        ${pgArray(values.map((v) => v.nextVisitOn))}::date[]) as n(id, next_visit_on)
            where ${agreements.id} = n.id`,
      );
    },

    /** The agreement a job is a visit of (the job page's link), or null. */
    async visitOfJob(jobId: string, exec: Executor = db) {
      const [row] = await exec
        .select({
          agreementId: agreements.id,
          number: agreements.number,
          name: agreements.name,
          visitDate: agreementVisits.visitDate,
          checklist: agreements.checklist,
          notToExceed: agreements.notToExceed,
        })
        .from(agreementVisits)
        .innerJoin(agreements, eq(agreements.id, agreementVisits.agreementId))
        .where(eq(agreementVisits.jobId, jobId))
        .limit(1);
      return row ?? null;
    },

    // ---- the generator ----------------------------------------------------------------------

    /**
     * Every generator run and every change of future visits holds this transaction-level lock, so
     * two app servers never work on the same visits at once (the visits' unique key is the second guard).
     */
    async lockGenerator(exec: Executor): Promise<void> {
      await exec.execute(sql`select pg_advisory_xact_lock(hashtext('agreement-visit-generator'))`);
    },

    /** Active agreements whose next visit is on or before the horizon, after `afterId`, by id. */
    async dueForVisits(horizon: string, afterId: string | null, limit: number, exec: Executor = db) {
      return exec
        .select()
        .from(agreements)
        .where(
          and(
            eq(agreements.status, 'active'),
            lte(agreements.nextVisitOn, horizon),
            afterId ? gt(agreements.id, afterId) : undefined,
          ),
        )
        .orderBy(asc(agreements.id))
        .limit(limit);
    },

    /** Active, auto-renewing agreements ending on or before the horizon that have no next term yet. */
    async dueForRenewal(horizon: string, exec: Executor = db): Promise<AgreementRow[]> {
      return exec
        .select()
        .from(agreements)
        .where(
          and(
            eq(agreements.status, 'active'),
            eq(agreements.autoRenew, true),
            lte(agreements.endDate, horizon),
            sql`not exists (select 1 from ${from(renewal)} where ${renewal.renewedFromId} = ${agreements.id})`,
          ),
        )
        .orderBy(asc(agreements.endDate), asc(agreements.id));
    },

    /** Active agreements whose end date passed become expired; how many. */
    async expireEnded(today: string, exec: Executor = db): Promise<number> {
      const rows = await exec
        .update(agreements)
        .set({ status: 'expired', nextVisitOn: null, updatedAt: new Date() })
        .where(and(eq(agreements.status, 'active'), sql`${agreements.endDate} < ${today}::date`))
        .returning({ id: agreements.id });
      return rows.length;
    },

    async insertRun(
      values: { trigger: 'schedule' | 'manual'; triggeredBy: string | null; server: string; startedAt: Date },
      exec: Executor = db,
    ): Promise<string> {
      const [row] = await exec
        .insert(agreementGeneratorRuns)
        .values(values)
        .returning({ id: agreementGeneratorRuns.id });
      return row!.id;
    },

    async finishRun(
      id: string,
      values: {
        finishedAt: Date;
        throughDate: string | null;
        visitsCreated: number;
        agreementsRenewed: number;
        agreementsExpired: number;
        invoicesCreated: number;
        error: string | null;
      },
      exec: Executor = db,
    ): Promise<GeneratorRun> {
      const [row] = await exec
        .update(agreementGeneratorRuns)
        .set(values)
        .where(eq(agreementGeneratorRuns.id, id))
        .returning();
      return toRun(row!);
    },

    async recentRuns(limit: number, exec: Executor = db): Promise<GeneratorRun[]> {
      const rows = await exec
        .select()
        .from(agreementGeneratorRuns)
        .orderBy(sql`${agreementGeneratorRuns.startedAt} desc, ${agreementGeneratorRuns.createdAt} desc`)
        .limit(limit);
      return rows.map(toRun);
    },
  };
}
export type AgreementsRepo = ReturnType<typeof createAgreementsRepo>;

function toRun(row: typeof agreementGeneratorRuns.$inferSelect): GeneratorRun {
  return {
    id: row.id,
    trigger: row.trigger === 'manual' ? 'manual' : 'schedule',
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    visitsCreated: row.visitsCreated,
    agreementsRenewed: row.agreementsRenewed,
    invoicesCreated: row.invoicesCreated,
    error: row.error,
  };
}
