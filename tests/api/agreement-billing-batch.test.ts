/**
 * Agreement billing per batch (decision 058): the generator writes draft invoices for a batch of
 * agreements in a few set-based statements. On a mixed set (monthly billing catching up three
 * missed months, quarterly with a Bill To of its own, annual over two locations, per visit, a taxed
 * unit and an exempt one, visits completed before their invoice) the batch must write exactly what
 * the per-invoice path (createAgreementInvoice, the path issued invoices still take) writes: the
 * same invoices, numbers of the same form, totals, tax snapshot, Bill To, lines, history, revenue
 * parts and next billing dates. Everything but ids, the numbers' random digits and timestamps.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { billDue, type BillingOptions } from '../../src/server/modules/agreements/agreement-billing.service.js';
import type { FileStorage } from '../../src/server/storage/storage.js';
import { agreementPayload } from '../support/agreements.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let now = new Date('2027-01-05T15:00:00Z');
let ctx: TestContext;
let api: ApiClient;
let admin: ApiClient;
const agreementIds: Record<string, string> = {};

const signIn = async () => {
  api = await signInAs(ctx, 'user');
  admin = await api.withRole('admin');
};

async function generate() {
  const response = await admin.call('POST', '/api/agreements/generate-visits');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().error).toBeNull();
  return response.json() as { invoicesCreated: number };
}

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  await signIn();
  const group = await admin.call('POST', '/api/settings/tax-groups', { code: 'BT-8', name: 'Batch Tax', rate: 8.25 });
  expect(group.statusCode, group.body).toBe(201);
  const companyId = (await ctx.f.company({ name: 'Batch, "Billing" Co' })).id;
  const tower = await ctx.f.location({ companyId, name: 'Batch Tower' });
  const annex = await ctx.f.location({ companyId, name: 'Batch Annex' });
  const taxed = (await ctx.f.unit({ locationId: tower.id, unitNumber: 'T-1', taxable: true, taxGroupCode: ' bt-8 ' }))
    .id;
  const exempt = (
    await ctx.f.unit({
      locationId: annex.id,
      unitNumber: 'E-1',
      taxable: false,
      billingEntity: 'Annex Owner LLC',
      billingEmail: 'ap@annex.example.com',
      billingCity: 'Springfield',
      billingState: 'IL',
      billingZip: '62701',
    })
  ).id;
  const plans: [string, Record<string, unknown>, string[]][] = [
    // Monthly billing of a quarterly plan, created in January, first billed in March: 3 months.
    ['Batch monthly catch-up', { billingPlan: 'monthly', price: '1000.00' }, [taxed]],
    ['Batch quarterly exempt', { billingPlan: 'quarterly', price: '999.99' }, [exempt]],
    ['Batch annual two sites', { billingPlan: 'annually', frequency: 'monthly', price: '1234.56' }, [taxed, exempt]],
    ['Batch per visit', { billingPlan: 'per_visit', price: '1000.00' }, [taxed]],
    ['Batch odd term', { billingPlan: 'quarterly', startDate: '2027-01-10', endDate: '2027-11-20' }, [taxed]],
  ];
  for (const [name, overrides, unitIds] of plans) {
    const response = await api.call(
      'POST',
      '/api/agreements',
      agreementPayload({ companyId, unitIds, technicianId: null }, { name, ...overrides }),
    );
    expect(response.statusCode, response.body).toBe(201);
    agreementIds[name] = (response.json() as { id: string }).id;
  }
  // March 20: the visits since January are made and (by the batch) the periods begun are billed.
  now = new Date('2027-03-20T15:00:00Z');
  await signIn();
  // The run records the invoices it made (3 months, a quarter, a year, the odd term's quarter).
  expect((await generate()).invoicesCreated).toBe(6);
  // Visits completed before their invoice exists: the per-visit job, and visits of advance plans
  // (billed again below after them, their parts are earned at once).
  const visits = await queryRows<{ job_id: string }>(
    ctx.database.db,
    sql`select v.job_id from agreement_visits v join agreements a on a.id = v.agreement_id
        where v.visit_date <= '2027-03-20' and v.job_id is not null
          and a.name in ('Batch per visit', 'Batch quarterly exempt', 'Batch annual two sites')
        order by v.visit_date, v.job_id`,
  );
  expect(visits.length).toBeGreaterThanOrEqual(3);
  for (const { job_id } of visits) {
    const done = await admin.call('POST', `/api/jobs/${job_id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
  }
  expect((await generate()).invoicesCreated).toBe(1);
  const runs = (await admin.call('GET', '/api/agreements/generator-runs?pageSize=25')).json();
  expect(runs.items.map((r: { invoicesCreated: number }) => r.invoicesCreated)).toEqual([1, 6]);
});
afterAll(() => ctx.close());

/** Everything billing wrote, without ids, timestamps and the numbers' random digits. */
async function billingState() {
  const invoices = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select a.name as agreement, j.number as job, i.period_start::text, i.period_end::text,
          regexp_replace(i.invoice_number, '[0-9]{4}$', '####') as number, i.invoice_type, i.status,
          i.amount::text, i.subtotal::text, i.discount::text, i.tax::text, i.amount_paid::text,
          i.tax_group_code, i.tax_group_name, i.tax_rate::text, i.unit_taxable, i.unit_label,
          i.due_date::text, i.issued_date::text, i.company_id, i.service_line, i.created_by,
          i.bill_to_name, i.bill_to_email, i.bill_to_address, i.bill_to_city, i.bill_to_state, i.bill_to_zip,
          (select json_agg(json_build_object('position', l.position, 'code', l.code, 'name', l.name,
             'itemType', l.item_type, 'quantity', l.quantity::text, 'unitPrice', l.unit_price::text,
             'total', l.total::text, 'taxable', l.taxable, 'jobItem', l.job_item_id) order by l.position)
           from job_invoice_lines l where l.invoice_id = i.id) as lines,
          (select json_agg(json_build_object('from', h.from_status, 'to', h.to_status, 'note', h.note,
             'by', h.changed_by) order by h.changed_at, h.note)
           from job_invoice_status_changes h where h.invoice_id = i.id) as history,
          (select json_agg(json_build_object('position', s.position, 'of', s.share_count, 'visit', s.visit_date,
             'period', s.period, 'location', s.location_id, 'earned', s.earned_on) order by s.position)
           from agreement_revenue_shares s where s.invoice_id = i.id) as shares,
          (select regexp_replace(x.search_text, '[0-9]{4}' || chr(31), '####' || chr(31)) from invoice_search x
           where x.invoice_id = i.id) as search
        from job_invoices i join agreements a on a.id = i.agreement_id left join jobs j on j.id = i.job_id
        where a.name like 'Batch %'
        order by a.name, i.period_start, j.number`,
  );
  const nextBills = await queryRows<{ name: string; next_bill_on: string | null }>(
    ctx.database.db,
    sql`select name, next_bill_on::text from agreements where name like 'Batch %' order by name`,
  );
  return { invoices, nextBills };
}

/** Takes every agreement invoice back (as if never billed) and bills again, per row or per batch. */
async function rebill(options: BillingOptions) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from job_invoices where agreement_id is not null`);
    await tx.execute(sql`update agreements set next_bill_on = null`);
    await billDue(tx, { storage: {} as FileStorage, now, issue: false }, '2027-03-20', options);
  });
}

