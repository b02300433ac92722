/**
 * The jobs repo: the list (jobs-list.repo.ts), one job and the checks of its writes
 * (jobs-detail.repo.ts), the calendar (jobs-calendar.repo.ts), the writes (jobs-writes.repo.ts) and
 * Edit Job with its history (jobs-edit.repo.ts),
 * composed into the one object the services take. The tables' names and the fragments they share
 * are in jobs-tables.repo.ts.
 */
import type { Executor } from '../../db/client.js';
import { createJobsCalendarRepo } from './jobs-calendar.repo.js';
import { createJobsDetailRepo } from './jobs-detail.repo.js';
import { createJobsEditRepo } from './jobs-edit.repo.js';
import { createJobEventsRepo } from './job-events.repo.js';
import { createJobsListRepo } from './jobs-list.repo.js';
import { createJobsWritesRepo } from './jobs-writes.repo.js';

export { calendarStatements, type CalendarRange } from './jobs-calendar.repo.js';
export { type JobRecord } from './jobs-detail.repo.js';
export { jobListConditions, jobListStatements, toListItem, type JobListContext } from './jobs-list.repo.js';
export { type JobInsert, type JobItemInsert } from './jobs-writes.repo.js';
export { type JobEditRow, type JobUpdate } from './jobs-edit.repo.js';

export function createJobsRepo(db: Executor, options: { totalCap?: number } = {}) {
  return {
    ...createJobsListRepo(db, options),
    ...createJobsDetailRepo(db),
    ...createJobsCalendarRepo(db),
    ...createJobsWritesRepo(db),
    ...createJobsEditRepo(db),
    ...createJobEventsRepo(db),
  };
}
export type JobsRepo = ReturnType<typeof createJobsRepo>;
