/**
 * The tables the jobs repos read, under the names their SQL uses, and the fragments several of
 * them share (the technicians as JSON, the cost total, the latest quote's state, a day's start).
 */
import { quoteDecided } from '../../db/views.js';
import { personName } from '../../db/person-name.js';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { JobTechnicianRef } from '../../../domain/jobs/index.js';
import { toCents } from '../../../domain/money.js';
import {
  companies,
  jobInvoices,
  jobItems,
  jobLatestQuotes,
  jobQuotes,
  jobRepairs,
  jobs,
  jobTechnicians,
  jobTypes,
  locations,
  serviceLines,
  technicians,
  units,
  users,
} from '../../db/schema.js';
import { from, tableAlias } from '../../db/sql.js';

export const job = tableAlias(jobs, 'job');
export const location = tableAlias(locations, 'location');
export const company = tableAlias(companies, 'company');
export const unit = tableAlias(units, 'unit');
export const jobType = tableAlias(jobTypes, 'job_type');
export const serviceLine = tableAlias(serviceLines, 'service_line');
/** a technician's assignment to a job (job_technicians) */
export const assignment = tableAlias(jobTechnicians, 'assignment');
/** a user named on a job: its technician, or an office user choice */
export const person = tableAlias(users, 'person');
export const technician = tableAlias(technicians, 'technician');
export const item = tableAlias(jobItems, 'item');
/** the user who created the job */
export const creator = tableAlias(users, 'creator');
export const invoice = tableAlias(jobInvoices, 'invoice');
export const quote = tableAlias(jobQuotes, 'quote');
export const latestQuote = tableAlias(jobLatestQuotes, 'latest_quote');
export const repair = tableAlias(jobRepairs, 'repair');

/** The job's latest quote's stored status (decision 018: the quote's state lives in job_quotes). */
export const latestQuoteStatus = sql<
  string | null
>`(select ${latestQuote.status} from ${from(latestQuote)} where ${latestQuote.jobId} = ${job.id})`;
export const quoteAnsweredNow = sql<boolean>`coalesce(${quoteDecided(latestQuoteStatus)}, false)`;

/** A person's name as lists show it: first and last name, or the username when both are blank. */
export { personName };
export const isoDate = (column: SQL | AnyColumn) => sql<string>`to_char(${column}, 'YYYY-MM-DD')`;

/** Technicians (assignment joined to person), primary first, as a JSON array. */
const TECHNICIANS_AGG = sql`json_agg(json_build_object('id', ${person.id}, 'name', ${personName(person)}, 'isPrimary', ${assignment.isPrimary})
    order by ${assignment.isPrimary} desc, ${personName(person)}, ${person.id})`;
/** The job's technicians, primary first, as JSON (one subquery in the same statement). */
export const TECHNICIANS_JSON = sql<JobTechnicianRef[]>`coalesce((
  select ${TECHNICIANS_AGG}
  from ${from(assignment)} join ${from(person)} on ${person.id} = ${assignment.technicianId}
  where ${assignment.jobId} = ${job.id}), '[]'::json)`;
export const COST_TOTAL =
  sql<number>`(select coalesce(sum(${item.totalCost}), 0) from ${from(item)} where ${item.jobId} = ${job.id})`.mapWith(
    toCents,
  );

export const OPEN = sql`${job.status} not in ('completed', 'cancelled')`;

/** The start of a calendar day in the company's time zone, as a timestamptz expression. */
export const dayStart = (isoDay: string, timeZone: string, plusDays = 0) =>
  sql`((${isoDay}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;
