import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema.js';
import { agreementList } from '../../src/server/modules/agreements/agreements.repo.js';
import { companyList, companySuggestions } from '../../src/server/modules/companies/companies.repo.js';
import { contactList } from '../../src/server/modules/contacts/contacts.repo.js';
import { paymentListDescription } from '../../src/server/modules/invoices/invoice-payments.repo.js';
import { invoiceLists } from '../../src/server/modules/invoices/invoices-list.repo.js';
import { jobList } from '../../src/server/modules/jobs/jobs-list.repo.js';
import { locationList } from '../../src/server/modules/locations/locations.repo.js';
import { priceBookList } from '../../src/server/modules/price-book/price-book.repo.js';
import { headerSearchKinds } from '../../src/server/modules/search/search.repo.js';
import { unitList } from '../../src/server/modules/units/units.repo.js';
import { userList } from '../../src/server/modules/users/users.repo.js';

const indexNames = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .flatMap((table) => getTableConfig(table as PgTable).indexes.map((index) => index.config.name)),
);

const kinds = headerSearchKinds();
const invoices = invoiceLists(10);
const lists = [
  companyList(),
  companySuggestions(),
  locationList(),
  contactList(),
  agreementList(),
  unitList(),
  jobList(),
  invoices.all,
  invoices.pending,
  invoices.paid,
  priceBookList(),
  userList(),
  paymentListDescription(10),
  ...Object.values(kinds),
  kinds.invoices.readFrom!('plan')!,
];

// A list names the index each of its orders walks (description.ts): the name must be the schema's.
describe('list descriptions', () => {
  it('name, for every order, an index the schema has', () => {
    for (const list of lists)
      for (const [order, { index }] of Object.entries(list.orders))
        expect(indexNames.has(index), `${list.name}: ${order} by ${index}`).toBe(true);
  });

  it('read one of their own orders', () => {
    const query = { sort: 'due', technicianId: undefined, page: 1, pageSize: 25 } as never;
    for (const list of lists) {
      const order = list.orderOf?.(query) ?? Object.keys(list.orders)[0]!;
      expect(Object.keys(list.orders), list.name).toContain(order);
      expect(Object.keys(list.orders).length === 1 || list.orderOf !== undefined, list.name).toBe(true);
    }
  });
});
