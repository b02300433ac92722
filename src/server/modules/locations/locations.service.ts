import type { Paginated } from '../../../domain/api.js';
import { CUSTOMER_MESSAGES, deleteBlockedMessage } from '../../../domain/customers.js';
import type { Location, LocationExportQuery, LocationInput, LocationListQuery } from '../../../domain/locations.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound, registerConstraintMessages } from '../../errors.js';
import { inBatches } from '../../export/xlsx.js';
import { coordinatesFor, type Geocoder } from '../../geocoder/geocoder.js';
import type { CompaniesRepo } from '../companies/index.js';
import type { LocationsRepo } from './locations.repo.js';

registerConstraintMessages({
  locations_company_id_companies_id_fk: { status: 400, message: CUSTOMER_MESSAGES.companyNotFound, field: 'companyId' },
});

export function createLocationsService(deps: {
  db: Database;
  repo: LocationsRepo;
  companies: CompaniesRepo;
  geocoder: Geocoder;
}) {
  const { db, repo, companies, geocoder } = deps;

  const mustExist = async (id: string): Promise<Location> => {
    const found = await repo.getById(id);
    if (!found) throw notFound(CUSTOMER_MESSAGES.locationNotFound);
    return found;
  };
  const companyMustExist = async (companyId: string) => {
    if (!(await companies.exists(companyId)))
      throw badRequest(CUSTOMER_MESSAGES.companyNotFound, { companyId: CUSTOMER_MESSAGES.companyNotFound });
  };

  return {
    async list(query: LocationListQuery): Promise<Paginated<Location>> {
      const { items, total, totalCapped } = await repo.list(query);
      return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
    },

    exportBatches(filters: LocationExportQuery) {
      return inBatches(
        (after: { name: string; id: string } | null, limit) => repo.exportBatch(filters, after, limit),
        (row) => ({ name: row.name, id: row.id }),
      );
    },

    detail: mustExist,

    async create(input: LocationInput): Promise<Location> {
      await companyMustExist(input.companyId);
      const point = await coordinatesFor(geocoder, input);
      const id = await repo.insert({
        ...input,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      });
      return (await repo.getById(id))!;
    },

    async update(id: string, input: LocationInput): Promise<Location> {
      const existing = await mustExist(id);
      if (input.companyId !== existing.companyId) await companyMustExist(input.companyId);
      const point = await coordinatesFor(geocoder, input, existing);
      const updated = await repo.update(id, {
        ...input,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      });
      if (!updated) throw notFound(CUSTOMER_MESSAGES.locationNotFound);
      return (await repo.getById(id))!;
    },

    /** Refused (409) while any job is at the location or on one of its units; otherwise the location and its units go together. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await repo.getById(id, tx, { forUpdate: true });
        if (!found) throw notFound(CUSTOMER_MESSAGES.locationNotFound);
        const jobs = await repo.countHoldingJobs(id, tx);
        if (jobs > 0) throw conflict(deleteBlockedMessage('location', found.name, jobs));
        await repo.delete(id, tx);
      });
    },
  };
}
export type LocationsService = ReturnType<typeof createLocationsService>;
