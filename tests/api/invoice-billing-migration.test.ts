/**
 * Migration 0040 (decision 037): every invoice written before it gets Bill To by the rule of
 * billToFor, computed in SQL once. A database migrated up to 0039 gets invoices for units with
 * full, partial and no billing fields (inserted by hand, in the 0039 shape), then the remaining
 * migrations run and each invoice's bill_to_* columns must equal billToFor of its unit and company.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billToFor, type UnitBilling } from '../../src/domain/invoices/index.js';
import { queryRows, type DatabaseHandle } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { createFactories } from '../factories/index.js';
import { openDatabaseMigratedTo } from '../support/migrated-to.js';

const LAST_BEFORE = '0039_job-edit-history';
let handle: DatabaseHandle;
let cleanup: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ handle, cleanup } = await openDatabaseMigratedTo(LAST_BEFORE));
}, 120_000);
afterAll(async () => {
  await cleanup?.();
});

const COMPANY = { name: 'Old Billing Holdings', address: '1 Old Way', city: 'Atlanta', state: 'GA', zip: '30301' };
const NONE: UnitBilling = {
  billingEntity: null,
  billingEmail: null,
  billingCity: null,
  billingState: null,
  billingZip: null,
};
const CASES: { name: string; unit: UnitBilling }[] = [
  {
    name: 'full',
    unit: {
      billingEntity: 'Peachtree Property Management',
      billingEmail: 'ap@peachtree.example',
      billingCity: 'Marietta',
      billingState: 'GA',
      billingZip: '30060',
    },
  },
  { name: 'none', unit: NONE },
  { name: 'blank', unit: { ...NONE, billingEntity: '  ', billingCity: '' } },
  { name: 'email only', unit: { ...NONE, billingEmail: 'billing@old.example' } },
  { name: 'entity only', unit: { ...NONE, billingEntity: 'Someone Else LLC' } },
  { name: 'entity is the company', unit: { ...NONE, billingEntity: 'old billing holdings' } },
  { name: 'city only', unit: { ...NONE, billingCity: 'Savannah' } },
];

describe('migration 0040: Bill To of the invoices already written', () => {
  it('fills bill_to_* with the rule of billToFor for every unit shape', async () => {
    const db = handle.db;
    // Companies, locations and units are as in 0039; the factories write them.
    const f = createFactories(db);
    const company = await f.company(COMPANY);
    const location = await f.location({ companyId: company.id });
    const invoices: { name: string; id: string; unit: UnitBilling }[] = [];
    for (const [i, c] of CASES.entries()) {
      const unit = await f.unit({ locationId: location.id, unitNumber: `RTU-${i}`, ...c.unit });
      // The job by hand in the 0039 shape: the factory writes today's columns (later migrations add some).
      const [job] = await queryRows<{ id: string; number: number }>(
        db,
        sql`insert into jobs (name, type, location_id, unit_id, service_line, description, time_period_start, time_period_due)
            values ('Quarterly PM', 'PM', ${location.id}, ${unit.id}, 'HVACGEN', 'Maintenance', '2026-01-05', '2026-01-05')
            returning id, number`,
      );
      const u = c.unit;
      const [invoice] = await queryRows<{ id: string }>(
        db,
        sql`insert into job_invoices (job_id, invoice_number, amount, status, issued_date, due_date)
            values (${job!.id}, ${`JOB-${job!.number}-INV-0001`}, '100.00', 'issued', '2026-01-06', '2026-02-05') returning id`,
      );
      invoices.push({ name: c.name, id: invoice!.id, unit: u });
    }

    await migrateDatabase(handle);

    for (const invoice of invoices) {
      const [row] = await queryRows<Record<string, string | null>>(
        db,
        sql`select bill_to_name as name, bill_to_email as email, bill_to_address as address, bill_to_city as city,
              bill_to_state as state, bill_to_zip as zip from job_invoices where id = ${invoice.id}`,
      );
      expect({ case: invoice.name, ...row }).toEqual({ case: invoice.name, ...billToFor(invoice.unit, COMPANY) });
    }
  });
});
