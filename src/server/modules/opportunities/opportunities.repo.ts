/**
 * Service Opportunities' SQL (decision 039): the four kinds of src/domain/opportunities.ts as one
 * UNION ALL, filtered, totalled by kind and paged in SQL, and the follow-ups and dismissals this
 * module owns (opportunity_follow_ups).
 *
 * Not through the list planner (src/server/lists/planner.ts): a description there pages one table
 * by its order index, and this list is a union of four sources (repair records, quotes, units
 * through their inspections and repairs) whose rows exist only in the query. Each source is read
 * through its own index: repair records without a repair quote (job_repairs_job_idx and
 * job_quotes_job_idx), open quotes (job_quotes_one_open_per_job / job_quotes_open_idx), declined quotes
 * (job_quotes_declined_idx), units' latest inspections and recent repairs (job_inspections_job_idx,
 * job_repairs_created_idx); the filters by company and technician join locations and
 * job_technicians by their keys.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ageRange,
  OPPORTUNITY_KINDS,
  REPEAT_REPAIR_JOBS,
  REPEAT_REPAIR_MONTHS,
  REPLACEMENT_REASONS,
  type OpportunityFilters,
  type OpportunityKind,
  type Opportunity,
  type OpportunityTotals,
} from '../../../domain/opportunities.js';
import { REPAIR_PHASE_LABELS, REPAIR_PHASES } from '../../../domain/repairs.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import {
  companies,
  jobInspections,
  jobQuotes,
  jobRepairs,
  jobs,
  jobTechnicians,
  locations,
  opportunityFollowUps,
  units,
  users,
} from '../../db/schema.js';
import { countOf, from, selectRow, selectRows, selection, tableAlias } from '../../db/sql.js';
import { personName } from '../../db/person-name.js';
import { repairUnsettled } from '../../db/views.js';

const r = tableAlias(jobRepairs, 'r');
const j = tableAlias(jobs, 'j');
const q = tableAlias(jobQuotes, 'q');
const q2 = tableAlias(jobQuotes, 'q2');
const i = tableAlias(jobInspections, 'i');
const l = tableAlias(locations, 'l');
const c = tableAlias(companies, 'c');
const un = tableAlias(units, 'un');
const fu = tableAlias(opportunityFollowUps, 'fu');
const jt = tableAlias(jobTechnicians, 'jt');
const u = tableAlias(users, 'u');

export interface OpportunityScope {
  filters: OpportunityFilters;
  /** Today in the company's zone (YYYY-MM-DD) and the zone: ages are counted in days there. */
  today: string;
  timeZone: string;
  now: Date;
  replacementAgeYears: number;
}

