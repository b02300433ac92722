/**
 * Deferred revenue of service agreements (decision 052), aggregated in the database: billed in
 * advance = the pre-tax amount (subtotal - discount) of issued or paid advance invoices by issue
 * date (index job_invoices_advance_issued_idx); earned = each part of agreement_revenue_shares by
 * the later of its visit's completion and its invoice's issue date. A part is the invoice's
 * pre-tax cents split in equal parts, the remainder on the last: shareCents
 * (src/domain/agreements/billing.ts), whose SQL twin this is.
 */
import { sql } from 'drizzle-orm';
import type { DeferredRevenueMonth } from '../../../domain/agreements/index.js';
import { addDays } from '../../../domain/dates.js';
import { addMonths } from '../../../domain/agreements/index.js';
import type { Executor } from '../../db/client.js';
import { selection, selectRows } from '../../db/sql.js';
import { agreementRevenueShares, jobInvoices } from '../../db/schema.js';
import { invoicesOfAgreement } from '../invoices/index.js';

const ADVANCE = sql`${jobInvoices.agreementId} is not null and ${jobInvoices.jobId} is null and ${jobInvoices.status} in ('issued', 'paid')`;
const PRE_TAX = sql`round((${jobInvoices.subtotal} - ${jobInvoices.discount}) * 100)::bigint`;

const DAY = selection({
  d: sql<string>`x.d`,
  billed: sql<number>`x.billed`.mapWith(Number),
  earned: sql<number>`x.earned`.mapWith(Number),
});

export function createAgreementBillingRepo(db: Executor) {
  /** Billed and earned per day up to `to`, each summed once (the months' figures are sums of these). */
  const dayFigures = async (to: string) =>
    selectRows(
      db,
      DAY,
      sql`
      with inv as (
        select ${jobInvoices.id} as id, ${jobInvoices.issuedDate} as issued, ${PRE_TAX} as p
        from ${jobInvoices} where ${ADVANCE} and ${jobInvoices.issuedDate} <= ${to}::date
      ), billed as (
        select issued as d, sum(p) as c from inv group by issued
      ), earned as (
        select greatest(s.earned_on, inv.issued) as d,
               sum(case when s.position = s.share_count then inv.p - (inv.p / s.share_count) * (s.share_count - 1)
                        else inv.p / s.share_count end) as c
        from ${agreementRevenueShares} s join inv on inv.id = s.invoice_id
        where s.earned_on is not null and greatest(s.earned_on, inv.issued) <= ${to}::date
        group by 1
      )
      select ${DAY} from (
        select coalesce(b.d, e.d)::text as d, coalesce(b.c, 0)::text as billed, coalesce(e.c, 0)::text as earned
        from billed b full join earned e on e.d = b.d) x
      order by x.d`,
    );

  return {
    /** One row per month from `months[0]` to the last month's end; deferred from the beginning. */
    async byMonth(months: readonly string[]): Promise<DeferredRevenueMonth[]> {
      if (!months.length) return [];
      const last = addDays(addMonths(months[months.length - 1]!, 1), -1);
      const days = await dayFigures(last);
      let billedBefore = 0;
      let earnedBefore = 0;
      const result: DeferredRevenueMonth[] = [];
      let i = 0;
      for (const month of months) {
        const end = addDays(addMonths(month, 1), -1);
        let billed = 0;
        let earned = 0;
        for (; i < days.length && days[i]!.d <= end; i++) {
          const b = days[i]!.billed;
          const e = days[i]!.earned;
          if (days[i]!.d < month) {
            billedBefore += b;
            earnedBefore += e;
          } else {
            billed += b;
            earned += e;
          }
        }
        billedBefore += billed;
        earnedBefore += earned;
        result.push({ month, billedCents: billed, earnedCents: earned, deferredCents: billedBefore - earnedBefore });
      }
      return result;
    },

    /** Deferred at the end of `today`. */
    async deferredOn(today: string): Promise<number> {
      const days = await dayFigures(today);
      return days.reduce((sum, d) => sum + d.billed - d.earned, 0);
    },

    invoicesOf: (agreementId: string) => invoicesOfAgreement(db, agreementId),
  };
}
export type AgreementBillingRepo = ReturnType<typeof createAgreementBillingRepo>;
