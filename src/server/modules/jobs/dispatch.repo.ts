import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  CERTIFICATION_EXPIRING_DAYS,
  type BoardFilters,
  type BoardJob,
  type BoardTechnician,
} from '../../../domain/dispatch.js';
import { JOB_STATUSES, type JobStatus } from '../../../domain/jobs/index.js';
import type { Executor } from '../../db/client.js';
import {
  jobItems,
  jobRepairs,
  jobs,
  jobTechnicians,
  jobTypes,
  serviceLines,
  locations,
  technicianAvailability,
  technicianCertifications,
  technicians,
  technicianTerritories,
  units,
  users,
} from '../../db/schema.js';
import { isTechnicianUser } from '../../db/roles.js';
import {
  COUNT_ROWS,
  from,
  nullable,
  oneOfColumn,
  selectRow,
  selectRows,
  selection,
  tableAlias,
  whereAll,
  type RowOf,
} from '../../db/sql.js';
import { personName } from '../../db/person-name.js';

const j = tableAlias(jobs, 'j');
const l = tableAlias(locations, 'l');
const un = tableAlias(units, 'un');
const jt = tableAlias(jobTechnicians, 'jt');
const it = tableAlias(jobItems, 'it');
const rp = tableAlias(jobRepairs, 'rp');
const tu = tableAlias(users, 'tu');
const tt = tableAlias(technicians, 'tt');
const ta = tableAlias(technicianAvailability, 'ta');
const tc = tableAlias(technicianCertifications, 'tc');
const tr = tableAlias(technicianTerritories, 'tr');