/** Every opportunity of the four kinds, one row each, with the columns the list reads (as `o`). */
function sources(scope: OpportunityScope): SQL {
  const since = new Date(scope.now);
  since.setUTCMonth(since.getUTCMonth() - REPEAT_REPAIR_MONTHS);
  return sql`(
    select 'unquoted_repair'::text as kind, ${r.id} as source_id, ${j.id} as job_id, ${j.unitId} as unit_id,
      ${j.locationId} as location_id, ${r.totalCost} as value, ${r.createdAt} as arisen_at,
      null::text as quote_number, null::text as quote_type, ${r.selectedPhase}::text as phase,
      null::text as decline_reason, null::text as decline_comment,
      null::text as replacement_reason, null::integer as unit_age
    from ${from(r)} join ${from(j)} on ${j.id} = ${r.jobId}
    where ${r.totalCost} > 0 and ${j.status} <> 'cancelled' and ${repairUnsettled(r)}
      and not exists (select 1 from ${from(q)} where ${q.jobId} = ${r.jobId} and ${q.quoteType} in ('repair', 'replacement'))
    union all
    select case when ${q.status} = 'sent' then 'awaiting_customer' else 'declined_quote' end as kind,
      ${q.id} as source_id, ${j.id} as job_id, ${j.unitId} as unit_id, ${j.locationId} as location_id,
      ${q.amount} as value, case when ${q.status} = 'sent' then ${q.sentAt} else ${q.decidedAt} end as arisen_at,
      ${q.quoteNumber}::text as quote_number, ${q.quoteType}::text as quote_type, null::text as phase,
      ${q.declineReason}::text as decline_reason, ${q.declineComment}::text as decline_comment,
      null::text as replacement_reason, null::integer as unit_age
    from ${from(q)} join ${from(j)} on ${j.id} = ${q.jobId}
    where ${q.status} in ('sent', 'declined')
    union all
    select 'replacement'::text as kind, coalesce(old.unit_id, rep.unit_id) as source_id,
      coalesce(old.job_id, rep.job_id) as job_id, coalesce(old.unit_id, rep.unit_id) as unit_id,
      ${un.locationId} as location_id, null::numeric as value,
      greatest(old.arisen_at, rep.arisen_at) as arisen_at,
      null::text as quote_number, null::text as quote_type, null::text as phase,
      null::text as decline_reason, null::text as decline_comment,
      case when old.unit_id is not null and rep.unit_id is not null then 'age_and_repeat_repairs'
        when old.unit_id is not null then 'age' else 'repeat_repairs' end as replacement_reason,
      old.age as unit_age
    from (
      select * from (
        select distinct on (${j.unitId}) ${j.unitId} as unit_id, ${j.id} as job_id, ${i.age} as age, ${i.createdAt} as arisen_at
        from ${from(i)} join ${from(j)} on ${j.id} = ${i.jobId}
        where ${j.unitId} is not null and ${i.age} is not null
        order by ${j.unitId}, ${i.createdAt} desc, ${i.id} desc
      ) latest where latest.age >= ${scope.replacementAgeYears}
    ) old
    full join (
      select ${j.unitId} as unit_id, (array_agg(${j.id} order by ${r.createdAt} desc))[1] as job_id,
        max(${r.createdAt}) as arisen_at
      from ${from(r)} join ${from(j)} on ${j.id} = ${r.jobId}
      where ${r.createdAt} >= ${since.toISOString()}::timestamptz and ${r.totalCost} > 0 and ${j.unitId} is not null
      group by ${j.unitId}
      having count(distinct ${j.id}) >= ${REPEAT_REPAIR_JOBS}
    ) rep on rep.unit_id = old.unit_id
    join ${from(un)} on ${un.id} = coalesce(old.unit_id, rep.unit_id)
    where not exists (
      select 1 from ${from(q2)} join ${from(j)} on ${j.id} = ${q2.jobId}
      where ${j.unitId} = coalesce(old.unit_id, rep.unit_id) and ${q2.quoteType} = 'replacement'
        and ${q2.status} in ('sent', 'approved')
    )
  ) o`;
}

/** Days since the opportunity arose, counted in the company's zone (twin of opportunityAgeDays). */
const ageDays = (scope: OpportunityScope) =>
  sql`(${scope.today}::date - (o.arisen_at at time zone ${scope.timeZone})::date)`;

/** Every filter but the kind (the totals by kind are read under them). */
function conditions(scope: OpportunityScope): SQL {
  const f = scope.filters;
  const parts: SQL[] = [f.dismissed === '1' ? sql`${fu.dismissedAt} is not null` : sql`${fu.dismissedAt} is null`];
  if (f.companyId) parts.push(sql`${l.companyId} = ${f.companyId}::uuid`);
  if (f.technicianId)
    parts.push(
      sql`exists (select 1 from ${from(jt)} where ${jt.jobId} = o.job_id and ${jt.technicianId} = ${f.technicianId}::uuid)`,
    );
  if (f.age) {
    const range = ageRange(f.age);
    parts.push(sql`${ageDays(scope)} >= ${range.min}`);
    if (range.max !== null) parts.push(sql`${ageDays(scope)} <= ${range.max}`);
  }
  return sql.join(parts, sql` and `);
}

/** The filtered opportunities (every kind), with their location and follow-up: `f`. */
function filtered(scope: OpportunityScope): SQL {
  return sql`filtered as materialized (
    select o.*, ${ageDays(scope)} as age_days, ${l.name} as location_name, ${l.companyId} as company_id,
      ${fu.followUpOn} as follow_up_on, ${fu.note} as follow_up_note, ${fu.dismissedAt} as dismissed_at,
      ${fu.dismissReason} as dismiss_reason
    from ${sources(scope)}
    join ${from(l)} on ${l.id} = o.location_id
    left join ${from(fu)} on ${fu.kind} = o.kind and ${fu.sourceId} = o.source_id
    where ${conditions(scope)}
  )`;
}

