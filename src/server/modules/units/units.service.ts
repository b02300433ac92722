import type { Paginated } from '../../../domain/api.js';
import { CUSTOMER_MESSAGES, deleteBlockedMessage } from '../../../domain/customers.js';
import {
  UNIT_JOBS_PAGE_SIZE,
  type Unit,
  type UnitInput,
  type UnitJobsAnswer,
  type UnitListItem,
  type UnitListQuery,
  type UnitUpdateInput,
} from '../../../domain/units.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound, registerConstraintMessages } from '../../errors.js';
import type { LocationsRepo } from '../locations/index.js';
import type { UnitsRepo } from './units.repo.js';

registerConstraintMessages({
  units_location_id_locations_id_fk: { status: 400, message: CUSTOMER_MESSAGES.locationNotFound, field: 'locationId' },
});

export function createUnitsService(deps: { db: Database; repo: UnitsRepo; locations: LocationsRepo }) {
  const { db, repo, locations } = deps;

  const mustExist = async (id: string): Promise<Unit> => {
    const found = await repo.getById(id);
    if (!found) throw notFound(CUSTOMER_MESSAGES.unitNotFound);
    return found;
  };

  return {
    async list(query: UnitListQuery): Promise<Paginated<UnitListItem>> {
      const { items, total, totalCapped } = await repo.list(query);
      return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
    },

    detail: mustExist,

    async jobs(id: string, page: number): Promise<UnitJobsAnswer> {
      await mustExist(id);
      const [items, statistics] = await Promise.all([repo.jobs(id, page, UNIT_JOBS_PAGE_SIZE), repo.jobStatistics(id)]);
      return { items, total: statistics.total, page, pageSize: UNIT_JOBS_PAGE_SIZE, statistics };
    },

    async create(input: UnitInput): Promise<Unit> {
      if (!(await locations.exists(input.locationId))) {
        throw badRequest(CUSTOMER_MESSAGES.locationNotFound, { locationId: CUSTOMER_MESSAGES.locationNotFound });
      }
      const id = await repo.insert(input);
      return (await repo.getById(id))!;
    },

    /** The location of a unit does not change on edit (the form shows it read-only). */
    async update(id: string, input: UnitUpdateInput): Promise<Unit> {
      const existing = await mustExist(id);
      const updated = await repo.update(id, { ...input, locationId: existing.location.id });
      if (!updated) throw notFound(CUSTOMER_MESSAGES.unitNotFound);
      return (await repo.getById(id))!;
    },

    /** Refused (409) while any job is on the unit: jobs keep the service history. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await repo.getById(id, tx, { forUpdate: true });
        if (!found) throw notFound(CUSTOMER_MESSAGES.unitNotFound);
        const jobs = await repo.countHoldingJobs(id, tx);
        if (jobs > 0) throw conflict(deleteBlockedMessage('unit', found.unitNumber, jobs));
        await repo.delete(id, tx);
      });
    },
  };
}
export type UnitsService = ReturnType<typeof createUnitsService>;
