import { and, asc, eq, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import {
  JOB_CONTACT_TYPES,
  JOB_ITEM_TYPES,
  JOB_STATUSES,
  SERVICE_CONTRACT_VALUES,
  type CalendarJob,
  type JobDetail,
  type JobItem,
  type JobListItem,
  type JobListQuery,
  type JobPreset,
  type JobStatus,
  type JobTechnicianDetail,
  type JobTechnicianRef,
  type PresetData,
} from '../../../domain/jobs.js';
import { DECIDED_QUOTE_STATUSES } from '../../../domain/quotes.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { countLimitFor } from '../../../domain/search.js';
import type { Executor } from '../../db/client.js';
import {
  companies,
  jobAssignedCount,
  jobCounts,
  jobOpenDueCounts,
  jobInspections,
  jobInvoices,
  jobItemPrices,
  jobItems,
  jobLaborPrices,
  jobPartPrices,
  jobPresets,
  jobLatestQuotes,
  jobQuotes,
  jobRepairs,
  jobs,
  jobTechnicians,
  jobTypes,
  locations,
  serviceLines,
  technicians,
  technicianTerritories,
  units,
  users,
} from '../../db/schema.js';
import { isOfficeUser, isTechnicianUser } from '../../db/roles.js';
import { COUNT_ROWS, countOf, from, nullable, searchTextMatch, oneOfColumn, selectRow, selectRows, selection, tableAlias, whereAll, type RowOf } from '../../db/sql.js';
import { quoteDecided, quoteOpenAt } from '../../db/views.js';
import { isTechnicianAssigned } from './job-assignment.js';
import { personName } from '../../db/person-name.js';

const j = tableAlias(jobs, 'j');
const l = tableAlias(locations, 'l');
const c = tableAlias(companies, 'c');
const un = tableAlias(units, 'un');
const ty = tableAlias(jobTypes, 'ty');
const sl = tableAlias(serviceLines, 'sl');
const jt = tableAlias(jobTechnicians, 'jt');
const tu = tableAlias(users, 'tu');
const tt = tableAlias(technicians, 'tt');
const it = tableAlias(jobItems, 'it');
const cb = tableAlias(users, 'cb');
const iv = tableAlias(jobInvoices, 'iv');
const qt = tableAlias(jobQuotes, 'qt');
const lq = tableAlias(jobLatestQuotes, 'lq');
/** The job's latest quote's stored status (decision 018: the quote's state lives in job_quotes). */
const latestQuoteStatus = sql<string | null>`(select ${lq.status} from ${from(lq)} where ${lq.jobId} = ${j.id})`;
const quoteAnsweredNow = sql<boolean>`coalesce(${quoteDecided(latestQuoteStatus)}, false)`;
const rp = tableAlias(jobRepairs, 'rp');

/** A person's name as lists show it: first and last name, or the username when both are blank. */
const isoDate = (column: SQL | AnyColumn) => sql<string>`to_char(${column}, 'YYYY-MM-DD')`;

/** Technicians (jt joined to tu), primary first, as a JSON array. */
const TECHNICIANS_AGG = sql`json_agg(json_build_object('id', ${tu.id}, 'name', ${personName(tu)}, 'isPrimary', ${jt.isPrimary})
    order by ${jt.isPrimary} desc, ${personName(tu)}, ${tu.id})`;
/** The job's technicians, primary first, as JSON (one subquery in the same statement). */
const TECHNICIANS_JSON = sql<JobTechnicianRef[]>`coalesce((
  select ${TECHNICIANS_AGG}
  from ${from(jt)} join ${from(tu)} on ${tu.id} = ${jt.technicianId}
  where ${jt.jobId} = ${j.id}), '[]'::json)`;
const COST_TOTAL = sql<number>`(select coalesce(sum(${it.totalCost}), 0) from ${from(it)} where ${it.jobId} = ${j.id})`.mapWith(toCents);

const LIST_ITEM = selection({
  id: j.id,
  number: j.number,
  name: j.name,
  status: oneOfColumn(j.status, JOB_STATUSES),
  type: j.type,
  typeName: nullable(ty.name),
  serviceLine: j.serviceLine,
  isTraining: j.isTraining,
  office: j.office,
  companyId: c.id,
  companyName: c.name,
  locationId: l.id,
  locationName: l.name,
  unitId: j.unitId,
  unitNumber: nullable(un.unitNumber),
  scheduleStart: j.scheduleStart,
  scheduleDuration: j.scheduleDuration,
  timePeriodStart: isoDate(j.timePeriodStart),
  timePeriodDue: isoDate(j.timePeriodDue),
  createdAt: j.createdAt,
  technicians: TECHNICIANS_JSON,
  costTotalCents: COST_TOTAL,
});

const FROM_JOINED = sql`from ${from(j)}
  join ${from(l)} on ${l.id} = ${j.locationId}
  join ${from(c)} on ${c.id} = ${l.companyId}
  left join ${from(un)} on ${un.id} = ${j.unitId}
  left join ${from(ty)} on ${ty.code} = ${j.type}`;

export function toListItem(row: RowOf<typeof LIST_ITEM.fields>): JobListItem {
  return { ...row, scheduleStart: row.scheduleStart?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

const OPEN = sql`${j.status} not in ('completed', 'cancelled')`;

/** What the list's conditions need beyond the query: today and now in the company's time zone. */
export interface JobListContext {
  today: string;
  now: Date;
  timeZone: string;
}

/** The start of a calendar day in the company's time zone, as a timestamptz expression. */
const dayStart = (isoDay: string, timeZone: string, plusDays = 0) => sql`((${isoDay}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/** The home cards' queues (src/domain/home.ts homeRules) as conditions on the job. */
function queueCondition(queue: NonNullable<JobListQuery['queue']>, ctx: JobListContext): SQL {
  switch (queue) {
    case 'no-appointment':
      return sql`${OPEN} and ${j.scheduleStart} is null`;
    case 'overdue':
      return sql`${OPEN} and ${j.timePeriodDue} < ${ctx.today}::date`;
    case 'to-mark-complete':
      return sql`${j.status} = 'scheduled' and ${j.scheduleStart} < ${ctx.now.toISOString()}::timestamptz`;
    case 'follow-up':
      return sql`${latestQuoteStatus} in ('sent', 'expired')`;
    case 'open-deficiencies':
      return sql`not ${quoteAnsweredNow} and exists (select 1 from ${from(rp)} where ${rp.jobId} = ${j.id} and ${rp.totalCost} > 0)`;
    case 'unsent-invoices':
      return sql`exists (select 1 from ${from(iv)} where ${iv.jobId} = ${j.id} and ${iv.status} = 'draft')`;
    case 'ready-to-schedule':
      return sql`${OPEN} and ${latestQuoteStatus} = 'approved'`;
    case 'to-invoice':
      return sql`${j.status} = 'completed' and not exists (select 1 from ${from(iv)} where ${iv.jobId} = ${j.id} and ${iv.status} <> 'void')`;
    case 'submitted-quotes':
      return sql`exists (select 1 from ${from(qt)} where ${qt.jobId} = ${j.id} and ${quoteOpenAt(qt, ctx.now)})`;
  }
}

/** Every filter of /jobs as conditions on `j` (each served by an index on jobs or a child table). */
export function jobListConditions(query: JobListQuery, ctx: JobListContext, options: { technicianFromAssignments?: boolean } = {}): SQL[] {
  const conditions: SQL[] = [];
  for (const word of searchWords(query.q)) conditions.push(searchTextMatch(j.searchText, word));
  if (query.status) conditions.push(sql`${j.status} = ${query.status}`);
  if (query.type) conditions.push(sql`${j.type} = ${query.type}`);
  if (query.serviceLine) conditions.push(sql`${j.serviceLine} = ${query.serviceLine}`);
  if (query.office) conditions.push(sql`${j.office} = ${query.office}`);
  if (query.unitId) conditions.push(sql`${j.unitId} = ${query.unitId}::uuid`);
  if (query.locationId) conditions.push(sql`${j.locationId} = ${query.locationId}::uuid`);
  if (query.companyId) {
    conditions.push(sql`${j.locationId} in (select ${l.id} from ${from(l)} where ${l.companyId} = ${query.companyId}::uuid)`);
  }
  if (query.technicianId === 'unassigned') {
    conditions.push(sql`not exists (select 1 from ${from(jt)} where ${jt.jobId} = ${j.id})`);
  } else if (query.technicianId && !options.technicianFromAssignments) {
    conditions.push(sql`${j.id} in (select ${jt.jobId} from ${from(jt)} where ${jt.technicianId} = ${query.technicianId}::uuid)`);
  }
  if (query.from || query.to) {
    if (query.dateField === 'due') {
      if (query.from) conditions.push(sql`${j.timePeriodDue} >= ${query.from}::date`);
      if (query.to) conditions.push(sql`${j.timePeriodDue} <= ${query.to}::date`);
    } else if (query.dateField === 'quote-sent') {
      // The latest quote's send time: one row of job_quotes_job_idx (job_id, sent_at desc) per job.
      const sentAt = sql`(select ${lq.sentAt} from ${from(lq)} where ${lq.jobId} = ${j.id})`;
      if (query.from) conditions.push(sql`${sentAt} >= ${dayStart(query.from, ctx.timeZone)}`);
      if (query.to) conditions.push(sql`${sentAt} < ${dayStart(query.to, ctx.timeZone, 1)}`);
    } else {
      const column = query.dateField === 'schedule' ? j.scheduleStart : j.createdAt;
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
      return sql`${j.number} ${dir}`;
    case 'due':
      return sql`${j.timePeriodDue} ${dir}, ${j.number} ${dir}`;
    case 'schedule':
      return sql`${j.scheduleStart} ${dir} nulls last, ${j.number} ${dir}`;
    case 'created':
      return sql`${j.createdAt} ${dir}, ${j.number} ${dir}`;
  }
}

/**
 * The statements behind /jobs (also shown with EXPLAIN by the benchmark): the page (ids found in
 * list order on jobs alone, then joined for the 25 rows with their technicians and cost total in
 * the same statement) and the count over the same conditions.
 */
export function jobListStatements(query: JobListQuery, ctx: JobListContext, options: { totalCap?: number } = {}) {
  const conditions = jobListConditions(query, ctx);
  const where = whereAll(conditions);
  const order = orderBy(query);
  const countLimit = countLimitFor(query.page, query.pageSize, options.totalCap);
  const counter = counterStatement(query, ctx);
  const offset = (query.page - 1) * query.pageSize;
  // One technician's jobs newest (or oldest) first: their assignments in list order from
  // job_technicians_technician_order_idx (each carries its job's creation time and number,
  // migration 0031), each joined to its job for the other filters, instead of walking every job.
  const byAssignment = query.sort === 'created' && query.technicianId !== undefined && query.technicianId !== 'unassigned';
  const pageIds = byAssignment
    ? (() => {
        const dir = query.dir === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
        const rest = whereAll(jobListConditions(query, ctx, { technicianFromAssignments: true }));
        return sql`select ${jt.jobId} as id from ${from(jt)} join ${from(j)} on ${j.id} = ${jt.jobId}
          where ${jt.technicianId} = ${query.technicianId}::uuid and ${rest}
          order by ${jt.jobCreatedAt} ${dir}, ${jt.jobNumber} ${dir} limit ${query.pageSize} offset ${offset}`;
      })()
    : sql`select ${j.id} as id from ${from(j)} where ${where} order by ${order} limit ${query.pageSize} offset ${offset}`;
  // A due or schedule date range finds its matches through that date's index; walking the list's
  // order (newest first) to reach them can pass most of the table when they were created long ago.
  // So when the count (capped) says they are few, they are gathered and sorted instead.
  const dateRange = !byAssignment && (query.from !== undefined || query.to !== undefined) && (query.dateField === 'due' || query.dateField === 'schedule');
  const gatheredIds = sql`select id from (select ${j.id} as id, ${j.createdAt}, ${j.number}, ${j.timePeriodDue}, ${j.scheduleStart} from ${from(j)} where ${where} offset 0) ${j}
    order by ${order} limit ${query.pageSize} offset ${offset}`;
  const pageOf = (ids: SQL) => sql`
      with page as materialized (${ids})
      select ${LIST_ITEM} ${FROM_JOINED} join page p on p.id = ${j.id}
      order by ${order}`;
  return {
    page: pageOf(pageIds),
    /** the page from the gathered matches of a due or schedule date range (null for other filters) */
    gathered: dateRange ? pageOf(gatheredIds) : null,
    // Exact from the counters when they answer the filters; otherwise the matches counted up to countLimit + 1.
    count: counter ?? sql`select ${COUNT_ROWS} from (select 1 from ${from(j)} where ${where} limit ${countLimit + 1}) capped`,
    countLimit: counter ? null : countLimit,
  };
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
  if (queue === 'overdue' && !q && !unitId && !locationId && !companyId && !fromDay && !toDay && !counterDimensions && !technicianId) {
    // open jobs due before today, from the open jobs per due date (job_open_due_counts)
    return sql`select coalesce(sum(${jobOpenDueCounts.n}), 0) as ${COUNT_ROWS.key('n')} from ${jobOpenDueCounts} where ${jobOpenDueCounts.timePeriodDue} < ${ctx.today}::date`;
  }
  if (counterFilters && !counterDimensions && technicianId) {
    // job_technicians has one row per job and technician (unique), so its rows are the jobs.
    return sql`select ${COUNT_ROWS} from ${from(jt)} where ${jt.technicianId} = ${technicianId}::uuid`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

const DETAIL = selection({
  id: j.id,
  number: j.number,
  name: j.name,
  status: oneOfColumn(j.status, JOB_STATUSES),
  type: j.type,
  typeName: nullable(ty.name),
  serviceLine: j.serviceLine,
  serviceLineName: nullable(sl.name),
  description: j.description,
  problemDescription: j.problemDescription,
  customerPo: j.customerPo,
  isTraining: j.isTraining,
  serviceContract: oneOfColumn(j.serviceContract, SERVICE_CONTRACT_VALUES),
  office: j.office,
  contactName: j.contactName,
  contactPhone: j.contactPhone,
  contactEmail: j.contactEmail,
  contactType: oneOfColumn(j.contactType, JOB_CONTACT_TYPES),
  timePeriodStart: isoDate(j.timePeriodStart),
  timePeriodDue: isoDate(j.timePeriodDue),
  scheduleStart: j.scheduleStart,
  scheduleDuration: j.scheduleDuration,
  tags: j.tags,
  subcontracted: j.subcontracted,
  quoteSent: sql<boolean>`exists (select 1 from ${from(lq)} where ${lq.jobId} = ${j.id})`,
  quoteSentAt: sql<Date | null>`(select ${lq.sentAt} from ${from(lq)} where ${lq.jobId} = ${j.id})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
  quoteConfirmed: quoteAnsweredNow,
  quoteConfirmedAt: sql<Date | null>`(select ${lq.decidedAt} from ${from(lq)} where ${lq.jobId} = ${j.id})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
  repairApproved: sql<boolean | null>`(case ${latestQuoteStatus} when 'approved' then true when 'declined' then false end)`,
  completedAt: j.completedAt,
  createdAt: j.createdAt,
  updatedAt: j.updatedAt,
  createdById: nullable(cb.id),
  createdByName: sql<string | null>`case when ${cb.id} is null then null else ${personName(cb)} end`,
  companyId: c.id,
  companyName: c.name,
  locationId: l.id,
  locationName: l.name,
  buildingName: l.buildingName,
  address: l.address,
  city: l.city,
  state: l.state,
  zip: l.zip,
  latitude: l.latitude,
  longitude: l.longitude,
  unitId: nullable(un.id),
  unitNumber: nullable(un.unitNumber),
  unitStatus: nullable(un.status),
  primaryContactType: un.primaryContactType,
  primaryContactEmail: un.primaryContactEmail,
  primaryContactPhone: un.primaryContactPhone,
  billingEntity: un.billingEntity,
  billingEmail: un.billingEmail,
  billingCity: un.billingCity,
  billingState: un.billingState,
  billingZip: un.billingZip,
  unitOffice: nullable(un.office),
  taxable: nullable(un.taxable),
  taxGroupName: un.taxGroupName,
  taxGroupCode: un.taxGroupCode,
  technicians: sql<(Omit<JobTechnicianDetail, 'name'> & { name: string })[]>`coalesce((
    select json_agg(json_build_object('id', ${tu.id}, 'name', ${personName(tu)}, 'isPrimary', ${jt.isPrimary},
      'firstName', ${tu.firstName}, 'lastName', ${tu.lastName}, 'email', ${tu.email}, 'phone', ${tu.phone})
      order by ${jt.isPrimary} desc, ${personName(tu)}, ${tu.id})
    from ${from(jt)} join ${from(tu)} on ${tu.id} = ${jt.technicianId}
    where ${jt.jobId} = ${j.id}), '[]'::json)`,
  items: sql<{ id: string; type: JobItem['type']; code: string; name: string; serviceLine: string | null; quantity: number; unitCost: string; totalCost: string; createdAt: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${it.id}, 'type', ${it.type}, 'code', ${it.code}, 'name', ${it.name}, 'serviceLine', ${it.serviceLine},
      'quantity', ${it.quantity}, 'unitCost', ${it.unitCost}::text, 'totalCost', ${it.totalCost}::text, 'createdAt', ${it.createdAt})
      order by ${it.createdAt}, ${it.id})
    from ${from(it)} where ${it.jobId} = ${j.id}), '[]'::json)`,
});

const DETAIL_FROM = sql`from ${from(j)}
  join ${from(l)} on ${l.id} = ${j.locationId}
  join ${from(c)} on ${c.id} = ${l.companyId}
  left join ${from(un)} on ${un.id} = ${j.unitId}
  left join ${from(ty)} on ${ty.code} = ${j.type}
  left join ${from(sl)} on ${sl.code} = ${j.serviceLine}
  left join ${from(cb)} on ${cb.id} = ${j.createdBy}`;

export type JobRecord = Omit<JobDetail, 'can'>;

function toItem(raw: { id: string; type: string; code: string; name: string; serviceLine: string | null; quantity: number; unitCost: string; totalCost: string; createdAt: string | Date }): JobItem {
  if (!(JOB_ITEM_TYPES as readonly string[]).includes(raw.type)) throw new Error(`Unexpected job item type ${raw.type}`);
  return {
    id: raw.id,
    type: raw.type as JobItem['type'],
    code: raw.code,
    name: raw.name,
    serviceLine: raw.serviceLine,
    quantity: Number(raw.quantity),
    unitCostCents: toCents(raw.unitCost),
    totalCents: toCents(raw.totalCost),
    createdAt: new Date(raw.createdAt).toISOString(),
  };
}

function toRecord(row: RowOf<typeof DETAIL.fields>): JobRecord {
  const items = row.items.map(toItem);
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    status: row.status,
    type: row.type,
    typeName: row.typeName,
    serviceLine: row.serviceLine,
    serviceLineName: row.serviceLineName,
    description: row.description,
    problemDescription: row.problemDescription,
    customerPo: row.customerPo,
    isTraining: row.isTraining,
    serviceContract: row.serviceContract,
    office: row.office,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    contactType: row.contactType,
    timePeriodStart: row.timePeriodStart,
    timePeriodDue: row.timePeriodDue,
    scheduleStart: row.scheduleStart?.toISOString() ?? null,
    scheduleDuration: row.scheduleDuration,
    tags: row.tags,
    subcontracted: row.subcontracted,
    quoteSent: row.quoteSent,
    quoteSentAt: row.quoteSentAt?.toISOString() ?? null,
    quoteConfirmed: row.quoteConfirmed,
    quoteConfirmedAt: row.quoteConfirmedAt?.toISOString() ?? null,
    repairApproved: row.repairApproved,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    company: { id: row.companyId, name: row.companyName },
    location: {
      id: row.locationId,
      name: row.locationName,
      buildingName: row.buildingName,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    unit: row.unitId
      ? {
          id: row.unitId,
          unitNumber: row.unitNumber ?? '',
          status: row.unitStatus ?? 'active',
          primaryContactType: row.primaryContactType,
          primaryContactEmail: row.primaryContactEmail,
          primaryContactPhone: row.primaryContactPhone,
          billingEntity: row.billingEntity,
          billingEmail: row.billingEmail,
          billingCity: row.billingCity,
          billingState: row.billingState,
          billingZip: row.billingZip,
          office: row.unitOffice,
          taxable: row.taxable ?? true,
          taxGroupName: row.taxGroupName,
          taxGroupCode: row.taxGroupCode,
        }
      : null,
    technicians: row.technicians.map((t) => ({ id: t.id, name: t.name, isPrimary: t.isPrimary, firstName: t.firstName, lastName: t.lastName, email: t.email, phone: t.phone })),
    items,
    costTotalCents: items.reduce((sum, i) => sum + i.totalCents, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar
// ---------------------------------------------------------------------------------------------

const CALENDAR_FIELDS = {
  id: j.id,
  number: j.number,
  name: j.name,
  status: oneOfColumn(j.status, JOB_STATUSES),
  type: j.type,
  scheduleStart: j.scheduleStart,
  scheduleDuration: j.scheduleDuration,
  timePeriodStart: isoDate(j.timePeriodStart),
  timePeriodDue: isoDate(j.timePeriodDue),
  companyName: c.name,
  locationName: l.name,
  unitNumber: nullable(un.unitNumber),
};
/** A scheduled job of the range, with its technicians through job_technicians' job index. */
const CALENDAR_JOB = selection({ ...CALENDAR_FIELDS, technicians: TECHNICIANS_JSON });
const CALENDAR_UNSCHEDULED = selection({ ...CALENDAR_FIELDS, technicians: TECHNICIANS_JSON, total: countOf(sql`page.total`) });
/** The columns of jobs the calendar reads, selected into a CTE named like the table's alias so the fields above apply. */
const CALENDAR_JOB_COLUMNS = sql`${j.id}, ${j.number}, ${j.name}, ${j.status}, ${j.type}, ${j.scheduleStart}, ${j.scheduleDuration},
  ${j.timePeriodStart}, ${j.timePeriodDue}, ${j.locationId}, ${j.unitId}`;
const CALENDAR_JOINS = sql`join ${from(l)} on ${l.id} = ${j.locationId}
  join ${from(c)} on ${c.id} = ${l.companyId}
  left join ${from(un)} on ${un.id} = ${j.unitId}`;

const DAY_TOTAL = selection({ day: sql<string>`"day"`, total: countOf(sql`"total"`) });
const toCalendarJob = (row: RowOf<typeof CALENDAR_JOB.fields>): CalendarJob => ({ ...row, scheduleStart: row.scheduleStart?.toISOString() ?? null });

export interface CalendarRange {
  from: string;
  to: string;
  timeZone: string;
  technicianId: string | undefined;
  office: string | undefined;
  unscheduledLimit: number;
  /** only the first this many jobs of each day (by start, then number) */
  perDay?: number;
}

/**
 * The calendar's statements. A month holds thousands of scheduled jobs: they are read once into a
 * CTE (`j`; with perDay only the first of each day), their technicians found per job through
 * job_technicians' job index (never a pass over the whole table), and company, location and
 * unit found through covering indexes (migration jobs-list-counters). The unscheduled jobs whose
 * period overlaps the range come from a GiST index on the period; their total is counted before
 * the 200 shown are joined.
 */
export function calendarStatements(q: CalendarRange) {
  const scope: SQL[] = [];
  if (q.technicianId) scope.push(sql`${j.id} in (select ${jt.jobId} from ${from(jt)} where ${jt.technicianId} = ${q.technicianId}::uuid)`);
  if (q.office) scope.push(sql`${j.office} = ${q.office}`);
  const extra = scope.length ? sql` and ${whereAll(scope)}` : sql``;
  const inRange = sql`${j.scheduleStart} >= ${dayStart(q.from, q.timeZone)} and ${j.scheduleStart} < ${dayStart(q.to, q.timeZone, 1)}
          and ${j.status} <> 'cancelled'${extra}`;
  const day = sql`(${j.scheduleStart} at time zone ${q.timeZone})::date`;
  // With perDay, a day's jobs are ranked by start and number and only the first perDay are joined
  // to their company, location, unit and technicians (a busy month holds thousands of jobs).
  const scheduledJobs =
    q.perDay === undefined
      ? sql`select ${CALENDAR_JOB_COLUMNS} from ${from(j)} where ${inRange}`
      : sql`select * from (
          select ${CALENDAR_JOB_COLUMNS}, row_number() over (partition by ${day} order by ${j.scheduleStart}, ${j.number}) as day_rank
          from ${from(j)} where ${inRange}) ranked
        where day_rank <= ${q.perDay}`;
  return {
    dayTotals: sql`select to_char(${day}, 'YYYY-MM-DD') as "day", count(*)::int as "total" from ${from(j)} where ${inRange} group by 1 order by 1`,
    scheduled: sql`with ${j} as materialized (${scheduledJobs})
      select ${CALENDAR_JOB} from ${j} ${CALENDAR_JOINS}
      order by ${j.scheduleStart}, ${j.number}`,
    // Open jobs without a start whose period overlaps the range (the same as due >= from and
    // start <= to, written as a range overlap for jobs_unscheduled_period_idx), earliest due first.
    unscheduled: sql`with page as materialized (
        select ${j.id} as id, count(*) over () as total from ${from(j)}
        where ${j.scheduleStart} is null and ${OPEN}
          and daterange(${j.timePeriodStart}, ${j.timePeriodDue}, '[]') && daterange(${q.from}::date, ${q.to}::date, '[]')${extra}
        order by ${j.timePeriodDue}, ${j.number}
        limit ${q.unscheduledLimit})
      select ${CALENDAR_UNSCHEDULED} from page join ${from(j)} on ${j.id} = page.id ${CALENDAR_JOINS}
      order by ${j.timePeriodDue}, ${j.number}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes and checks
// ---------------------------------------------------------------------------------------------

export type JobInsert = typeof jobs.$inferInsert;
export type JobItemInsert = typeof jobItems.$inferInsert;

const TECH_OPTION = selection({ id: tu.id, name: personName(tu), email: tu.email, phone: tu.phone });
const OFFICE = selection({ office: sql<string>`office` });
const REF_OPTION = selection({ code: ty.code, name: ty.name });
const SL_OPTION = selection({ code: sl.code, name: sl.name });
const JOB_STATE = selection({
  id: j.id,
  status: oneOfColumn(j.status, JOB_STATUSES),
  serviceLine: j.serviceLine,
  serviceContract: j.serviceContract,
  quoteConfirmed: quoteAnsweredNow,
  updatedAt: j.updatedAt,
});

export function createJobsRepo(db: Executor, options: { totalCap?: number } = {}) {
  return {
    async list(query: JobListQuery, ctx: JobListContext, exec: Executor = db): Promise<{ items: JobListItem[]; total: number; totalCapped: boolean }> {
      const statements = jobListStatements(query, ctx, options);
      let rows: RowOf<typeof LIST_ITEM.fields>[];
      let counted: { n: number } | null;
      if (statements.gathered) {
        // The count first: a capped count means many matches, found soonest by walking the order.
        counted = await selectRow(exec, COUNT_ROWS, statements.count);
        const many = statements.countLimit === null || (counted?.n ?? 0) > statements.countLimit;
        rows = await selectRows(exec, LIST_ITEM, many ? statements.page : statements.gathered);
      } else {
        [rows, counted] = await Promise.all([selectRows(exec, LIST_ITEM, statements.page), selectRow(exec, COUNT_ROWS, statements.count)]);
      }
      const n = counted?.n ?? 0;
      const totalCapped = statements.countLimit !== null && n > statements.countLimit;
      return { items: rows.map(toListItem), total: totalCapped ? statements.countLimit! : n, totalCapped };
    },

    /** A batch of the export: the filtered rows by job number (keyset: after the last number read). */
    async exportBatch(query: JobListQuery, ctx: JobListContext, after: number | null, limit: number, exec: Executor = db): Promise<JobListItem[]> {
      const conditions = jobListConditions(query, ctx);
      const ascending = query.dir === 'asc';
      if (after !== null) conditions.push(ascending ? sql`${j.number} > ${after}` : sql`${j.number} < ${after}`);
      const order = ascending ? sql`${j.number} asc` : sql`${j.number} desc`;
      const rows = await selectRows(
        exec,
        LIST_ITEM,
        sql`with page as materialized (select ${j.id} as id from ${from(j)} where ${whereAll(conditions)} order by ${order} limit ${limit})
            select ${LIST_ITEM} ${FROM_JOINED} join page p on p.id = ${j.id} order by ${order}`,
      );
      return rows.map(toListItem);
    },

    async detail(id: string, exec: Executor = db): Promise<JobRecord | null> {
      const row = await selectRow(exec, DETAIL, sql`select ${DETAIL} ${DETAIL_FROM} where ${j.id} = ${id}::uuid`);
      return row ? toRecord(row) : null;
    },

    /** The facts the writes check, optionally locking the job row. */
    async state(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}) {
      return selectRow(exec, JOB_STATE, sql`select ${JOB_STATE} from ${from(j)} where ${j.id} = ${id}::uuid ${options.forUpdate ? sql`for update of ${j}` : sql``}`);
    },

    async isAssigned(jobId: string, technicianId: string, exec: Executor = db): Promise<boolean> {
      return isTechnicianAssigned(exec, jobId, technicianId);
    },

    async locationOf(locationId: string, exec: Executor = db) {
      const [row] = await exec.select({ id: locations.id, companyId: locations.companyId }).from(locations).where(eq(locations.id, locationId)).limit(1);
      return row ?? null;
    },

    async unitOf(unitId: string, exec: Executor = db) {
      const [row] = await exec.select({ id: units.id, locationId: units.locationId }).from(units).where(eq(units.id, unitId)).limit(1);
      return row ?? null;
    },

    async activeJobType(code: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.select({ code: jobTypes.code }).from(jobTypes).where(and(eq(jobTypes.code, code), eq(jobTypes.isActive, true))).limit(1);
      return rows.length > 0;
    },

    async activeServiceLine(code: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.select({ code: serviceLines.code }).from(serviceLines).where(and(eq(serviceLines.code, code), eq(serviceLines.isActive, true))).limit(1);
      return rows.length > 0;
    },

    /** Of the given ids, those that are active technicians (role technician, status active, with a technician record). */
    async activeTechnicianIds(ids: readonly string[], exec: Executor = db): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await selectRows(
        exec,
        selection({ id: tu.id }),
        sql`select ${tu.id} as "id" from ${from(tu)} join ${from(tt)} on ${tt.id} = ${tu.id}
            where ${isTechnicianUser(tu.role)} and ${tu.status} = 'active' and ${tu.id} in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      );
      return new Set(rows.map((r) => r.id));
    },

    async insertJob(values: JobInsert, exec: Executor = db): Promise<{ id: string; number: number }> {
      const [row] = await exec.insert(jobs).values(values).returning({ id: jobs.id, number: jobs.number });
      return row!;
    },

    async insertTechnicians(jobId: string, rows: { technicianId: string; isPrimary: boolean }[], exec: Executor = db): Promise<void> {
      if (rows.length === 0) return;
      await exec.insert(jobTechnicians).values(rows.map((r) => ({ jobId, ...r })));
    },

    async deleteTechnicians(jobId: string, exec: Executor = db): Promise<void> {
      await exec.delete(jobTechnicians).where(eq(jobTechnicians.jobId, jobId));
    },

    async technicianDetails(jobId: string, exec: Executor = db): Promise<JobTechnicianDetail[]> {
      const T = selection({ id: tu.id, name: personName(tu), isPrimary: jt.isPrimary, firstName: tu.firstName, lastName: tu.lastName, email: tu.email, phone: tu.phone });
      return selectRows(
        exec,
        T,
        sql`select ${T} from ${from(jt)} join ${from(tu)} on ${tu.id} = ${jt.technicianId} where ${jt.jobId} = ${jobId}::uuid
            order by ${jt.isPrimary} desc, 2, ${tu.id}`,
      );
    },

    async setStatus(id: string, status: JobStatus, at: Date, exec: Executor = db): Promise<void> {
      await exec
        .update(jobs)
        .set({ status, updatedAt: at, ...(status === 'completed' ? { completedAt: at } : {}) })
        .where(eq(jobs.id, id));
    },

    async updateLabels(id: string, values: { tags?: string[]; subcontracted?: boolean }, at: Date, exec: Executor = db): Promise<void> {
      await exec
        .update(jobs)
        .set({ ...(values.tags !== undefined ? { tags: values.tags } : {}), ...(values.subcontracted !== undefined ? { subcontracted: values.subcontracted } : {}),
          // Always forward, so a dispatch board holding the previous version sees the change (decision 015).
          updatedAt: sql`greatest(${at.toISOString()}::timestamptz, ${jobs.updatedAt} + interval '1 millisecond')` })
        .where(eq(jobs.id, id));
    },

    async touch(id: string, at: Date, exec: Executor = db): Promise<void> {
      await exec.update(jobs).set({ updatedAt: at }).where(eq(jobs.id, id));
    },

    /** What refuses a delete: an answered quote (on the job or a quote record) and invoices past draft. */
    async deleteBlockers(id: string, exec: Executor = db): Promise<{ quoteAnswered: boolean; nonDraftInvoices: number }> {
      const B = selection({
        quoteAnswered: sql<boolean>`exists (select 1 from ${from(qt)} where ${qt.jobId} = ${j.id} and ${quoteDecided(qt.status)})`,
        nonDraftInvoices: countOf(sql`(select count(*) from ${from(iv)} where ${iv.jobId} = ${j.id} and ${iv.status} <> 'draft')`),
      });
      const row = await selectRow(exec, B, sql`select ${B} from ${from(j)} where ${j.id} = ${id}::uuid`);
      return row ?? { quoteAnswered: false, nonDraftInvoices: 0 };
    },

    /**
     * Removes the job and what hangs on it: items, technicians, inspections, repairs and photos by
     * cascade; its unanswered quotes and draft invoices explicitly (nothing decided or billed).
     */
    async deleteJob(id: string, exec: Executor = db): Promise<boolean> {
      await exec.delete(jobQuotes).where(and(eq(jobQuotes.jobId, id), notInArray(jobQuotes.status, [...DECIDED_QUOTE_STATUSES])));
      await exec.delete(jobInvoices).where(and(eq(jobInvoices.jobId, id), eq(jobInvoices.status, 'draft')));
      await exec.delete(jobInspections).where(eq(jobInspections.jobId, id));
      const rows = await exec.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
      return rows.length > 0;
    },

    async item(jobId: string, itemId: string, exec: Executor = db): Promise<JobItem | null> {
      const [row] = await exec
        .select()
        .from(jobItems)
        .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, jobId)))
        .limit(1);
      return row ? toItem({ ...row, unitCost: row.unitCost, totalCost: row.totalCost }) : null;
    },

    async insertItem(values: { jobId: string; type: JobItem['type']; code: string; name: string; serviceLine: string | null; quantity: number; unitCostCents: number; totalCents: number }, exec: Executor = db): Promise<JobItem> {
      const [row] = await exec
        .insert(jobItems)
        .values({
          jobId: values.jobId,
          type: values.type,
          code: values.code,
          name: values.name,
          serviceLine: values.serviceLine,
          quantity: values.quantity,
          unitCost: centsToDecimal(values.unitCostCents),
          totalCost: centsToDecimal(values.totalCents),
        })
        .returning();
      return toItem(row!);
    },

    async updateItem(jobId: string, itemId: string, values: { quantity: number; unitCostCents: number; totalCents: number; at: Date }, exec: Executor = db): Promise<JobItem | null> {
      const [row] = await exec
        .update(jobItems)
        .set({ quantity: values.quantity, unitCost: centsToDecimal(values.unitCostCents), totalCost: centsToDecimal(values.totalCents), updatedAt: values.at })
        .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, jobId)))
        .returning();
      return row ? toItem(row) : null;
    },

    async deleteItem(jobId: string, itemId: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .delete(jobItems)
        .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, jobId)))
        .returning({ id: jobItems.id });
      return rows.length > 0;
    },

    /** A price-book line of the given kind, with both flat rates for a part. */
    async priceBookLine(kind: JobItem['type'], id: string, exec: Executor = db) {
      if (kind === 'part') {
        const [row] = await exec.select().from(jobPartPrices).where(eq(jobPartPrices.id, id)).limit(1);
        return row
          ? {
              code: row.code,
              name: row.name,
              serviceLine: row.serviceLine,
              unitCostCents: toCents(row.unitCost),
              flatRateNonContractCents: toCents(row.flatRateNonContract) as number | null,
              flatRatePmContractCents: toCents(row.flatRatePmContract) as number | null,
            }
          : null;
      }
      const table = kind === 'labor' ? jobLaborPrices : jobItemPrices;
      const [row] = await exec
        .select({ code: table.code, name: table.name, serviceLine: table.serviceLine, unitCost: table.unitCost })
        .from(table)
        .where(eq(table.id, id))
        .limit(1);
      return row ? { code: row.code, name: row.name, serviceLine: row.serviceLine, unitCostCents: toCents(row.unitCost), flatRateNonContractCents: null, flatRatePmContractCents: null } : null;
    },

    async calendar(q: CalendarRange, exec: Executor = db): Promise<{ scheduled: CalendarJob[]; dayTotals: { day: string; total: number }[]; unscheduled: CalendarJob[]; unscheduledTotal: number }> {
      const statements = calendarStatements(q);
      const [scheduled, dayTotals, unscheduled] = await Promise.all([
        selectRows(exec, CALENDAR_JOB, statements.scheduled),
        selectRows(exec, DAY_TOTAL, statements.dayTotals),
        selectRows(exec, CALENDAR_UNSCHEDULED, statements.unscheduled),
      ]);
      return {
        scheduled: scheduled.map(toCalendarJob),
        dayTotals,
        unscheduled: unscheduled.map(({ total: _total, ...row }) => toCalendarJob(row)),
        unscheduledTotal: unscheduled[0]?.total ?? 0,
      };
    },

    async options(exec: Executor = db) {
      const [types, lines, offices, techs] = await Promise.all([
        selectRows(exec, REF_OPTION, sql`select ${REF_OPTION} from ${from(ty)} where ${ty.isActive} order by ${ty.name}`),
        selectRows(exec, SL_OPTION, sql`select ${SL_OPTION} from ${from(sl)} where ${sl.isActive} order by ${sl.name}`),
        // Distinct offices without reading every job (a loose index scan over jobs_office_idx).
        selectRows(
          exec,
          OFFICE,
          sql`with recursive o(office) as (
            select min(${j.office}) from ${from(j)}
            union all
            select (select min(${j.office}) from ${from(j)} where ${j.office} > o.office) from o where o.office is not null
          )
          select office from o where office is not null
          union
          select distinct ${tt.office} from ${from(tt)}
          order by 1`,
        ),
        selectRows(
          exec,
          TECH_OPTION,
          sql`select ${TECH_OPTION} from ${from(tu)} join ${from(tt)} on ${tt.id} = ${tu.id}
              where ${isTechnicianUser(tu.role)} and ${tu.status} = 'active' order by 2, ${tu.id}`,
        ),
      ]);
      return { jobTypes: types, serviceLines: lines, offices: offices.map((o) => o.office), technicians: techs };
    },

    /** The board's Job Owner choices (active office users) and Region choices (territory names). */
    async dispatchChoices(exec: Executor = db) {
      const OWNER = selection({ id: tu.id, name: personName(tu) });
      const REGION = selection({ name: technicianTerritories.territoryName });
      const [owners, regions] = await Promise.all([
        selectRows(exec, OWNER, sql`select ${OWNER} from ${from(tu)} where ${tu.status} = 'active' and ${isOfficeUser(tu.role)} order by 2, ${tu.id}`),
        selectRows(exec, REGION, sql`select distinct ${technicianTerritories.territoryName} as "name" from ${technicianTerritories} order by 1`),
      ]);
      return { owners, regions: regions.map((r) => r.name) };
    },

    async presets(userId: string, exec: Executor = db): Promise<JobPreset[]> {
      const rows = await exec.select().from(jobPresets).where(eq(jobPresets.userId, userId)).orderBy(asc(jobPresets.name), asc(jobPresets.id));
      return rows.map((r) => ({ id: r.id, name: r.name, data: r.data as PresetData, createdAt: r.createdAt.toISOString() }));
    },

    async insertPreset(userId: string, name: string, data: PresetData, exec: Executor = db): Promise<JobPreset> {
      const [r] = await exec.insert(jobPresets).values({ userId, name, data }).returning();
      return { id: r!.id, name: r!.name, data: r!.data as PresetData, createdAt: r!.createdAt.toISOString() };
    },

    async deletePreset(userId: string, id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .delete(jobPresets)
        .where(and(eq(jobPresets.id, id), eq(jobPresets.userId, userId)))
        .returning({ id: jobPresets.id });
      return rows.length > 0;
    },
  };
}
export type JobsRepo = ReturnType<typeof createJobsRepo>;
