import { addDays, dateInZone, zonedDateTimeToInstant } from '../../../domain/dates.js';
import type { SessionUser } from '../../../domain/auth.js';
import { scorecardScope } from '../../../domain/policy.js';
import {
  approvalRatePercent,
  averageTicketCents,
  resolveScorecardRange,
  sortScorecard,
  type Scorecard,
  type ScorecardQuery,
} from '../../../domain/tech-scorecard.js';
import { forbidden } from '../../errors.js';
import type { SettingsRepo } from '../settings/index.js';
import type { TechScorecardRepo } from './tech-scorecard.repo.js';

export function createTechScorecardService({
  repo,
  settings,
  clock,
}: {
  repo: TechScorecardRepo;
  settings: SettingsRepo;
  clock: () => Date;
}) {
  return {
    async today(): Promise<string> {
      return settings.today(clock());
    },

    /** The rows the user may see (policy.scorecardScope: a technician only their own), sorted. */
    async scorecard(user: SessionUser, query: ScorecardQuery): Promise<Scorecard> {
      const scope = scorecardScope(user);
      if (scope === 'none') throw forbidden();
      const { time_zone } = await settings.getCompany();
      const today = dateInZone(clock(), time_zone);
      const { from, to } = resolveScorecardRange(query, today);
      const rows = await repo.rows({
        technicianId: scope.technicianId,
        fromDate: from,
        toDate: to,
        fromInstant: zonedDateTimeToInstant(from, '00:00', time_zone),
        toInstant: zonedDateTimeToInstant(addDays(to, 1), '00:00', time_zone),
        today,
      });
      const full = rows.map((r) => ({
        technicianId: r.technicianId,
        name: r.name,
        jobsCompleted: r.jobsCompleted,
        scheduledMinutes: r.scheduledMinutes,
        invoices: r.invoices,
        revenueCents: r.revenueCents,
        averageTicketCents: averageTicketCents(r.revenueCents, r.invoices),
        quotesSent: r.quotesSent,
        quotesApproved: r.quotesApproved,
        quotesDeclined: r.quotesDeclined,
        approvalRate: approvalRatePercent(r.quotesApproved, r.quotesDeclined),
        repeatVisits: r.repeatVisits,
        expiringCertifications: r.expiringCertifications,
      }));
      return { from, to, today, rows: sortScorecard(full, query.sort, query.dir) };
    },
  };
}
export type TechScorecardService = ReturnType<typeof createTechScorecardService>;
