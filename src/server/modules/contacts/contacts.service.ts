import type { Paginated } from '../../../domain/api.js';
import {
  CONTACT_MESSAGES,
  contactDeleteRefusal,
  type Contact,
  type ContactExportQuery,
  type ContactInput,
  type ContactListQuery,
  type ContactOptions,
} from '../../../domain/contacts.js';
import { CUSTOMER_MESSAGES } from '../../../domain/customers.js';
import type { Database, Executor } from '../../db/client.js';
import { badRequest, conflict, notFound, registerConstraintMessages } from '../../errors.js';
import { inBatches } from '../../export/xlsx.js';
import type { ContactsRepo } from './contacts.repo.js';

/** How many contacts a company page, a location page or a picker shows. */
export const CONTACTS_SHOWN = 100;

registerConstraintMessages({
  contacts_company_id_companies_id_fk: { status: 400, message: CUSTOMER_MESSAGES.companyNotFound, field: 'companyId' },
  contacts_location_id_locations_id_fk: {
    status: 400,
    message: CUSTOMER_MESSAGES.locationNotFound,
    field: 'locationId',
  },
  // Two saves racing for the same location's primary: the loser is told, the checked path names the holder.
  contacts_primary_per_location: {
    status: 409,
    message: 'This location already has a primary contact',
    field: 'isPrimary',
  },
  jobs_contact_id_contacts_id_fk: {
    status: 409,
    message: 'This contact is the primary contact of a job and cannot be deleted',
  },
});

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

/**
 * The checks every contact write shares: the company exists, the location is the company's, and
 * the location has no other primary. Runs on the write's transaction.
 */
async function checkContact(repo: ContactsRepo, input: ContactInput, id: string | null, exec: Executor) {
  if (!(await repo.companyExists(input.companyId, exec)))
    throw fieldError('companyId', CUSTOMER_MESSAGES.companyNotFound);
  if (input.locationId) {
    const companyId = await repo.companyOfLocation(input.locationId, exec);
    if (!companyId) throw fieldError('locationId', CUSTOMER_MESSAGES.locationNotFound);
    if (companyId !== input.companyId) throw fieldError('locationId', CONTACT_MESSAGES.locationNotOfCompany);
    if (input.isPrimary) {
      const holder = await repo.primaryOf(input.locationId, id, exec);
      if (holder) throw fieldError('isPrimary', CONTACT_MESSAGES.primaryTaken(holder.name));
    }
  }
}

export function createContactsService(deps: { db: Database; repo: ContactsRepo }) {
  const { db, repo } = deps;

  return {
    async list(query: ContactListQuery): Promise<Paginated<Contact>> {
      const { items, total, totalCapped } = await repo.list(query);
      return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
    },

    exportBatches(filters: ContactExportQuery) {
      return inBatches(
        (after: { name: string; id: string } | null, limit) => repo.exportBatch(filters, after, limit),
        (row) => ({ name: row.name, id: row.id }),
      );
    },

    async detail(id: string): Promise<Contact> {
      const found = await repo.getById(id);
      if (!found) throw notFound(CONTACT_MESSAGES.contactNotFound);
      return found;
    },

    ofCompany: (companyId: string) => repo.ofCompany(companyId, CONTACTS_SHOWN),
    /** A location's contacts (and its company's) with its units' own contact fields. */
    async forLocation(locationId: string): Promise<ContactOptions> {
      return {
        items: await repo.forLocation(locationId, CONTACTS_SHOWN),
        unitContacts: await repo.unitContacts(locationId, CONTACTS_SHOWN),
      };
    },

    async create(input: ContactInput): Promise<Contact> {
      const id = await db.transaction(async (tx) => {
        await checkContact(repo, input, null, tx);
        return repo.insert(input, tx);
      });
      return (await repo.getById(id))!;
    },

    async update(id: string, input: ContactInput): Promise<Contact> {
      await db.transaction(async (tx) => {
        if (!(await repo.getById(id, tx, { forUpdate: true }))) throw notFound(CONTACT_MESSAGES.contactNotFound);
        await checkContact(repo, input, id, tx);
        await repo.update(id, input, tx);
      });
      return (await repo.getById(id))!;
    },

    /** Refused (409) while a job names the contact (jobs.contact_id), naming the jobs and their quotes. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.getById(id, tx, { forUpdate: true }))) throw notFound(CONTACT_MESSAGES.contactNotFound);
        const refusal = contactDeleteRefusal(await repo.holders(id, tx));
        if (refusal) throw conflict(refusal);
        await repo.delete(id, tx);
      });
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;

/**
 * What the jobs module asks of contacts (it passes its transaction): whether a picked contact may be
 * a job's at this location (the location's own or its company's), and "Save as a contact" for a
 * contact typed on the job form.
 */
export function createJobContacts(repo: ContactsRepo) {
  return {
    async pickable(contactId: string, locationId: string, exec: Executor): Promise<boolean> {
      const found = await repo.getById(contactId, exec);
      if (!found) return false;
      if (found.locationId) return found.locationId === locationId;
      return found.companyId === (await repo.companyOfLocation(locationId, exec));
    },
    async save(
      values: { locationId: string; name: string; email: string | null; phone: string | null },
      exec: Executor,
    ): Promise<string> {
      const companyId = await repo.companyOfLocation(values.locationId, exec);
      if (!companyId) throw fieldError('locationId', CUSTOMER_MESSAGES.locationNotFound);
      return repo.insert(
        {
          companyId,
          locationId: values.locationId,
          name: values.name,
          title: null,
          email: values.email,
          officePhone: values.phone,
          mobilePhone: null,
          roles: ['site_contact'],
          isPrimary: false,
          notes: null,
        },
        exec,
      );
    },
  };
}
export type JobContacts = ReturnType<typeof createJobContacts>;