const TOTAL = selection({
  kind: sql<OpportunityKind>`kind`,
  count: countOf(),
  value: sql<string>`coalesce(sum(value), 0)`,
});

const ROW = selection({
  kind: sql<OpportunityKind>`p.kind`,
  sourceId: sql<string>`p.source_id`,
  jobId: sql<string | null>`p.job_id`,
  jobNumber: sql<number | null>`${j.number}`,
  unitId: sql<string | null>`p.unit_id`,
  unitNumber: sql<string | null>`${un.unitNumber}`,
  locationId: sql<string>`p.location_id`,
  locationName: sql<string>`p.location_name`,
  companyId: sql<string>`p.company_id`,
  companyName: sql<string>`${c.name}`,
  technicians: sql<string[]>`array(
    select ${personName(u)} from ${from(jt)} join ${from(u)} on ${u.id} = ${jt.technicianId}
    where ${jt.jobId} = p.job_id order by ${jt.isPrimary} desc, ${u.lastName}, ${u.firstName})`,
  value: sql<string | null>`p.value::text`,
  arisenAt: sql<Date>`p.arisen_at`.mapWith((v: unknown) => new Date(v as string)),
  ageDays: countOf(sql`p.age_days`),
  quoteNumber: sql<string | null>`p.quote_number`,
  quoteType: sql<string | null>`p.quote_type`,
  phase: sql<string | null>`p.phase`,
  declineReason: sql<string | null>`p.decline_reason`,
  declineComment: sql<string | null>`p.decline_comment`,
  replacementReason: sql<string | null>`p.replacement_reason`,
  unitAge: sql<number | null>`p.unit_age`,
  followUpOn: sql<string | null>`p.follow_up_on::text`,
  followUpNote: sql<string | null>`p.follow_up_note`,
  dismissedAt: sql<Date | null>`p.dismissed_at`.mapWith((v: unknown) => new Date(v as string)),
  dismissReason: sql<string | null>`p.dismiss_reason`,
  /** Every row carries the totals by kind (an InitPlan over the same filtered rows: read once). */
  totals: sql<{ kind: OpportunityKind; count: number; value: string }[] | null>`(
    select json_agg(json_build_object('kind', kind, 'count', n, 'value', v::text))
    from (select kind, count(*) as n, coalesce(sum(value), 0) as v from filtered group by kind) t)`,
});

function orderBy(filters: OpportunityFilters): SQL {
  // "age" descending is the oldest first (the earliest arisen_at).
  const dir = filters.dir === 'asc' ? sql`asc` : sql`desc`;
  const reverse = filters.dir === 'asc' ? sql`desc` : sql`asc`;
  return filters.sort === 'value'
    ? sql`p.value ${dir} nulls last, p.arisen_at asc, p.kind, p.source_id`
    : sql`p.arisen_at ${reverse}, p.kind, p.source_id`;
}

type Totals = { kind: OpportunityKind; count: number; value: string }[];
function toTotals(rows: Totals): OpportunityTotals {
  return OPPORTUNITY_KINDS.map((kind) => {
    const row = rows.find((x) => x.kind === kind);
    return { kind, count: row ? Number(row.count) : 0, valueCents: row ? toCents(row.value) : 0 };
  });
}

function toOpportunity(row: ReturnType<typeof ROW.decode>): Opportunity {
  const phase = REPAIR_PHASES.find((p) => p === row.phase);
  const reason = REPLACEMENT_REASONS.find((x) => x === row.replacementReason) ?? null;
  return {
    kind: row.kind,
    sourceId: row.sourceId,
    jobId: row.jobId,
    jobNumber: row.jobNumber === null ? null : Number(row.jobNumber),
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    locationId: row.locationId,
    locationName: row.locationName,
    companyId: row.companyId,
    companyName: row.companyName,
    technicians: row.technicians,
    valueCents: row.value === null ? null : toCents(row.value),
    arisenAt: row.arisenAt.toISOString(),
    ageDays: Math.max(0, row.ageDays),
    quoteNumber: row.quoteNumber,
    quoteType: row.quoteType,
    optionLabel: phase ? REPAIR_PHASE_LABELS[phase] : null,
    declineReason: row.declineReason,
    declineComment: row.declineComment,
    replacementReason: reason,
    unitAgeYears: row.unitAge === null ? null : Number(row.unitAge),
    followUpOn: row.followUpOn,
    followUpNote: row.followUpNote,
    dismissedAt: row.dismissedAt ? row.dismissedAt.toISOString() : null,
    dismissReason: row.dismissReason,
  };
}

