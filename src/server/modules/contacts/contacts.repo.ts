/** The contacts module's SQL (decision 038): the /contacts list, the pickers' reads and the writes. */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type {
  Contact,
  ContactExportQuery,
  ContactHolder,
  ContactInput,
  ContactListQuery,
  ContactRole,
  UnitContact,
} from '../../../domain/contacts.js';
import { searchWords } from '../../../domain/customers.js';
import { countLimitFor } from '../../../domain/search.js';
import type { Executor } from '../../db/client.js';
import { recordCrud } from '../../db/crud.js';
import { companies, contacts, jobQuotes, jobs, locations, units } from '../../db/schema.js';
import {
  countOf,
  from,
  searchTextMatch,
  selectRows,
  selection,
  tableAlias,
  whereAll,
  type RowOf,
} from '../../db/sql.js';
import { planSortKeyList, readList, type SortKeyList } from '../../lists/index.js';

/** Filtered lists gather and sort at most this many matches when walking the order does not find the page. */
const CONTACT_SORT_LIMIT = 60_000;
/**
 * Where the list's total stops counting ("1,000+"): contacts have no trigger-kept counter, and
 * counting 10,000 matches of a one-letter search costs 130 ms at 600,000 contacts (decision 038).
 */
export const CONTACT_TOTAL_CAP = 1_000;

const k = tableAlias(contacts, 'k');
const c = tableAlias(companies, 'c');
const l = tableAlias(locations, 'l');
const j = tableAlias(jobs, 'j');
const q = tableAlias(jobQuotes, 'q');

const CONTACT = selection({
  id: k.id,
  companyId: k.companyId,
  companyName: c.name,
  locationId: k.locationId,
  locationName: sql<string | null>`${l.name}`,
  name: k.name,
  title: k.title,
  email: k.email,
  officePhone: k.officePhone,
  mobilePhone: k.mobilePhone,
  roles: k.roles,
  isPrimary: k.isPrimary,
  notes: k.notes,
  createdAt: k.createdAt,
  updatedAt: k.updatedAt,
});
const JOINS = sql`join ${from(c)} on ${c.id} = ${k.companyId} left join ${from(l)} on ${l.id} = ${k.locationId}`;
const SELECT = sql`select ${CONTACT} from ${from(k)} ${JOINS}`;