describe('agreement billing per batch', () => {
  it('writes what the per-invoice path writes, whatever the batch size', async () => {
    const batch = await billingState();
    // The set is mixed as meant: catch-up, taxed, exempt, per-visit, earned parts.
    const of = (name: string) => batch.invoices.filter((i) => i.agreement === name);
    expect(of('Batch monthly catch-up').map((i) => i.period_start)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01']);
    // $1,000.00 a year, monthly: 83.33 a month, taxed at 8.25% (6.87).
    expect(of('Batch monthly catch-up')[0]).toMatchObject({ subtotal: '83.33', tax: '6.87', amount: '90.20' });
    expect(of('Batch monthly catch-up')[0]).toMatchObject({ tax_group_code: 'BT-8', tax_rate: '8.250' });
    expect(of('Batch quarterly exempt')[0]).toMatchObject({
      subtotal: '249.99',
      tax: '0.00',
      unit_taxable: false,
      bill_to_name: 'Annex Owner LLC',
    });
    expect(of('Batch per visit')).toHaveLength(1);
    expect(of('Batch per visit')[0]!.job).not.toBeNull();
    expect(of('Batch annual two sites')[0]!.subtotal).toBe('1234.56');
    expect(of('Batch odd term')).toHaveLength(1);
    expect(batch.invoices.some((i) => (i.shares as { earned: string | null }[]).some((s) => s.earned))).toBe(true);
    expect(batch.invoices).toHaveLength(7);

    await rebill({ perRow: true });
    const perRow = await billingState();
    expect(perRow).toEqual(batch);

    // Batches of two agreements: rows of one agreement never take another's values.
    await rebill({ batchSize: 2 });
    expect(await billingState()).toEqual(perRow);
  });
});