/** The statements of a page (for the bench's EXPLAIN and the repo). */
export function opportunityStatements(scope: OpportunityScope, limit: number, offset: number) {
  const kind = scope.filters.kind;
  return {
    totals: sql`with ${filtered(scope)} select ${TOTAL} from filtered group by kind`,
    page: sql`with ${filtered(scope)}
      select ${ROW} from filtered p
      join ${from(c)} on ${c.id} = p.company_id
      left join ${from(un)} on ${un.id} = p.unit_id
      left join ${from(j)} on ${j.id} = p.job_id
      where ${kind ? sql`p.kind = ${kind}` : sql`true`}
      order by ${orderBy(scope.filters)}
      limit ${limit} offset ${offset}`,
  };
}

const EXISTS = selection({ found: sql<boolean>`true` });

export function createOpportunitiesRepo(db: Executor) {
  return {
    async totals(scope: OpportunityScope): Promise<OpportunityTotals> {
      return toTotals(await selectRows(db, TOTAL, opportunityStatements(scope, 0, 0).totals));
    },

    /**
     * A page and the totals by kind in one statement (the filtered union is read once); the totals
     * alone when the page is empty.
     */
    async page(
      scope: OpportunityScope,
      limit: number,
      offset: number,
    ): Promise<{ items: Opportunity[]; totals: OpportunityTotals }> {
      const rows = await selectRows(db, ROW, opportunityStatements(scope, limit, offset).page);
      const totals = rows[0] ? toTotals(rows[0].totals ?? []) : await this.totals(scope);
      return { items: rows.map(toOpportunity), totals };
    },

    /** Does the record an opportunity of this kind comes from exist (and is it still of that kind)? */
    async sourceExists(kind: OpportunityKind, sourceId: string, exec: Executor = db): Promise<boolean> {
      const query =
        kind === 'unquoted_repair'
          ? sql`select true as found from ${from(r)} where ${r.id} = ${sourceId}::uuid`
          : kind === 'replacement'
            ? sql`select true as found from ${from(un)} where ${un.id} = ${sourceId}::uuid`
            : sql`select true as found from ${from(q)} where ${q.id} = ${sourceId}::uuid
                and ${q.status} = ${kind === 'awaiting_customer' ? 'sent' : 'declined'}`;
      return (await selectRow(exec, EXISTS, query)) !== null;
    },

    async setFollowUp(
      key: { kind: OpportunityKind; sourceId: string },
      value: { followUpOn: string; note: string },
      userId: string,
      exec: Executor = db,
    ): Promise<void> {
      const now = new Date();
      await exec
        .insert(opportunityFollowUps)
        .values({ ...key, followUpOn: value.followUpOn, note: value.note || null, updatedBy: userId })
        .onConflictDoUpdate({
          target: [opportunityFollowUps.kind, opportunityFollowUps.sourceId],
          set: { followUpOn: value.followUpOn, note: value.note || null, updatedBy: userId, updatedAt: now },
        });
    },

    async dismiss(
      key: { kind: OpportunityKind; sourceId: string },
      reason: string,
      at: Date,
      userId: string,
      exec: Executor = db,
    ): Promise<void> {
      await exec
        .insert(opportunityFollowUps)
        .values({ ...key, dismissedAt: at, dismissReason: reason, updatedBy: userId })
        .onConflictDoUpdate({
          target: [opportunityFollowUps.kind, opportunityFollowUps.sourceId],
          set: { dismissedAt: at, dismissReason: reason, updatedBy: userId, updatedAt: at },
        });
    },

    /** Brings a dismissed opportunity back (its follow-up, if any, stays). */
    async restore(key: { kind: OpportunityKind; sourceId: string }, userId: string, exec: Executor = db) {
      await exec
        .insert(opportunityFollowUps)
        .values({ ...key, updatedBy: userId })
        .onConflictDoUpdate({
          target: [opportunityFollowUps.kind, opportunityFollowUps.sourceId],
          set: { dismissedAt: null, dismissReason: null, updatedBy: userId, updatedAt: new Date() },
        });
    },
  };
}
export type OpportunitiesRepo = ReturnType<typeof createOpportunitiesRepo>;
