/**
 * The calendar feeds' SQL (decision 049): the feed rows (owned here) and the one statement that
 * reads a feed's scheduled jobs.
 */
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CalendarFeed, FeedJob } from '../../../domain/calendar-feeds.js';
import type { Database, Executor } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import {
  calendarFeeds,
  companies,
  jobs,
  jobTechnicians,
  locations,
  technicians,
  units,
  users,
} from '../../db/schema.js';
import { from, nullable, selectRows, selection, tableAlias } from '../../db/sql.js';
import { technicianAssigned } from '../jobs/index.js';

const job = tableAlias(jobs, 'job');
const location = tableAlias(locations, 'location');
const company = tableAlias(companies, 'company');
const unit = tableAlias(units, 'unit');
const assignment = tableAlias(jobTechnicians, 'assignment');
const person = tableAlias(users, 'person');

export type FeedRow = typeof calendarFeeds.$inferSelect;

export const toCalendarFeed = (row: FeedRow): CalendarFeed => ({
  id: row.id,
  kind: row.kind === 'office' ? 'office' : 'personal',
  office: row.office,
  technicianId: row.technicianId,
  createdAt: row.createdAt.toISOString(),
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
});

/** Whose jobs a feed holds. */
export type FeedScope = { technicianId: string } | { office: string };

/**
 * The latest change shown by a job's event: the job, its location, company and unit, and its
 * technicians (an added or removed technician changes the office feed's description; a removal
 * leaves no row, so the job's own updated_at covers only what the jobs module stamps).
 */
const MODIFIED_AT =
  sql<Date>`greatest(${job.updatedAt}, ${location.updatedAt}, ${company.updatedAt}, coalesce(${unit.updatedAt}, ${job.updatedAt}),
  coalesce((select max(${assignment.updatedAt}) from ${from(assignment)} where ${assignment.jobId} = ${job.id}), ${job.updatedAt}))`.mapWith(
    (value: unknown) => (value instanceof Date ? value : new Date(String(value))),
  );
const TECHNICIAN_NAMES = sql<string[]>`coalesce((
  select json_agg(${personName(person)} order by ${assignment.isPrimary} desc, ${personName(person)})
  from ${from(assignment)} join ${from(person)} on ${person.id} = ${assignment.technicianId}
  where ${assignment.jobId} = ${job.id}), '[]'::json)`;

const FEED_JOB = selection({
  id: job.id,
  number: job.number,
  name: job.name,
  status: job.status,
  description: job.description,
  scheduleStart: job.scheduleStart,
  durationMinutes: job.scheduleDuration,
  office: job.office,
  companyName: company.name,
  locationName: location.name,
  buildingName: location.buildingName,
  address: location.address,
  city: location.city,
  state: location.state,
  zip: location.zip,
  latitude: location.latitude,
  longitude: location.longitude,
  unitNumber: nullable(unit.unitNumber),
  contactName: job.contactName,
  contactPhone: job.contactPhone,
  technicians: TECHNICIAN_NAMES,
  modifiedAt: MODIFIED_AT,
});

