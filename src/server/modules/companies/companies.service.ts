import type { Paginated } from '../../../domain/api.js';
import {
  COMPANY_DETAIL_LOCATION_LIMIT,
  duplicateCompanyMessage,
  type Company,
  type CompanyDetail,
  type CompanyExportQuery,
  type CompanyInput,
  type CompanyListItem,
  type CompanyListQuery,
  type CompanySummary,
} from '../../../domain/companies.js';
import { CUSTOMER_MESSAGES, deleteBlockedMessage } from '../../../domain/customers.js';
import {
  COMPANY_TAG_LIMIT,
  TAG_MESSAGES,
  type AddCompanyTagInput,
  type CompanyTagsAnswer,
  type TagSuggestion,
} from '../../../domain/tags.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound, registerConstraintMessages } from '../../errors.js';
import { inBatches } from '../../export/xlsx.js';
import { coordinatesFor, type Geocoder } from '../../geocoder/geocoder.js';
import type { LocationsRepo } from '../locations/index.js';
import type { CompaniesRepo } from './companies.repo.js';

// A race that slips past the service's own checks still answers 409 with a clear message.
registerConstraintMessages({
  companies_name_unique: { status: 409, message: 'A company with this name already exists.', field: 'name' },
  jobs_location_id_locations_id_fk: { status: 409, message: 'This is still held by jobs, so it cannot be deleted.' },
  jobs_unit_id_units_id_fk: { status: 409, message: 'This is still held by jobs, so it cannot be deleted.' },
});

export function createCompaniesService(deps: {
  db: Database;
  repo: CompaniesRepo;
  locations: LocationsRepo;
  geocoder: Geocoder;
}) {
  const { db, repo, locations, geocoder } = deps;

  const mustExist = async (id: string): Promise<Company> => {
    const found = await repo.getById(id);
    if (!found) throw notFound(CUSTOMER_MESSAGES.companyNotFound);
    return found;
  };

  const refuseDuplicate = async (name: string, excludeId?: string) => {
    const duplicate = await repo.findByName(name, excludeId);
    if (duplicate)
      throw conflict(duplicateCompanyMessage(duplicate.name), { name: duplicateCompanyMessage(duplicate.name) });
  };

  /** The companies with their tags: one query for the whole page or batch. */
  const withTags = async (items: Company[]): Promise<CompanyListItem[]> => {
    const tags = await repo.tagsOf(items.map((c) => c.id));
    return items.map((c) => ({ ...c, tags: tags.get(c.id) ?? [] }));
  };

  const companyTags = async (id: string, exec: Parameters<CompaniesRepo['tagsOf']>[1] = db) =>
    (await repo.tagsOf([id], exec)).get(id) ?? [];

  return {
    async list(query: CompanyListQuery): Promise<Paginated<CompanyListItem>> {
      const { items, total, totalCapped } = await repo.list(query);
      return { items: await withTags(items), total, totalCapped, page: query.page, pageSize: query.pageSize };
    },

    exportBatches(filters: CompanyExportQuery) {
      return inBatches(
        async (after: { name: string; id: string } | null, limit) =>
          withTags(await repo.exportBatch(filters, after, limit)),
        (row) => ({ name: row.name, id: row.id }),
      );
    },

    /** Manage Tags' suggestions as one types. */
    suggestTags: (text: string): Promise<TagSuggestion[]> => repo.suggestTags(text),

    /** Adds a tag by name to the company (the existing tag of that name, any case, or a new one); the company's tags. */
    async addTag(id: string, input: AddCompanyTagInput): Promise<CompanyTagsAnswer> {
      return db.transaction(async (tx) => {
        if (!(await repo.getById(id, tx, { forUpdate: true }))) throw notFound(CUSTOMER_MESSAGES.companyNotFound);
        const existing = await companyTags(id, tx);
        if (existing.some((t) => t.name.toLowerCase() === input.name.toLowerCase())) return { tags: existing };
        if (existing.length >= COMPANY_TAG_LIMIT)
          throw badRequest(TAG_MESSAGES.tooMany, { name: TAG_MESSAGES.tooMany });
        const tag = await repo.ensureTag(input.name, tx);
        await repo.addCompanyTag(id, tag.id, tx);
        return { tags: await companyTags(id, tx) };
      });
    },

    /** Takes a tag off the company (the tag stays for others to use); the company's tags. */
    async removeTag(id: string, tagId: string): Promise<CompanyTagsAnswer> {
      return db.transaction(async (tx) => {
        if (!(await repo.getById(id, tx, { forUpdate: true }))) throw notFound(CUSTOMER_MESSAGES.companyNotFound);
        if (!(await repo.removeCompanyTag(id, tagId, tx))) throw notFound(TAG_MESSAGES.notOnCompany);
        return { tags: await companyTags(id, tx) };
      });
    },

    suggestions: (name: string): Promise<CompanySummary[]> => repo.suggestions(name),

    duplicate: (name: string, excludeId: string | undefined) => repo.findByName(name, excludeId),

    async detail(id: string): Promise<CompanyDetail> {
      const company = await mustExist(id);
      const [locationCount, firstLocations, tags] = await Promise.all([
        repo.countLocations(id),
        locations.listForCompany(id, COMPANY_DETAIL_LOCATION_LIMIT),
        companyTags(id),
      ]);
      return { company, tags, locationCount, locations: firstLocations };
    },

    async create(input: CompanyInput): Promise<Company> {
      await refuseDuplicate(input.name);
      // Geocoding happens before the write, outside any transaction, and never fails the save.
      const point = await coordinatesFor(geocoder, input);
      const id = await repo.insert({
        ...input,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      });
      return (await repo.getById(id))!;
    },

    async update(id: string, input: CompanyInput): Promise<Company> {
      const existing = await mustExist(id);
      await refuseDuplicate(input.name, id);
      const point = await coordinatesFor(geocoder, input, existing);
      const updated = await repo.update(id, {
        ...input,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      });
      if (!updated) throw notFound(CUSTOMER_MESSAGES.companyNotFound);
      return (await repo.getById(id))!;
    },

    /** Refused (409) while any job is at one of its locations or on one of its units; otherwise the company, its locations and units go together. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const company = await repo.getById(id, tx, { forUpdate: true });
        if (!company) throw notFound(CUSTOMER_MESSAGES.companyNotFound);
        const jobs = await repo.countHoldingJobs(id, tx);
        if (jobs > 0) throw conflict(deleteBlockedMessage('company', company.name, jobs));
        await repo.delete(id, tx);
      });
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