const toContact = (row: RowOf<typeof CONTACT.fields>): Contact => ({
  ...row,
  roles: row.roles as ContactRole[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function filterConditions(filters: ContactExportQuery): SQL[] {
  const conditions: SQL[] = [];
  // Every word must appear in the name, title, e-mail, a phone, the company or the location.
  for (const word of searchWords(filters.q)) conditions.push(searchTextMatch(k.searchText, word));
  if (filters.companyId) conditions.push(sql`${k.companyId} = ${filters.companyId}::uuid`);
  if (filters.locationId) conditions.push(sql`${k.locationId} = ${filters.locationId}::uuid`);
  if (filters.role) conditions.push(sql`${k.roles} @> array[${filters.role}]::text[]`);
  return conditions;
}

type ListOptions = { totalCap?: number; sortLimit?: number };

/** The /contacts list (src/server/lists/description.ts): by name, its search and filters, a capped total. */
export function contactList(options: ListOptions = {}): SortKeyList<ContactListQuery, typeof CONTACT.fields> {
  return {
    name: 'contacts',
    table: k,
    orders: { name: { index: 'contacts_name_idx' } },
    searchText: [k.searchText],
    filters: (query) => filterConditions(query),
    paging: (query) => ({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap ?? CONTACT_TOTAL_CAP),
    }),
    total: {},
    pages: {
      by: 'sortKey',
      select: CONTACT,
      id: k.id,
      sort: k.name,
      keys: { sort: 'name', id: 'id' },
      joins: JOINS,
      sortLimit: options.sortLimit ?? CONTACT_SORT_LIMIT,
    },
  };
}

/** The statements behind the /contacts list (the tests read them). */
export function contactListStatements(query: ContactListQuery, options: ListOptions = {}) {
  return planSortKeyList(contactList(options), query, undefined);
}

export type ContactWrite = ContactInput;

const records = recordCrud<typeof contacts, ContactWrite, typeof CONTACT.fields, Contact>(contacts, {
  select: SELECT,
  selection: CONTACT,
  idColumn: k.id,
  lockOf: k,
  toRecord: toContact,
});

export function createContactsRepo(db: Executor, options: ListOptions = {}) {
  const list = contactList(options);
  return {
    async list(
      query: ContactListQuery,
      exec: Executor = db,
    ): Promise<{ items: Contact[]; total: number; totalCapped: boolean }> {
      const { rows, total, totalCapped } = await readList(exec, list, query, undefined);
      return { items: rows.map(toContact), total, totalCapped };
    },

    async exportBatch(
      filters: ContactExportQuery,
      after: { name: string; id: string } | null,
      limit: number,
    ): Promise<Contact[]> {
      const conditions = filterConditions(filters);
      if (after) conditions.push(sql`(${k.name}, ${k.id}) > (${after.name}, ${after.id}::uuid)`);
      const rows = await selectRows(
        db,
        CONTACT,
        sql`${SELECT} where ${whereAll(conditions)} order by ${k.name}, ${k.id} limit ${limit}`,
      );
      return rows.map(toContact);
    },

    /** A company's contacts (the company page), its location's ones with them, primary first, at most `limit`. */
    async ofCompany(companyId: string, limit: number, exec: Executor = db): Promise<Contact[]> {
      const rows = await selectRows(
        exec,
        CONTACT,
        sql`${SELECT} where ${k.companyId} = ${companyId}::uuid
            order by ${k.isPrimary} desc, ${k.name}, ${k.id} limit ${limit}`,
      );
      return rows.map(toContact);
    },

    /**
     * A location's contacts and its company's (those of no location): what a job and the send
     * dialogs pick from; the location's primary first, then the location's, then the company's.
     */
    async forLocation(locationId: string, limit: number, exec: Executor = db): Promise<Contact[]> {
      const rows = await selectRows(
        exec,
        CONTACT,
        sql`${SELECT}
            where ${k.locationId} = ${locationId}::uuid
               or (${k.locationId} is null
                   and ${k.companyId} = (select ${l.companyId} from ${from(l)} where ${l.id} = ${locationId}::uuid))
            order by ${k.isPrimary} desc, (${k.locationId} is null), ${k.name}, ${k.id} limit ${limit}`,
      );
      return rows.map(toContact);
    },

    /** The location's units that have contact or billing fields of their own, by unit number. */
    async unitContacts(locationId: string, limit: number, exec: Executor = db): Promise<UnitContact[]> {
      return exec
        .select({
          unitId: units.id,
          unitNumber: units.unitNumber,
          primaryContactType: units.primaryContactType,
          primaryContactEmail: units.primaryContactEmail,
          primaryContactPhone: units.primaryContactPhone,
          billingEntity: units.billingEntity,
          billingEmail: units.billingEmail,
        })
        .from(units)
        .where(
          sql`${units.locationId} = ${locationId}::uuid and coalesce(${units.primaryContactEmail}, ${units.primaryContactPhone}, ${units.billingEntity}, ${units.billingEmail}) is not null`,
        )
        .orderBy(units.unitNumber, units.id)
        .limit(limit);
    },

    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Contact | null> {
      return records.getById(exec, id, options);
    },

    async insert(values: ContactWrite, exec: Executor = db): Promise<string> {
      return records.insert(exec, values);
    },

    async update(id: string, values: ContactWrite, exec: Executor = db): Promise<boolean> {
      return records.update(exec, id, values);
    },

    async delete(id: string, exec: Executor = db): Promise<boolean> {
      return records.delete(exec, id);
    },

    /** The location's primary contact other than `exceptId`, if any. */
    async primaryOf(
      locationId: string,
      exceptId: string | null,
      exec: Executor = db,
    ): Promise<{ id: string; name: string } | null> {
      const conditions = [eq(contacts.locationId, locationId), eq(contacts.isPrimary, true)];
      if (exceptId) conditions.push(ne(contacts.id, exceptId));
      const [row] = await exec
        .select({ id: contacts.id, name: contacts.name })
        .from(contacts)
        .where(and(...conditions))
        .limit(1);
      return row ?? null;
    },

    /** The location's company (null: no such location). */
    async companyOfLocation(locationId: string, exec: Executor = db): Promise<string | null> {
      const [row] = await exec
        .select({ companyId: locations.companyId })
        .from(locations)
        .where(eq(locations.id, locationId));
      return row?.companyId ?? null;
    },

    async companyExists(companyId: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      return rows.length > 0;
    },

    /** The jobs that name the contact (jobs.contact_id) with their quote counts, by number. */
    async holders(id: string, exec: Executor = db): Promise<ContactHolder[]> {
      const HOLDER = selection({
        number: j.number,
        quotes: countOf(sql`(select count(*) from ${from(q)} where ${q.jobId} = ${j.id})`),
      });
      return selectRows(
        exec,
        HOLDER,
        sql`select ${HOLDER} from ${from(j)} where ${j.contactId} = ${id}::uuid order by ${j.number}`,
      );
    },
  };
}
export type ContactsRepo = ReturnType<typeof createContactsRepo>;
