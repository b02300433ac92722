import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  companies,
  jobInspections,
  jobInvoices,
  jobQuotes,
  jobRepairs,
  jobs,
  locations,
  units,
} from '../../db/schema.js';
import { from, selection, selectRow, selectRows, tableAlias, type RowOf } from '../../db/sql.js';
import { openRepair, quoteOpenAt } from '../../db/views.js';

const c = tableAlias(companies, 'c');
const l = tableAlias(locations, 'l');
const un = tableAlias(units, 'un');
const j = tableAlias(jobs, 'j');
const i = tableAlias(jobInspections, 'i');
const r = tableAlias(jobRepairs, 'r');
const q = tableAlias(jobQuotes, 'q');
const inv = tableAlias(jobInvoices, 'inv');

const COMPANY = selection({
  id: c.id,
  name: c.name,
  address: c.address,
  city: c.city,
  state: c.state,
  zip: c.zip,
  phone: c.phone,
});

const num = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);
const text = (expression: SQL) => sql<string | null>`${expression}`;
const instant = (expression: SQL) =>
  sql<Date | null>`${expression}`.mapWith((v: Date | string) => (v instanceof Date ? v : new Date(v)));
const cents = (expression: SQL) => sql`coalesce(round(${expression} * 100), 0)::bigint`;

const UNIT_ROW = selection({
  locationId: l.id,
  locationName: l.name,
  locationAddress: l.address,
  locationCity: l.city,
  locationState: l.state,
  locationZip: l.zip,
  unitId: un.id,
  unitNumber: un.unitNumber,
  unitStatus: un.status,
  systemType: text(sql`li.system_type`),
  unitType: text(sql`li.unit_type`),
  tonnage: text(sql`li.tonnage`),
  age: sql<number | null>`li.age`.mapWith(Number),
  inspectedAt: instant(sql`li.created_at`),
  lastServiceAt: instant(sql`ls.completed_at`),
  openRepairs: num(sql`coalesce(orp.n, 0)`),
  openRepairsCents: num(sql`coalesce(orp.v, 0)`),
  openQuotes: num(sql`coalesce(oq.n, 0)`),
  openQuotesCents: num(sql`coalesce(oq.v, 0)`),
  recentJobs: num(sql`coalesce(rc.n, 0)`),
  recentInvoicedCents: num(sql`coalesce(rc.v, 0)`),
});
export type ReportUnitRow = RowOf<typeof UNIT_ROW.fields>;
export type ReportCompanyRow = RowOf<typeof COMPANY.fields>;

export function createCompanyReportRepo(db: Executor) {
  return {
    async company(id: string): Promise<ReportCompanyRow | null> {
      return selectRow(db, COMPANY, sql`select ${COMPANY} from ${from(c)} where ${c.id} = ${id}::uuid`);
    },

    /**
     * Every unit of the company with its figures, by location name and unit number, in one
     * statement: each figure is aggregated once per unit over the company's jobs (no query per
     * unit). Indexes: locations_company_name_idx, units_location_unit_number_idx, jobs_unit_idx,
     * job_inspections_job_idx, job_repairs_job_idx, job_quotes_job_idx, job_invoices_job_idx.
     *
     * Open repair options are homeRules.openDeficiency (src/domain/home.ts) through its SQL twin
     * openRepair (db/views.ts), as Home and the unit page read it; open quotes use quoteOpenAt.
     */
    async units(companyId: string, opts: { now: Date; since: Date }): Promise<ReportUnitRow[]> {
      const since = sql`${opts.since.toISOString()}::timestamptz`;
      return selectRows(
        db,
        UNIT_ROW,
        sql`with cu as (
          select ${un.id} as id
          from ${from(l)} join ${from(un)} on ${un.locationId} = ${l.id}
          where ${l.companyId} = ${companyId}::uuid
        ),
        uj as (
          select ${j.id} as id, ${j.unitId} as unit_id, ${j.status} as status,
            ${j.completedAt} as completed_at, ${j.createdAt} as created_at
          from cu join ${from(j)} on ${j.unitId} = cu.id
        ),
        latest_inspection as (
          select distinct on (uj.unit_id) uj.unit_id, ${i.systemType} as system_type, ${i.unitType} as unit_type,
            ${i.tonnage} as tonnage, ${i.age} as age, ${i.createdAt} as created_at
          from uj join ${from(i)} on ${i.jobId} = uj.id
          order by uj.unit_id, ${i.createdAt} desc, ${i.id} desc
        ),
        last_service as (
          select uj.unit_id, max(uj.completed_at) as completed_at
          from uj where uj.status = 'completed' and uj.completed_at is not null
          group by uj.unit_id
        ),
        open_repairs as (
          select uj.unit_id, count(*) as n, ${cents(sql`sum(${r.totalCost})`)} as v
          from uj join ${from(r)} on ${r.jobId} = uj.id
          left join lateral (
            select ${q.status} as status from ${from(q)} where ${q.jobId} = uj.id
            order by ${q.sentAt} desc, ${q.id} desc limit 1
          ) lq on true
          where ${openRepair(r, sql`lq.status`)}
          group by uj.unit_id
        ),
        open_quotes as (
          select uj.unit_id, count(*) as n, ${cents(sql`sum(${q.amount})`)} as v
          from uj join ${from(q)} on ${q.jobId} = uj.id
          where ${quoteOpenAt(q, opts.now)}
          group by uj.unit_id
        ),
        recent_jobs as (
          select uj.id, uj.unit_id from uj where uj.status <> 'cancelled' and uj.created_at >= ${since}
        ),
        recent_invoiced as (
          select ${inv.jobId} as job_id, sum(${inv.amount}) as amount
          from recent_jobs rj join ${from(inv)} on ${inv.jobId} = rj.id
          where ${inv.status} in ('issued', 'paid')
          group by ${inv.jobId}
        ),
        recent as (
          select rj.unit_id, count(*) as n, ${cents(sql`sum(ri.amount)`)} as v
          from recent_jobs rj left join recent_invoiced ri on ri.job_id = rj.id
          group by rj.unit_id
        )
        select ${UNIT_ROW}
        from cu join ${from(un)} on ${un.id} = cu.id join ${from(l)} on ${l.id} = ${un.locationId}
        left join latest_inspection li on li.unit_id = cu.id
        left join last_service ls on ls.unit_id = cu.id
        left join open_repairs orp on orp.unit_id = cu.id
        left join open_quotes oq on oq.unit_id = cu.id
        left join recent rc on rc.unit_id = cu.id
        order by ${l.name}, ${l.id}, ${un.unitNumber}, ${un.id}`,
      );
    },
  };
}
export type CompanyReportRepo = ReturnType<typeof createCompanyReportRepo>;