export function createCalendarFeedsRepo(db: Database) {
  return {
    async byTokenHash(tokenHash: string, exec: Executor = db): Promise<FeedRow | null> {
      const [row] = await exec.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },

    async byId(id: string, exec: Executor = db): Promise<FeedRow | null> {
      const [row] = await exec.select().from(calendarFeeds).where(eq(calendarFeeds.id, id));
      return row ?? null;
    },

    async ofTechnician(technicianId: string, exec: Executor = db): Promise<FeedRow | null> {
      const [row] = await exec
        .select()
        .from(calendarFeeds)
        .where(and(eq(calendarFeeds.kind, 'personal'), eq(calendarFeeds.technicianId, technicianId)));
      return row ?? null;
    },

    async officeFeeds(exec: Executor = db): Promise<FeedRow[]> {
      return exec.select().from(calendarFeeds).where(eq(calendarFeeds.kind, 'office')).orderBy(calendarFeeds.office);
    },

    /** The technicians' feeds, by name, with whether the account is active. */
    async technicianFeeds(exec: Executor = db) {
      const name = personName(users);
      const rows = await exec
        .select({ feed: calendarFeeds, name, status: users.status })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.technicianId))
        .where(eq(calendarFeeds.kind, 'personal'))
        .orderBy(name, users.id);
      return rows.map((r) => ({ feed: r.feed, name: r.name, active: r.status === 'active' }));
    },

    /** Is this user a technician with a technician record? (A feed hangs off the record.) */
    async hasTechnicianRecord(userId: string, exec: Executor = db): Promise<boolean> {
      const [row] = await exec.select({ id: technicians.id }).from(technicians).where(eq(technicians.id, userId));
      return Boolean(row);
    },

    /** The account behind a technician's feed: its display name, and whether it may still sign in. */
    async technicianAccount(technicianId: string, exec: Executor = db) {
      const [row] = await exec
        .select({ name: personName(users), status: users.status })
        .from(users)
        .where(eq(users.id, technicianId));
      return row ? { name: row.name, active: row.status === 'active' } : null;
    },

    /** Makes the feed, or gives the existing one a new secret (the old URL stops at once). */
    async putTechnicianFeed(
      technicianId: string,
      tokenHash: string,
      createdBy: string,
      now: Date,
      exec: Executor = db,
    ): Promise<FeedRow> {
      const [row] = await exec
        .insert(calendarFeeds)
        .values({ kind: 'personal', technicianId, tokenHash, createdBy, createdAt: now })
        .onConflictDoUpdate({
          target: calendarFeeds.technicianId,
          targetWhere: sql`${calendarFeeds.kind} = 'personal'`,
          set: { tokenHash, createdBy, createdAt: now, lastFetchedAt: null },
        })
        .returning();
      return row!;
    },

    async putOfficeFeed(office: string, tokenHash: string, createdBy: string, now: Date, exec: Executor = db) {
      const [row] = await exec
        .insert(calendarFeeds)
        .values({ kind: 'office', office, tokenHash, createdBy, createdAt: now })
        .onConflictDoUpdate({
          target: calendarFeeds.office,
          targetWhere: sql`${calendarFeeds.kind} = 'office'`,
          set: { tokenHash, createdBy, createdAt: now, lastFetchedAt: null },
        })
        .returning();
      return row!;
    },

    async remove(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.delete(calendarFeeds).where(eq(calendarFeeds.id, id)).returning({ id: calendarFeeds.id });
      return rows.length > 0;
    },

    /** Stamps a fetch, at most once an hour per feed (a calendar app polling is not a write each time). */
    async markFetched(id: string, now: Date, exec: Executor = db): Promise<void> {
      const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
      await exec
        .update(calendarFeeds)
        .set({ lastFetchedAt: now })
        .where(
          and(
            eq(calendarFeeds.id, id),
            or(isNull(calendarFeeds.lastFetchedAt), lt(calendarFeeds.lastFetchedAt, hourAgo)),
          ),
        );
    },

    /**
     * The scheduled (and completed) jobs of a feed whose start is in [from, to), earliest first, at
     * most `cap`. A technician's jobs come through job_technicians' technician index, an office's
     * through jobs_office_idx, both bounded by the start range (jobs_schedule_start_idx).
     */
    async events(scope: FeedScope, range: { from: Date; to: Date }, cap: number, exec: Executor = db) {
      const owner: SQL =
        'technicianId' in scope ? technicianAssigned(job.id, scope.technicianId) : sql`${job.office} = ${scope.office}`;
      const rows = await selectRows(
        exec,
        FEED_JOB,
        sql`select ${FEED_JOB} from ${from(job)}
            join ${from(location)} on ${location.id} = ${job.locationId}
            join ${from(company)} on ${company.id} = ${location.companyId}
            left join ${from(unit)} on ${unit.id} = ${job.unitId}
            where ${job.scheduleStart} >= ${range.from.toISOString()}::timestamptz and ${job.scheduleStart} < ${range.to.toISOString()}::timestamptz
              and ${job.status} in ('scheduled', 'completed') and ${owner}
            order by ${job.scheduleStart}, ${job.number}
            limit ${cap}`,
      );
      return rows.map((row): FeedJob => ({
        ...row,
        scheduleStart: row.scheduleStart!,
        technicians: row.technicians ?? [],
      }));
    },
  };
}

export type CalendarFeedsRepo = ReturnType<typeof createCalendarFeedsRepo>;
