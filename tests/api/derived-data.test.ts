/**
 * Derived data (docs/architecture.md "Derived data"): every table and column kept by triggers
 * equals its recomputation from the source rows, written here in plain SQL, after a mix of creates,
 * renames, moves, status changes and deletes. The Home counters have their own, larger test
 * (home-counters.test.ts); the other kept data is checked here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';
import { RECOMPUTED_DAY_TOTALS, RECOMPUTED_FACTS } from '../support/scorecard-facts.js';
import { KEPT_AGREEMENT_FIGURES, RECOMPUTED_AGREEMENT_FIGURES } from '../support/agreement-figures.js';

let ctx: TestContext;

const run = (query: SQL) => ctx.database.db.execute(query);
const rows = <T>(query: SQL) => queryRows<T>(ctx.database.db, query);

/** The rows one side has and the other has not (duplicates counted), both ways: empty when equal. */
async function difference(kept: SQL, recomputed: SQL) {
  return rows<Record<string, unknown>>(sql`
    (select 'kept only' as side, * from ((${kept}) except all (${recomputed})) k)
    union all
    (select 'recomputed only' as side, * from ((${recomputed}) except all (${kept})) r)`);
}

const CHECKS: Record<string, { kept: SQL; recomputed: SQL }> = {
  'companies.search_text': {
    kept: sql`select id, search_text from companies`,
    recomputed: sql`select id, lower(name) from companies`,
  },
  'locations.search_text': {
    kept: sql`select id, search_text from locations`,
    recomputed: sql`select l.id, lower(concat_ws(' ', l.name, l.building_name, l.address, l.city, c.name)) from locations l join companies c on c.id = l.company_id`,
  },
  'units.search_text': {
    kept: sql`select id, search_text from units`,
    recomputed: sql`select u.id, lower(concat_ws(' ', u.unit_number, l.name, c.name))
                    from units u join locations l on l.id = u.location_id join companies c on c.id = l.company_id`,
  },
  'contacts.search_text': {
    kept: sql`select id, search_text from contacts`,
    recomputed: sql`select k.id, lower(concat_ws(' ', k.name, k.title, k.email, k.office_phone, k.mobile_phone,
                      nullif(regexp_replace(coalesce(k.office_phone, ''), '[^0-9]', '', 'g'), ''),
                      nullif(regexp_replace(coalesce(k.mobile_phone, ''), '[^0-9]', '', 'g'), ''), c.name, l.name))
                    from contacts k join companies c on c.id = k.company_id left join locations l on l.id = k.location_id`,
  },
  customer_counts: {
    kept: sql`select companies::int, locations::int, units::int, active_units::int from customer_counts where id = 1`,
    recomputed: sql`select (select count(*)::int from companies), (select count(*)::int from locations), (select count(*)::int from units),
                           (select count(*)::int from units where status = 'active')`,
  },
  unit_numbers: {
    // Kept add-only: a number stays after its last unit goes (a search through it finds no unit).
    kept: sql`select unit_number, search_text from unit_numbers where unit_number in (select unit_number from units)`,
    recomputed: sql`select distinct unit_number, lower(unit_number) from units`,
  },
  'jobs.search_text': {
    kept: sql`select id, search_text from jobs`,
    recomputed: sql`select j.id, lower(concat_ws(' ', j.number::text, j.name, case when l.id is not null then concat_ws(' ', c.name, l.name) end, u.unit_number))
                    from jobs j left join locations l on l.id = j.location_id left join companies c on c.id = l.company_id
                    left join units u on u.id = j.unit_id`,
  },
  job_counts: {
    kept: sql`select status, type, service_line, office, n::int from job_counts where n <> 0`,
    recomputed: sql`select status, type, service_line, office, count(*)::int from jobs group by 1, 2, 3, 4`,
  },
  job_open_due_counts: {
    kept: sql`select time_period_due, n::int from job_open_due_counts where n <> 0`,
    recomputed: sql`select time_period_due, count(*)::int from jobs where status not in ('completed', 'cancelled') group by 1`,
  },
  job_assigned_count: {
    kept: sql`select n::int from job_assigned_count where id = 1`,
    recomputed: sql`select count(distinct job_id)::int from job_technicians`,
  },
  'job_technicians.job_created_at, job_number': {
    kept: sql`select id, job_created_at, job_number from job_technicians`,
    recomputed: sql`select jt.id, j.created_at, j.number from job_technicians jt join jobs j on j.id = jt.job_id`,
  },
  'job_invoices.service_line, company_id': {
    kept: sql`select id, service_line, company_id from job_invoices`,
    recomputed: sql`select i.id, j.service_line, l.company_id from job_invoices i join jobs j on j.id = i.job_id left join locations l on l.id = j.location_id
                    union all
                    select i.id, a.service_line, a.company_id from job_invoices i join agreements a on a.id = i.agreement_id where i.job_id is null`,
  },
  invoice_search: {
    kept: sql`select invoice_id, search_text, job_id, office, status, amount, issued_date, due_date, paid_date, created_at from invoice_search`,
    // an agreement's advance invoice (no job): "#{number} {name}" in the job's place, the invoice's
    // company, the agreement's office (decision 059)
    recomputed: sql`select i.id, lower(concat_ws(chr(31), i.invoice_number, j.name, l.name, c.name)), i.job_id, j.office, i.status, i.amount,
                           i.issued_date, i.due_date, i.paid_date, i.created_at
                    from job_invoices i join jobs j on j.id = i.job_id
                    left join locations l on l.id = j.location_id left join companies c on c.id = l.company_id
                    union all
                    select i.id, lower(concat_ws(chr(31), i.invoice_number, '#' || a.number || ' ' || a.name, c.name)), null, 'Main Office',
                           i.status, i.amount, i.issued_date, i.due_date, i.paid_date, i.created_at
                    from job_invoices i join agreements a on a.id = i.agreement_id left join companies c on c.id = i.company_id
                    where i.job_id is null`,
  },
  invoice_month_totals: {
    kept: sql`select status, issued_month, service_line, n::int, amount from invoice_month_totals where n <> 0 or amount <> 0`,
    recomputed: sql`select status, date_trunc('month', issued_date)::date, service_line, count(*)::int, sum(amount) from job_invoices group by 1, 2, 3`,
  },
  invoice_company_totals: {
    kept: sql`select period, period_start, company_id, n::int, amount from invoice_company_totals where n <> 0 or amount <> 0`,
    recomputed: sql`select p.period, p.period_start, i.company_id, count(*)::int, sum(i.amount) from job_invoices i
                    cross join lateral (values ('y', date_trunc('year', i.issued_date)::date), ('q', date_trunc('quarter', i.issued_date)::date),
                                               ('m', date_trunc('month', i.issued_date)::date)) p(period, period_start)
                    where i.issued_date is not null and i.status <> 'draft' group by 1, 2, 3`,
  },
  invoice_due_totals: {
    kept: sql`select due_date, n::int, amount from invoice_due_totals where n <> 0 or amount <> 0`,
    recomputed: sql`select due_date, count(*)::int, sum(amount) from job_invoices where status = 'issued' group by 1`,
  },
  invoice_paid_totals: {
    kept: sql`select paid_date, n::int, amount from invoice_paid_totals where n <> 0 or amount <> 0`,
    recomputed: sql`select paid_date, count(*)::int, sum(amount) from job_invoices where status = 'paid' group by 1`,
  },
  invoice_tax_day_totals: {
    kept: sql`select issued_date, tax_group_code, n::int, tax from invoice_tax_day_totals where n <> 0 or tax <> 0`,
    recomputed: sql`select issued_date, tax_group_code, count(*)::int, sum(tax) from job_invoices
                    where status in ('issued', 'paid') and tax > 0 and issued_date is not null group by 1, 2`,
  },
  // the Tech Scorecard's (decision 056); scorecard-totals.test.ts follows them through more writes
  scorecard_job_facts: {
    kept: sql`select job_id, technician_id, at, day, completed, repeats, scheduled, minutes, sent, approved, declined, invoices,
                     revenue::numeric from scorecard_job_facts`,
    recomputed: sql`select job_id, technician_id, at, day, completed, repeats, scheduled, minutes, sent, approved, declined, invoices,
                           revenue from (${RECOMPUTED_FACTS}) r`,
  },
  scorecard_day_totals: {
    kept: sql`select technician_id, day, completed::int, repeats::int, scheduled::int, minutes::int, sent::int, approved::int,
                     declined::int, invoices::int, revenue from scorecard_day_totals
              where (completed, repeats, scheduled, minutes, sent, approved, declined, invoices, revenue) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)`,
    recomputed: RECOMPUTED_DAY_TOTALS,
  },
  // the agreements' pull-through (decision 060); agreement-figures.test.ts follows them through more writes
  agreement_figures: { kept: KEPT_AGREEMENT_FIGURES, recomputed: RECOMPUTED_AGREEMENT_FIGURES },
  payment_day_totals: {
    kept: sql`select payment_date, method, n::int, amount from payment_day_totals where n <> 0 or amount <> 0`,
    recomputed: sql`select payment_date, method, count(*)::int, sum(amount) from job_invoice_payments where voided_at is null group by 1, 2`,
  },
};

