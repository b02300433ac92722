/** The /jobs list: its filters, order, page and capped total, and the export's batches. */
import { quoteOpenAt } from '../../db/views.js';
import { sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import { JOB_STATUSES, type JobListItem, type JobListQuery } from '../../../domain/jobs/index.js';
import { countLimitFor } from '../../../domain/search.js';
import { countFirstTotalStatement, readList, type CountFirstList } from '../../lists/index.js';
import type { Executor } from '../../db/client.js';
import { jobAssignedCount, jobCounts, jobOpenDueCounts } from '../../db/schema.js';
import {
  COUNT_ROWS,
  from,
  nullable,
  searchTextMatch,
  oneOfColumn,
  selectRows,
  selection,
  whereAll,
  type RowOf,
} from '../../db/sql.js';
import {
  assignment,
  company,
  COST_TOTAL,
  dayStart,
  invoice,
  isoDate,
  job,
  jobType,
  latestQuote,
  latestQuoteStatus,
  location,
  OPEN,
  quote,
  quoteAnsweredNow,
  repair,
  TECHNICIANS_JSON,
  unit,
} from './jobs-tables.repo.js';

const LIST_ITEM = selection({
  id: job.id,
  number: job.number,
  name: job.name,
  status: oneOfColumn(job.status, JOB_STATUSES),
  type: job.type,
  typeName: nullable(jobType.name),
  serviceLine: job.serviceLine,
  isTraining: job.isTraining,
  office: job.office,
  companyId: company.id,
  companyName: company.name,
  locationId: location.id,
  locationName: location.name,
  unitId: job.unitId,
  unitNumber: nullable(unit.unitNumber),
  scheduleStart: job.scheduleStart,
  scheduleDuration: job.scheduleDuration,
  timePeriodStart: isoDate(job.timePeriodStart),
  timePeriodDue: isoDate(job.timePeriodDue),
  createdAt: job.createdAt,
  technicians: TECHNICIANS_JSON,
  costTotalCents: COST_TOTAL,
});

const FROM_JOINED = sql`from ${from(job)}
  join ${from(location)} on ${location.id} = ${job.locationId}
  join ${from(company)} on ${company.id} = ${location.companyId}
  left join ${from(unit)} on ${unit.id} = ${job.unitId}
  left join ${from(jobType)} on ${jobType.code} = ${job.type}`;

export function toListItem(row: RowOf<typeof LIST_ITEM.fields>): JobListItem {
  return { ...row, scheduleStart: row.scheduleStart?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

/** What the list's conditions need beyond the query: today and now in the company's time zone. */
export interface JobListContext {
  today: string;
  now: Date;
  timeZone: string;
}

/** The home cards' queues (src/domain/home.ts homeRules) as conditions on the job. */
function queueCondition(queue: NonNullable<JobListQuery['queue']>, ctx: JobListContext): SQL {
  switch (queue) {
    case 'no-appointment':
      return sql`${OPEN} and ${job.scheduleStart} is null`;
    case 'overdue':
      return sql`${OPEN} and ${job.timePeriodDue} < ${ctx.today}::date`;
    case 'to-mark-complete':
      return sql`${job.status} = 'scheduled' and ${job.scheduleStart} < ${ctx.now.toISOString()}::timestamptz`;
    case 'follow-up':
      return sql`${latestQuoteStatus} in ('sent', 'expired')`;
    case 'open-deficiencies':
      return sql`not ${quoteAnsweredNow} and exists (select 1 from ${from(repair)} where ${repair.jobId} = ${job.id} and ${repair.totalCost} > 0)`;
    case 'unsent-invoices':
      return sql`exists (select 1 from ${from(invoice)} where ${invoice.jobId} = ${job.id} and ${invoice.status} = 'draft')`;
    case 'ready-to-schedule':
      return sql`${OPEN} and ${latestQuoteStatus} = 'approved'`;
    case 'to-invoice':
      return sql`${job.status} = 'completed' and not exists (select 1 from ${from(invoice)} where ${invoice.jobId} = ${job.id} and ${invoice.status} <> 'void')`;
    case 'submitted-quotes':
      return sql`exists (select 1 from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quoteOpenAt(quote, ctx.now)})`;
  }
}

/** Every filter of /jobs as conditions on `job` (each served by an index on jobs or a child table). */
export function jobListConditions(
  query: JobListQuery,
  ctx: JobListContext,
  options: { technicianFromAssignments?: boolean } = {},
): SQL[] {
  const conditions: SQL[] = [];
  for (const word of searchWords(query.q)) conditions.push(searchTextMatch(job.searchText, word));
  if (query.status) conditions.push(sql`${job.status} = ${query.status}`);
  if (query.type) conditions.push(sql`${job.type} = ${query.type}`);
  if (query.serviceLine) conditions.push(sql`${job.serviceLine} = ${query.serviceLine}`);
  if (query.office) conditions.push(sql`${job.office} = ${query.office}`);
  if (query.unitId) conditions.push(sql`${job.unitId} = ${query.unitId}::uuid`);
  if (query.locationId) conditions.push(sql`${job.locationId} = ${query.locationId}::uuid`);
  if (query.companyId) {
    conditions.push(
      sql`${job.locationId} in (select ${location.id} from ${from(location)} where ${location.companyId} = ${query.companyId}::uuid)`,
    );
  }
  if (query.technicianId === 'unassigned') {
    conditions.push(sql`not exists (select 1 from ${from(assignment)} where ${assignment.jobId} = ${job.id})`);
  } else if (query.technicianId && !options.technicianFromAssignments) {
    conditions.push(
      sql`${job.id} in (select ${assignment.jobId} from ${from(assignment)} where ${assignment.technicianId} = ${query.technicianId}::uuid)`,
    );
  }
  if (query.from || query.to) {
    if (query.dateField === 'due') {
      if (query.from) conditions.push(sql`${job.timePeriodDue} >= ${query.from}::date`);
      if (query.to) conditions.push(sql`${job.timePeriodDue} <= ${query.to}::date`);
    } else if (query.dateField === 'quote-sent') {
      // The latest quote's send time: one row of job_quotes_job_idx (job_id, sent_at desc) per job.
      const sentAt = sql`(select ${latestQuote.sentAt} from ${from(latestQuote)} where ${latestQuote.jobId} = ${job.id})`;
      if (query.from) conditions.push(sql`${sentAt} >= ${dayStart(query.from, ctx.timeZone)}`);
      if (query.to) conditions.push(sql`${sentAt} < ${dayStart(query.to, ctx.timeZone, 1)}`);
    } else {
      const column = query.dateField === 'schedule' ? job.scheduleStart : job.createdAt;
      if (query.from) conditions.push(sql`${column} >= ${dayStart(query.from, ctx.timeZone)}`);
      if (query.to) conditions.push(sql`${column} < ${dayStart(query.to, ctx.timeZone, 1)}`);
    }
  }
  if (query.queue) conditions.push(queueCondition(query.queue, ctx));
  return conditions;
}

function orderBy(query: JobListQuery): SQL {
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
  switch (query.sort) {
    case 'number':
      return sql`${job.number} ${dir}`;
    case 'due':
      return sql`${job.timePeriodDue} ${dir}, ${job.number} ${dir}`;
    case 'schedule':
      return sql`${job.scheduleStart} ${dir} nulls last, ${job.number} ${dir}`;
    case 'created':
      return sql`${job.createdAt} ${dir}, ${job.number} ${dir}`;
  }
}

/**
 * The page statements of /jobs: the page's ids found in list order on jobs alone (or, for one
 * technician's jobs by creation, on their assignments), then joined for the 25 rows with their
 * technicians and cost total in the same statement; and for a due or schedule date range, the same
 * page from the matches gathered through that date's index and sorted.
 */
function jobPageStatements(query: JobListQuery, ctx: JobListContext) {
  const conditions = jobListConditions(query, ctx);
  const where = whereAll(conditions);
  const order = orderBy(query);
  const offset = (query.page - 1) * query.pageSize;
  // One technician's jobs newest (or oldest) first: their assignments in list order from
  // job_technicians_technician_order_idx (each carries its job's creation time and number,
  // migration 0031), each joined to its job for the other filters, instead of walking every job.
  const pageIds = byAssignment(query)
    ? (() => {
        const dir = query.dir === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
        const rest = whereAll(jobListConditions(query, ctx, { technicianFromAssignments: true }));
        return sql`select ${assignment.jobId} as id from ${from(assignment)} join ${from(job)} on ${job.id} = ${assignment.jobId}
          where ${assignment.technicianId} = ${query.technicianId}::uuid and ${rest}
          order by ${assignment.jobCreatedAt} ${dir}, ${assignment.jobNumber} ${dir} limit ${query.pageSize} offset ${offset}`;
      })()
    : sql`select ${job.id} as id from ${from(job)} where ${where} order by ${order} limit ${query.pageSize} offset ${offset}`;
  const gatheredIds = sql`select id from (select ${job.id} as id, ${job.createdAt}, ${job.number}, ${job.timePeriodDue}, ${job.scheduleStart} from ${from(job)} where ${where} offset 0) ${job}
    order by ${order} limit ${query.pageSize} offset ${offset}`;
  const pageOf = (ids: SQL) => sql`
      with page as materialized (${ids})
      select ${LIST_ITEM} ${FROM_JOINED} join page p on p.id = ${job.id}
      order by ${order}`;
  return { page: pageOf(pageIds), gathered: gatheredDateRange(query) ? pageOf(gatheredIds) : null };
}

const byAssignment = (query: JobListQuery) =>
  query.sort === 'created' && query.technicianId !== undefined && query.technicianId !== 'unassigned';

/**
 * A due or schedule date range finds its matches through that date's index; walking the list's
 * order (newest first) to reach them can pass most of the table when they were created long ago.
 * So when the count (capped) says they are few, they are gathered and sorted instead.
 */
const gatheredDateRange = (query: JobListQuery) =>
  !byAssignment(query) &&
  (query.from !== undefined || query.to !== undefined) &&
  (query.dateField === 'due' || query.dateField === 'schedule');

type Row = RowOf<typeof LIST_ITEM.fields>;

/** The /jobs list (src/server/lists/description.ts): four orders, its filters and search, its counters. */
export function jobList(options: { totalCap?: number } = {}): CountFirstList<JobListQuery, Row, JobListContext> {
  return {
    name: 'jobs',
    table: job,
    orders: {
      number: { index: 'jobs_number_unique' },
      due: { index: 'jobs_time_period_due_idx' },
      schedule: { index: 'jobs_schedule_start_idx' },
      created: { index: 'jobs_created_at_idx' },
      // one technician's jobs by creation: their assignments in that order
      technicianCreated: { index: 'job_technicians_technician_order_idx' },
    },
    orderOf: (query) => (byAssignment(query) ? 'technicianCreated' : query.sort),
    searchText: [job.searchText],
    filters: (query, ctx) => jobListConditions(query, ctx),
    paging: (query) => ({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap),
    }),
    total: {
      counters: (query, ctx) => counterStatement(query, ctx),
      capped: (query, ctx) => sql`select 1 from ${from(job)} where ${whereAll(jobListConditions(query, ctx))}`,
    },
    pages: {
      by: 'countFirst',
      walk: (exec, query, ctx) => selectRows(exec, LIST_ITEM, jobPageStatements(query, ctx).page),
      gather: {
        applies: gatheredDateRange,
        read: (exec, query, ctx) => selectRows(exec, LIST_ITEM, jobPageStatements(query, ctx).gathered!),
      },
    },
  };
}

/**
 * The statements behind /jobs (the tests and the benchmark read them): the page, the gathered
 * page of a date range (null for other filters) and the total (the counters' or capped at countLimit).
 */
export function jobListStatements(query: JobListQuery, ctx: JobListContext, options: { totalCap?: number } = {}) {
  const { page, gathered } = jobPageStatements(query, ctx);
  const { statement, countLimit } = countFirstTotalStatement(jobList(options), query, ctx);
  return { page, gathered, count: statement, countLimit };
}

/**
 * The list's exact total from the counters, when they answer the filters. With no filter, or only
 * filters the counters are kept by (status, type, service line, office), it is a sum over
 * job_counts; unassigned alone is that sum minus the jobs with technicians (job_assigned_count);
 * the overdue queue alone, the open jobs per due date before today (job_open_due_counts); one
 * technician alone, that technician's job_technicians rows (one per job). Anything else (null) is
 * counted over the same conditions, up to the cap.
 */
function counterStatement(query: JobListQuery, ctx: JobListContext): SQL | null {
  const { q, unitId, locationId, companyId, technicianId, from: fromDay, to: toDay, queue } = query;
  const counterFilters = !q && !unitId && !locationId && !companyId && !fromDay && !toDay && !queue;
  const counterDimensions = Boolean(query.status || query.type || query.serviceLine || query.office);
  if (counterFilters && technicianId === undefined) {
    const keys: SQL[] = [];
    if (query.status) keys.push(sql`${jobCounts.status} = ${query.status}`);
    if (query.type) keys.push(sql`${jobCounts.type} = ${query.type}`);
    if (query.serviceLine) keys.push(sql`${jobCounts.serviceLine} = ${query.serviceLine}`);
    if (query.office) keys.push(sql`${jobCounts.office} = ${query.office}`);
    return sql`select coalesce(sum(${jobCounts.n}), 0) as ${COUNT_ROWS.key('n')} from ${jobCounts} where ${whereAll(keys)}`;
  }
  if (counterFilters && !counterDimensions && technicianId === 'unassigned') {
    return sql`select (select coalesce(sum(${jobCounts.n}), 0) from ${jobCounts}) - (select ${jobAssignedCount.n} from ${jobAssignedCount}) as ${COUNT_ROWS.key('n')}`;
  }
  if (
    queue === 'overdue' &&
    !q &&
    !unitId &&
    !locationId &&
    !companyId &&
    !fromDay &&
    !toDay &&
    !counterDimensions &&
    !technicianId
  ) {
    // open jobs due before today, from the open jobs per due date (job_open_due_counts)
    return sql`select coalesce(sum(${jobOpenDueCounts.n}), 0) as ${COUNT_ROWS.key('n')} from ${jobOpenDueCounts} where ${jobOpenDueCounts.timePeriodDue} < ${ctx.today}::date`;
  }
  if (counterFilters && !counterDimensions && technicianId) {
    // job_technicians has one row per job and technician (unique), so its rows are the jobs.
    return sql`select ${COUNT_ROWS} from ${from(assignment)} where ${assignment.technicianId} = ${technicianId}::uuid`;
  }
  return null;
}

export function createJobsListRepo(db: Executor, options: { totalCap?: number } = {}) {
  const list = jobList(options);
  return {
    async list(
      query: JobListQuery,
      ctx: JobListContext,
      exec: Executor = db,
    ): Promise<{ items: JobListItem[]; total: number; totalCapped: boolean }> {
      const { rows, total, totalCapped } = await readList(exec, list, query, ctx);
      return { items: rows.map(toListItem), total, totalCapped };
    },

    /** A batch of the export: the filtered rows by job number (keyset: after the last number read). */
    async exportBatch(
      query: JobListQuery,
      ctx: JobListContext,
      after: number | null,
      limit: number,
      exec: Executor = db,
    ): Promise<JobListItem[]> {
      const conditions = jobListConditions(query, ctx);
      const ascending = query.dir === 'asc';
      if (after !== null) conditions.push(ascending ? sql`${job.number} > ${after}` : sql`${job.number} < ${after}`);
      const order = ascending ? sql`${job.number} asc` : sql`${job.number} desc`;
      const rows = await selectRows(
        exec,
        LIST_ITEM,
        sql`with page as materialized (select ${job.id} as id from ${from(job)} where ${whereAll(conditions)} order by ${order} limit ${limit})
            select ${LIST_ITEM} ${FROM_JOINED} join page p on p.id = ${job.id} order by ${order}`,
      );
      return rows.map(toListItem);
    },
  };
}