const technicianName = personName(tu);
const dayStart = (isoDay: string, timeZone: string, plusDays = 0) =>
  sql`((${isoDay}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/** The job's estimated price: its items total, or its repair total when it has no items. */
const ESTIMATED_PRICE = sql`coalesce(
  (select sum(${it.totalCost}) from ${from(it)} where ${it.jobId} = ${j.id}),
  (select sum(${rp.totalCost}) from ${from(rp)} where ${rp.jobId} = ${j.id}),
  0)`;

const BOARD_JOB = selection({
  id: j.id,
  number: j.number,
  name: j.name,
  status: oneOfColumn(j.status, JOB_STATUSES),
  scheduleStart: j.scheduleStart,
  scheduleDuration: j.scheduleDuration,
  timePeriodDue: sql<string>`to_char(${j.timePeriodDue}, 'YYYY-MM-DD')`,
  updatedAt: j.updatedAt,
  locationName: l.name,
  latitude: l.latitude,
  longitude: l.longitude,
  unitNumber: nullable(un.unitNumber),
  // Primary first, then by id: read from the (job_id, technician_id) INCLUDE (is_primary) index alone.
  technicianIds: sql<
    string[]
  >`array(select ${jt.technicianId}::text from ${from(jt)} where ${jt.jobId} = ${j.id} order by ${jt.isPrimary} desc, ${jt.technicianId})`,
});
/** An instant as epoch milliseconds (truncated, as the driver reads timestamps); made an ISO string in JavaScript. */
const epochMs = (column: AnyColumn) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;
/**
 * A page row of the board as a JSON array, the fields of BOARD_JOB in the order of BOARD_JOB_FIELDS
 * (the page is named "j" and carries the job's technicians as `techs`): the whole page comes back as
 * one JSON value, which the driver parses natively instead of decoding 2,000 rows value by value,
 * and arrays instead of objects leave the field names out of every row (a month's page is 40 %
 * smaller: less to build, parse and send).
 */
const BOARD_JOB_FIELDS = [
  'id',
  'number',
  'name',
  'status',
  'scheduleStart',
  'scheduleDuration',
  'timePeriodDue',
  'updatedAt',
  'locationName',
  'latitude',
  'longitude',
  'unitNumber',
  'technicianIds',
] as const;
const BOARD_JOB_JSON = sql`json_build_array(${j.id}, ${j.number}, ${j.name}, ${j.status}, ${epochMs(j.scheduleStart)}, ${j.scheduleDuration},
  ${j.timePeriodDue}, ${epochMs(j.updatedAt)}, ${l.name}, ${l.latitude}, ${l.longitude}, ${un.unitNumber}, ${j}.techs)`;
/** One row of BOARD_JOB_JSON: the values of BOARD_JOB_FIELDS, instants as epoch milliseconds (dates are written YYYY-MM-DD by json). */
type BoardJobJson = unknown[];
function fromBoardJobJson(row: BoardJobJson): BoardJob {
  const job = Object.fromEntries(BOARD_JOB_FIELDS.map((field, index) => [field, row[index]])) as Omit<
    BoardJob,
    'scheduleStart' | 'updatedAt'
  > & { scheduleStart: number | null; updatedAt: number };
  return {
    ...job,
    scheduleStart: job.scheduleStart === null ? null : new Date(Number(job.scheduleStart)).toISOString(),
    updatedAt: new Date(Number(job.updatedAt)).toISOString(),
  };
}
interface BoardJson {
  jobs: BoardJobJson[];
  total: number;
  unassigned: number;
  stats: TechStat[];
}
const BOARD_PAGE = selection({ board: sql<BoardJson>`board` });
interface TechStat {
  id: string;
  jobCount: number;
  completedCount: number;
  dates: string[];
}
const BOARD_FROM = sql`from ${from(j)} join ${from(l)} on ${l.id} = ${j.locationId} left join ${from(un)} on ${un.id} = ${j.unitId}`;

export function toBoardJob(row: RowOf<typeof BOARD_JOB.fields>): BoardJob {
  return { ...row, scheduleStart: row.scheduleStart?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString() };
}

/** The board's filters as conditions on `j` (the date range first: it is what an index serves). */
export function boardConditions(q: BoardFilters, timeZone: string): SQL[] {
  const c: SQL[] = [];
  if (q.dateField === 'due') c.push(sql`${j.timePeriodDue} between ${q.from}::date and ${q.to}::date`);
  else {
    const column = q.dateField === 'schedule' ? j.scheduleStart : j.createdAt;
    c.push(sql`${column} >= ${dayStart(q.from, timeZone)} and ${column} < ${dayStart(q.to, timeZone, 1)}`);
  }
  // The query's tags are lower case; jobs_tags_key(tags) is the job's tags in lower case (GIN index).
  if (q.tags.length)
    c.push(
      sql`jobs_tags_key(${j.tags}) && ${sql`array[${sql.join(
        q.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`}`,
    );
  if (q.office) c.push(sql`${j.office} = ${q.office}`);
  if (q.type) c.push(sql`${j.type} = ${q.type}`);
  if (q.serviceLine) c.push(sql`${j.serviceLine} = ${q.serviceLine}`);
  if (q.ownerId) c.push(sql`${j.createdBy} = ${q.ownerId}::uuid`);
  if (q.region) {
    // ZIP+4 locations match their 5-digit zip (locations_zip5_idx).
    c.push(sql`${j.locationId} in (select ${l.id} from ${from(l)} where left(${l.zip}, 5) in (
      select left(btrim(z), 5) from ${from(tr)}, unnest(${tr.zipCodes}) z where ${tr.territoryName} = ${q.region}))`);
  }
  if (q.minPrice !== undefined) c.push(sql`${ESTIMATED_PRICE} >= ${q.minPrice / 100}`);
  if (q.maxPrice !== undefined) c.push(sql`${ESTIMATED_PRICE} <= ${q.maxPrice / 100}`);
  if (!q.showCompleted) c.push(sql`${j.status} <> 'completed'`);
  if (!q.showSubcontracted) c.push(sql`not ${j.subcontracted}`);
  return c;
}

/**
 * The board's two statements. Both start from the same filtered set `m` (read once per statement
 * through the date-range index). `jobs`: the first `limit` jobs by schedule start then number are
 * chosen on `m` alone, and only those are joined to their location and unit and get their
 * technicians and estimated price; the total and the unassigned count ride on every row.
 * `technicians`: per technician of the office, the job counts and the days with scheduled jobs.
 */
/**
 * A technician row's (`tu`) weekly availability, expired certifications and those expiring within
 * CERTIFICATION_EXPIRING_DAYS, as `availability`, `expired` and `expiring` (TECH_ROW).
 */
const technicianDetails = (
  timeZone: string,
) => sql`coalesce((select json_agg(json_build_object('dayOfWeek', ${ta.dayOfWeek}, 'startTime', to_char(${ta.startTime}, 'HH24:MI'),
      'endTime', to_char(${ta.endTime}, 'HH24:MI'), 'isAvailable', ${ta.isAvailable}) order by ${ta.dayOfWeek}, ${ta.startTime})
    from ${from(ta)} where ${ta.technicianId} = ${tu.id}), '[]'::json) as availability,
  array(select ${tc.certificationName} from ${from(tc)} where ${tc.technicianId} = ${tu.id}
    and (${tc.status} = 'expired' or ${tc.expiryDate} < (now() at time zone ${timeZone})::date) order by 1) as expired,
  coalesce((select json_agg(json_build_object('name', ${tc.certificationName}, 'expiryDate', to_char(${tc.expiryDate}, 'YYYY-MM-DD'))
      order by ${tc.expiryDate}, ${tc.certificationName})
    from ${from(tc)} where ${tc.technicianId} = ${tu.id} and ${tc.status} is distinct from 'expired'
      and ${tc.expiryDate} >= (now() at time zone ${timeZone})::date
      and ${tc.expiryDate} < (now() at time zone ${timeZone})::date + ${CERTIFICATION_EXPIRING_DAYS}::int), '[]'::json) as expiring`;

/** The jobs columns BOARD_PAGE reads from the page (named as in jobs). */
const PAGE_COLUMNS = sql.join(
  [
    j.id,
    j.number,
    j.name,
    j.status,
    j.scheduleStart,
    j.scheduleDuration,
    j.timePeriodDue,
    j.updatedAt,
    j.locationId,
    j.unitId,
  ].map((c) => sql`${c}`),
  sql`, `,
);

/**
 * The board in two statements. `jobs`: the filtered jobs `m` are read once (the columns a block
 * needs, through the date-range index), each with its technicians as an array read through the
 * covering (job_id, technician_id) INCLUDE (is_primary) index, one probe per job, never a join over
 * all of job_technicians. The page (the first `limit` by schedule start, number) is chosen among
 * them and named "j", so the selection reads its columns without going back to jobs; only its rows
 * are joined to location and unit and get their estimated price. The total, the unassigned count
 * and (on the first row) the per-technician counts are computed over `m` in the same statement.
 * `technicians`: the office's active technicians with availability and expired certifications.
 */
export function boardStatements(q: BoardFilters, timeZone: string, limit: number) {
  const where = whereAll(boardConditions(q, timeZone));
  const techs = sql`array(select ${jt.technicianId} from ${from(jt)} where ${jt.jobId} = ${j.id} order by ${jt.isPrimary} desc, ${jt.technicianId}) as techs`;
  const techScope = q.office ? sql`and ${tt.office} = ${q.office}` : sql``;
  return {
    jobs: sql`with m as materialized (select ${PAGE_COLUMNS}, ${techs} from ${from(j)} where ${where}),
      page as materialized (select m.*, row_number() over (order by m.schedule_start nulls last, m.number) as rn
        from m order by m.schedule_start nulls last, m.number limit ${limit})
      select json_build_object(
        'jobs', coalesce((select json_agg(${BOARD_JOB_JSON} order by ${j}.rn)
          from page ${j} join ${from(l)} on ${l.id} = ${j.locationId} left join ${from(un)} on ${un.id} = ${j.unitId}), '[]'::json),
        'total', (select count(*) from m),
        'unassigned', (select count(*) from m where cardinality(m.techs) = 0),
        'stats', (select coalesce(json_agg(per), '[]'::json) from (
          select t.technician_id as id, count(*) as "jobCount", count(*) filter (where m.status = 'completed') as "completedCount",
            coalesce(array_agg(distinct to_char(m.schedule_start at time zone ${timeZone}, 'YYYY-MM-DD')) filter (where m.schedule_start is not null), '{}') as dates
          from m cross join unnest(m.techs) as t(technician_id) group by t.technician_id) per)
      ) as board`,
    technicians: sql`select ${tu.id} as id, ${technicianName} as name, ${tu.role} as role, ${tt.office} as office,
        ${technicianDetails(timeZone)}
      from ${from(tu)} join ${from(tt)} on ${tt.id} = ${tu.id}
      where ${isTechnicianUser(tu.role)} and ${tu.status} = 'active' ${techScope}
      order by 2, ${tu.id}`,
  };
}

const TECH_ROW = selection({
  id: sql<string>`id`,
  name: sql<string>`name`,
  role: sql<string>`role`,
  office: sql<string>`office`,
  availability: sql<BoardTechnician['availability']>`availability`,
  expired: sql<string[]>`expired`,
  expiring: sql<BoardTechnician['expiringCertifications']>`expiring`,
});

const LOCKED = selection({
  id: j.id,
  status: oneOfColumn(j.status, JOB_STATUSES),
  updatedAt: j.updatedAt,
  scheduleStart: j.scheduleStart,
  scheduleDuration: j.scheduleDuration,
});
const CONFLICT = selection({ number: j.number, name: j.name, technicianName });

const FILTER_CHECK = selection({
  type: sql<boolean>`"type"`,
  serviceLine: sql<boolean>`"serviceLine"`,
  owner: sql<boolean>`"owner"`,
  region: sql<boolean>`"region"`,
});
const TAG = selection({ tag: sql<string>`tag` });

/** A technician who has jobs on the board but is not one of its rows (another office, inactive, not a technician any more). */
const OFF_BOARD_TECH = selection({
  ...TECH_ROW.fields,
  status: sql<string>`status`,
  jobCount: sql<number>`"jobCount"`.mapWith(Number),
  completedCount: sql<number>`"completedCount"`.mapWith(Number),
  dates: sql<string[]>`dates`,
});
const COMPLETED_JOB = selection({
  id: j.id,
  number: j.number,
  name: j.name,
  locationName: l.name,
  scheduleStart: j.scheduleStart,
  timePeriodDue: sql<string>`to_char(${j.timePeriodDue}, 'YYYY-MM-DD')`,
});
/** The tray's cards: open jobs with no schedule start. */
const UNSCHEDULED = sql`${j.scheduleStart} is null and ${j.status} not in ('completed', 'cancelled')`;
/** The jobs of one technician row: a technician's (job_technicians_technician_idx), or those with none. */
const ofRow = (technicianId: string | null) =>
  technicianId === null
    ? sql`not exists (select 1 from ${from(jt)} where ${jt.jobId} = ${j.id})`
    : sql`${j.id} in (select ${jt.jobId} from ${from(jt)} where ${jt.technicianId} = ${technicianId}::uuid)`;
/** The tags suggested in the drawer come from this many of the latest tagged jobs. */
const TAG_SAMPLE = 2000;

export function createDispatchRepo(db: Executor) {
  return {
    /** Which of the named filter values exist (one statement; true when not given). */
    async checkFilters(
      q: { type?: string; serviceLine?: string; ownerId?: string; region?: string },
      exec: Executor = db,
    ) {
      const row = await selectRow(
        exec,
        FILTER_CHECK,
        sql`select
          ${q.type === undefined ? sql`true` : sql`exists (select 1 from ${jobTypes} where ${jobTypes.code} = ${q.type})`} as "type",
          ${q.serviceLine === undefined ? sql`true` : sql`exists (select 1 from ${serviceLines} where ${serviceLines.code} = ${q.serviceLine})`} as "serviceLine",
          ${q.ownerId === undefined ? sql`true` : sql`exists (select 1 from ${users} where ${users.id} = ${q.ownerId}::uuid)`} as "owner",
          ${q.region === undefined ? sql`true` : sql`exists (select 1 from ${technicianTerritories} where ${technicianTerritories.territoryName} = ${q.region})`} as "region"`,
      );
      return row!;
    },

    /** Tags of the latest tagged jobs, most used first, one spelling per lower-case tag (jobs_tagged_idx). */
    async tagChoices(exec: Executor = db): Promise<string[]> {
      const rows = await selectRows(
        exec,
        TAG,
        sql`select min(t) as tag from (
              select ${j.tags} as job_tags from ${from(j)} where cardinality(${j.tags}) > 0 order by ${j.createdAt} desc nulls last limit ${TAG_SAMPLE}
            ) x, unnest(x.job_tags) t
            group by lower(t) order by count(*) desc, lower(t) limit 200`,
      );
      return rows.map((r) => r.tag);
    },

    async board(q: BoardFilters, timeZone: string, limit: number, exec: Executor = db) {
      const statements = boardStatements(q, timeZone, limit);
      const [answer, techRows] = await Promise.all([
        selectRow(exec, BOARD_PAGE, statements.jobs),
        selectRows(exec, TECH_ROW, statements.technicians),
      ]);
      const board = answer!.board;
      const stats = new Map(board.stats.map((t) => [t.id, t]));
      return {
        jobs: board.jobs.map(fromBoardJobJson),
        total: Number(board.total),
        technicians: techRows.map((t) => {
          const stat = stats.get(t.id);
          return {
            ...t,
            jobCount: Number(stat?.jobCount ?? 0),
            completedCount: Number(stat?.completedCount ?? 0),
            dates: stat?.dates ?? [],
          };
        }),
        unassignedCount: Number(board.unassigned),
      };
    },

    /**
     * How many jobs scheduled in the view's days (company time zone) the filters leave out (issue
     * 28): the board says so. Read through the schedule_start index, the filters negated as one.
     */
    async hiddenInView(
      q: BoardFilters,
      view: { from: string; to: string },
      timeZone: string,
      exec: Executor = db,
    ): Promise<number> {
      const shown = whereAll(boardConditions(q, timeZone));
      const row = await selectRow(
        exec,
        COUNT_ROWS,
        sql`select ${COUNT_ROWS} from ${from(j)}
          where ${j.scheduleStart} >= ${dayStart(view.from, timeZone)} and ${j.scheduleStart} < ${dayStart(view.to, timeZone, 1)}
            and not coalesce((${shown}), false)`,
      );
      return row?.n ?? 0;
    },

    /**
     * The tray: the range's unscheduled open jobs after the filters, its own list (not cut by the
     * board's page): the first `limit` by due date then number, and how many there are.
     */
    async unscheduled(
      q: BoardFilters,
      timeZone: string,
      limit: number,
      exec: Executor = db,
    ): Promise<{ jobs: BoardJob[]; total: number }> {
      const where = whereAll([...boardConditions(q, timeZone), UNSCHEDULED]);
      const [rows, count] = await Promise.all([
        selectRows(
          exec,
          BOARD_JOB,
          sql`select ${BOARD_JOB} ${BOARD_FROM} where ${where} order by ${j.timePeriodDue}, ${j.number} limit ${limit}`,
        ),
        selectRow(exec, COUNT_ROWS, sql`select ${COUNT_ROWS} from ${from(j)} where ${where}`),
      ]);
      return { jobs: rows.map(toBoardJob), total: count?.n ?? 0 };
    },

    /** One row's completed jobs after the filters (completed implied), latest first, a page at a time, with the total. */
    async completed(
      q: BoardFilters,
      timeZone: string,
      technicianId: string | null,
      page: { offset: number; limit: number },
      exec: Executor = db,
    ) {
      const where = whereAll([
        ...boardConditions({ ...q, showCompleted: true }, timeZone),
        sql`${j.status} = 'completed'`,
        ofRow(technicianId),
      ]);
      const [rows, count] = await Promise.all([
        selectRows(
          exec,
          COMPLETED_JOB,
          sql`select ${COMPLETED_JOB} from ${from(j)} join ${from(l)} on ${l.id} = ${j.locationId} where ${where}
              order by ${j.scheduleStart} desc nulls last, ${j.number} desc limit ${page.limit} offset ${page.offset}`,
        ),
        selectRow(exec, COUNT_ROWS, sql`select ${COUNT_ROWS} from ${from(j)} where ${where}`),
      ]);
      return {
        jobs: rows.map((r) => ({ ...r, scheduleStart: r.scheduleStart?.toISOString() ?? null })),
        total: count?.n ?? 0,
      };
    },

    /**
     * Technicians (by id) who have jobs on the board but are not among its rows, with the same
     * counts as the rows (over the filtered jobs, through job_technicians_technician_idx) and their
     * status: the board still draws their jobs in a marked row instead of losing them.
     */
    async offBoardTechnicians(ids: readonly string[], q: BoardFilters, timeZone: string, exec: Executor = db) {
      if (ids.length === 0) return [];
      const where = whereAll([
        ...boardConditions(q, timeZone),
        sql`${j.id} in (select ${jt.jobId} from ${from(jt)} where ${jt.technicianId} = ${tu.id})`,
      ]);
      return selectRows(
        exec,
        OFF_BOARD_TECH,
        sql`select ${tu.id} as id, ${technicianName} as name, ${tu.role} as role, ${tu.status} as status, coalesce(${tt.office}, '') as office,
            ${technicianDetails(timeZone)},
            s."jobCount", s."completedCount", s.dates
          from ${from(tu)} left join ${from(tt)} on ${tt.id} = ${tu.id}
          cross join lateral (
            select count(*) as "jobCount", count(*) filter (where ${j.status} = 'completed') as "completedCount",
              coalesce(array_agg(distinct to_char(${j.scheduleStart} at time zone ${timeZone}, 'YYYY-MM-DD')) filter (where ${j.scheduleStart} is not null), '{}') as dates
            from ${from(j)} where ${where}) s
          where ${tu.id} in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          order by 2, ${tu.id}`,
      );
    },

    async boardJob(id: string, exec: Executor = db): Promise<BoardJob | null> {
      const row = await selectRow(exec, BOARD_JOB, sql`select ${BOARD_JOB} ${BOARD_FROM} where ${j.id} = ${id}::uuid`);
      return row ? toBoardJob(row) : null;
    },

    async lock(id: string, exec: Executor) {
      return selectRow(
        exec,
        LOCKED,
        sql`select ${LOCKED} from ${from(j)} where ${j.id} = ${id}::uuid for update of ${j}`,
      );
    },

    async technicianIds(jobId: string, exec: Executor): Promise<string[]> {
      const rows = await exec
        .select({ id: jobTechnicians.technicianId, isPrimary: jobTechnicians.isPrimary })
        .from(jobTechnicians)
        .where(eq(jobTechnicians.jobId, jobId));
      return rows.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)).map((r) => r.id);
    },

    /** Another job (not cancelled) of one of the technicians that overlaps [start, start + minutes). */
    async overlapping(jobId: string, technicianIds: string[], start: Date, minutes: number, exec: Executor) {
      if (technicianIds.length === 0) return null;
      const end = new Date(start.getTime() + minutes * 60_000);
      return selectRow(
        exec,
        CONFLICT,
        sql`select ${CONFLICT} from ${from(jt)} join ${from(j)} on ${j.id} = ${jt.jobId} join ${from(tu)} on ${tu.id} = ${jt.technicianId}
            where ${jt.technicianId} in (${sql.join(
              technicianIds.map((t) => sql`${t}::uuid`),
              sql`, `,
            )})
              and ${j.id} <> ${jobId}::uuid and ${j.status} <> 'cancelled'
              and ${j.scheduleStart} < ${end.toISOString()}::timestamptz
              and ${j.scheduleStart} > ${new Date(start.getTime() - 1440 * 60_000).toISOString()}::timestamptz
              and ${j.scheduleStart} + ${j.scheduleDuration} * interval '1 minute' > ${start.toISOString()}::timestamptz
            order by ${j.scheduleStart} limit 1`,
      );
    },

    async reschedule(
      id: string,
      values: { scheduleStart: Date | null; scheduleDuration: number; status: JobStatus; updatedAt: Date },
      exec: Executor,
    ): Promise<void> {
      await exec.update(jobs).set(values).where(eq(jobs.id, id));
    },
  };
}
export type DispatchRepo = ReturnType<typeof createDispatchRepo>;