async function expectAllKept(when: string) {
  for (const [name, check] of Object.entries(CHECKS)) {
    expect(await difference(check.kept, check.recomputed), `${name} ${when}`).toEqual([]);
  }
}

let fx: {
  companies: { id: string }[];
  locations: { id: string }[];
  units: { id: string; unitNumber: string }[];
  jobs: { id: string; number: number }[];
  invoices: { id: string }[];
  techs: string[];
  serviceLines: string[];
};

beforeAll(async () => {
  ctx = await createTestContext();
  const f = ctx.f;
  const techs: string[] = [];
  for (const name of ['a', 'b']) {
    techs.push(
      (
        await f.technician({
          user: { firstName: `Derived ${name}`, username: `derived-${name}`, password: TEST_PASSWORD },
        })
      ).user.id,
    );
  }
  const serviceLines = (await rows<{ code: string }>(sql`select code from service_lines order by code limit 2`)).map(
    (r) => r.code,
  );
  const companies = [await f.company({ name: 'Aspen Dairy' }), await f.company({ name: 'Birch Logistics' })];
  const locations = [
    await f.location({ companyId: companies[0]!.id, name: 'Aspen Plant', buildingName: 'North Hall' }),
    await f.location({ companyId: companies[0]!.id, name: 'Aspen Depot' }),
    await f.location({ companyId: companies[1]!.id, name: 'Birch Yard' }),
  ];
  const units = [
    await f.unit({ locationId: locations[0]!.id, unitNumber: 'RTU-1', status: 'active' }),
    await f.unit({ locationId: locations[0]!.id, unitNumber: 'RTU-2', status: 'inactive' }),
    await f.unit({ locationId: locations[1]!.id, unitNumber: 'RTU-1', status: 'active' }),
    await f.unit({ locationId: locations[2]!.id, unitNumber: 'AHU-9', status: 'active' }),
  ];
  const jobs = [
    await f.job({ locationId: locations[0]!.id, unitId: units[0]!.id, name: 'Coil clean', technicianIds: [techs[0]!] }),
    await f.job({
      locationId: locations[0]!.id,
      unitId: units[1]!.id,
      name: 'Belt change',
      technicianIds: [techs[0]!, techs[1]!],
    }),
    await f.job({ locationId: locations[1]!.id, unitId: null, name: 'Survey' }),
    await f.job({
      locationId: locations[2]!.id,
      unitId: units[3]!.id,
      name: 'Filter swap',
      technicianIds: [techs[1]!],
    }),
    await f.job({ locationId: locations[2]!.id, unitId: null, name: 'Leak check', status: 'completed' }),
  ];
  const invoices = [
    await f.invoice(jobs[0]!, { status: 'draft', amount: '100.00' }),
    await f.invoice(jobs[1]!, { status: 'issued', amount: '250.50', issuedDate: '2026-01-10', dueDate: '2026-02-09' }),
    await f.invoice(jobs[3]!, { status: 'issued', amount: '75.25', issuedDate: '2026-02-03', dueDate: '2026-03-05' }),
    await f.invoice(jobs[4]!, {
      status: 'paid',
      amount: '180.00',
      issuedDate: '2025-12-20',
      dueDate: '2026-01-19',
      paidDate: '2026-01-02',
    }),
    await f.invoice(jobs[4]!, { status: 'void', amount: '40.00', issuedDate: '2025-12-01', dueDate: '2025-12-31' }),
  ];
  fx = { companies, locations, units, jobs, invoices, techs, serviceLines };
});
afterAll(() => ctx.close());

describe('the data kept by triggers', () => {
  it('equals its recomputation after the rows are created', async () => {
    await expectAllKept('after the creates');
  });

  it('follows renames and moves of companies, locations, units and jobs', async () => {
    const [c0, c1] = fx.companies;
    const [l0, l1] = fx.locations;
    await run(sql`update companies set name = 'Aspen Creamery' where id = ${c0!.id}`);
    await run(sql`update locations set name = 'Aspen Works', city = 'Fairview' where id = ${l0!.id}`);
    await run(sql`update units set unit_number = 'RTU-10' where id = ${fx.units[0]!.id}`);
    await run(sql`update jobs set name = 'Coil deep clean', office = 'North Office' where id = ${fx.jobs[0]!.id}`);
    await expectAllKept('after the renames');
    // a location changes company; a job changes location, unit and service line; a unit moves
    await run(sql`update locations set company_id = ${c1!.id} where id = ${l1!.id}`);
    await run(
      sql`update jobs set location_id = ${l1!.id}, unit_id = ${fx.units[2]!.id}, service_line = ${fx.serviceLines[1] ?? fx.serviceLines[0]!} where id = ${fx.jobs[1]!.id}`,
    );
    await run(sql`update units set location_id = ${l1!.id} where id = ${fx.units[1]!.id}`);
    await expectAllKept('after the moves');
  });

  it('follows status changes, technicians and invoice transitions', async () => {
    await run(sql`update units set status = 'inactive' where id = ${fx.units[3]!.id}`);
    await run(sql`update jobs set status = 'cancelled' where id = ${fx.jobs[2]!.id}`);
    await run(
      sql`update jobs set time_period_due = time_period_due + 7, created_at = created_at - interval '3 days' where id = ${fx.jobs[3]!.id}`,
    );
    await run(sql`delete from job_technicians where job_id = ${fx.jobs[0]!.id}`);
    await run(
      sql`insert into job_technicians (job_id, technician_id, is_primary) values (${fx.jobs[2]!.id}, ${fx.techs[0]!}, true)`,
    );
    await run(sql`update job_technicians set job_id = ${fx.jobs[4]!.id} where job_id = ${fx.jobs[3]!.id}`);
    await run(
      sql`update job_invoices set status = 'issued', issued_date = '2026-03-01', due_date = '2026-03-31' where id = ${fx.invoices[0]!.id}`,
    );
    await run(sql`update job_invoices set status = 'paid', paid_date = '2026-02-01' where id = ${fx.invoices[1]!.id}`);
    await run(sql`update job_invoices set amount = 80.25 where id = ${fx.invoices[2]!.id}`);
    await expectAllKept('after the status changes');
  });

  it('follows sales tax and payments: issue, regroup, payments recorded, voided, moved and deleted', async () => {
    const [i0, i1, i2, i3] = fx.invoices;
    await run(sql`update job_invoices set tax = 17.50, tax_group_code = 'GA-7' where id in (${i1!.id}, ${i2!.id})`);
    await run(sql`update job_invoices set tax = 3.10, tax_group_code = null where id = ${i3!.id}`);
    await run(sql`update job_invoices set tax = 9.99, tax_group_code = 'GA-7' where id = ${i0!.id}`); // a draft: not counted
    await run(sql`insert into job_invoice_payments (invoice_id, payment_date, amount, method)
                  values (${i1!.id}, '2026-01-20', 100.00, 'check'), (${i1!.id}, '2026-01-20', 50.50, 'check'),
                         (${i2!.id}, '2026-02-10', 75.25, 'card'), (${i3!.id}, '2026-01-02', 180.00, 'cash')`);
    await expectAllKept('after tax and payments are recorded');
    await run(sql`update job_invoices set tax_group_code = 'GA-ATL', issued_date = '2026-01-11' where id = ${i2!.id}`);
    await run(sql`update job_invoices set status = 'void', void_reason = 'wrong customer' where id = ${i1!.id}`);
    await run(
      sql`update job_invoice_payments set voided_at = now(), void_reason = 'bounced' where method = 'check' and amount = 50.50`,
    );
    await run(sql`update job_invoice_payments set method = 'ach', payment_date = '2026-02-11' where method = 'card'`);
    await run(sql`delete from job_invoice_payments where method = 'cash'`);
    await expectAllKept('after tax groups, voids and payment changes');
  });

  it('follows deletes, their cascades and a bulk update', async () => {
    await run(sql`delete from job_invoices where id = ${fx.invoices[4]!.id}`);
    await run(sql`delete from jobs where id = ${fx.jobs[2]!.id}`);
    await run(sql`update jobs set office = 'Main Office'`);
    await run(sql`delete from units where id = ${fx.units[1]!.id}`);
    await expectAllKept('after the deletes');
    // a company with everything under it: its jobs and their invoices first (they restrict), then
    // the company, whose locations and units go with it (ON DELETE CASCADE)
    const held = sql`select j.id from jobs j join locations l on l.id = j.location_id where l.company_id = ${fx.companies[1]!.id}`;
    await run(sql`delete from job_invoices where job_id in (${held})`);
    await run(sql`delete from jobs where id in (${held})`);
    await run(sql`delete from companies where id = ${fx.companies[1]!.id}`);
    await expectAllKept('after a company is deleted');
  });

  it('keeps the contacts search text through their edits and the renames of their company and location', async () => {
    const [c0] = fx.companies;
    const l0 = fx.locations[0]!; // Aspen Plant, of the first company
    await run(sql`insert into contacts (company_id, location_id, name, email, office_phone, roles)
                  values (${c0!.id}, ${l0.id}, 'Dana Reyes', 'dana@example.com', '(404) 555-0111', '{billing}'),
                         (${c0!.id}, null, 'Eli Park', null, null, '{}')`);
    await run(sql`update contacts set mobile_phone = '770 555 0123', title = 'Owner' where name = 'Eli Park'`);
    await run(sql`update companies set name = 'Birch Dairy' where id = ${c0!.id}`);
    await run(sql`update locations set name = 'Birch Works' where id = ${l0.id}`);
    await run(sql`update contacts set location_id = null where name = 'Dana Reyes'`);
    await expectAllKept('after the contacts change');
  });

  it("keeps an agreement's advance invoices (no job) through renames of the agreement and its company", async () => {
    const c1 = await ctx.f.company({ name: 'Birch Holdings' });
    const [agreement] = await rows<{ id: string }>(sql`
      insert into agreements (name, company_id, status, start_date, end_date, frequency, day_kind, job_type, service_line, price,
                              billing_plan, plan_from)
      values ('Birch Quarterly PM', ${c1.id}, 'active', '2026-01-01', '2026-12-31', 'quarterly', 'dayOfMonth',
              (select code from job_types order by code limit 1), ${fx.serviceLines[0]!}, 1200, 'quarterly', '2026-01-01')
      returning id`);
    await run(sql`
      insert into job_invoices (agreement_id, period_start, period_end, invoice_number, status, amount, issued_date, due_date)
      values (${agreement!.id}, '2026-01-01', '2026-03-31', 'AGR-D-INV-0001', 'draft', 300, null, null),
             (${agreement!.id}, '2026-04-01', '2026-06-30', 'AGR-D-INV-0002', 'issued', 300, '2026-04-01', '2026-05-01')`);
    await expectAllKept('after the advance invoices are created');
    await run(sql`update agreements set name = 'Birch Annual Care' where id = ${agreement!.id}`);
    await run(sql`update companies set name = 'Birch Freight' where id = ${c1.id}`);
    await run(
      sql`update job_invoices set status = 'issued', issued_date = '2026-01-02', due_date = '2026-02-01' where invoice_number = 'AGR-D-INV-0001'`,
    );
    await expectAllKept('after the agreement and its company are renamed');
    const [text] = await rows<{ search_text: string }>(sql`
      select s.search_text from invoice_search s join job_invoices i on i.id = s.invoice_id where i.invoice_number = 'AGR-D-INV-0002'`);
    expect(text!.search_text).toContain('birch annual care');
    expect(text!.search_text).toContain('birch freight');
  });

  it('finds changed rows without joining the transition tables (a join of n rows to n is quadratic)', async () => {
    // Migration 0056: PostgreSQL plans old_rows JOIN new_rows as a nested loop (an EXISTS is planned
    // for its first row; PL/pgSQL keeps the plan made when the tables held one row), so a bulk
    // update of n rows compared n x n. A trigger asks "which rows changed" as new_rows EXCEPT old_rows.
    const joined = await rows<{ proname: string }>(sql`
      select proname from pg_proc
      where pronamespace = 'public'::regnamespace
        and prosrc ~* '(old_rows|new_rows)\s+\w+\s+join\s+(old_rows|new_rows)'
      order by 1`);
    expect(joined.map((r) => r.proname)).toEqual([]);
  });
});
