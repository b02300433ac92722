import { dateInZone } from '../../../domain/dates.js';
import {
  OPPORTUNITY_MESSAGES,
  OPPORTUNITY_PAGE_SIZE,
  type DismissInput,
  type FollowUpInput,
  type Opportunity,
  type OpportunityFilters,
  type OpportunityKind,
  type OpportunityList,
  type OpportunityListQuery,
} from '../../../domain/opportunities.js';
import type { SessionUser } from '../../../domain/auth.js';
import type { Database, Transaction } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { SettingsRepo } from '../settings/index.js';
import type { OpportunitiesRepo, OpportunityScope } from './opportunities.repo.js';

const EXPORT_BATCH = 1000;

export function createOpportunitiesService({
  db,
  repo,
  settings,
  clock,
}: {
  db: Database;
  repo: OpportunitiesRepo;
  settings: SettingsRepo;
  clock: () => Date;
}) {
  const scopeOf = async (filters: OpportunityFilters): Promise<OpportunityScope> => {
    const now = clock();
    const [{ time_zone }, { replacementAgeYears }] = [await settings.getCompany(), await settings.getOpportunities()];
    return { filters, now, timeZone: time_zone, today: dateInZone(now, time_zone), replacementAgeYears };
  };

  /** The record must exist and still be of its kind; the write runs in one transaction with the check. */
  const write = async (
    key: { kind: OpportunityKind; sourceId: string },
    change: (tx: Transaction) => Promise<void>,
  ) => {
    await db.transaction(async (tx) => {
      if (!(await repo.sourceExists(key.kind, key.sourceId, tx))) throw notFound(OPPORTUNITY_MESSAGES.notFound);
      await change(tx);
    });
  };

  return {
    async today(): Promise<string> {
      return settings.today(clock());
    },

    async list(query: OpportunityListQuery): Promise<OpportunityList> {
      const scope = await scopeOf(query);
      const { items, totals } = await repo.page(scope, OPPORTUNITY_PAGE_SIZE, (query.page - 1) * OPPORTUNITY_PAGE_SIZE);
      const total = totals.filter((t) => !query.kind || t.kind === query.kind).reduce((n, t) => n + t.count, 0);
      return { items, total, totalCapped: false, page: query.page, pageSize: OPPORTUNITY_PAGE_SIZE, totals };
    },

    /** The filtered list for the spreadsheet, a page of EXPORT_BATCH at a time, in the list's order. */
    async *exportBatches(filters: OpportunityFilters): AsyncGenerator<Opportunity[]> {
      const scope = await scopeOf(filters);
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const { items: rows } = await repo.page(scope, EXPORT_BATCH, offset);
        if (rows.length) yield rows;
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    async setFollowUp(user: SessionUser, key: { kind: OpportunityKind; sourceId: string }, input: FollowUpInput) {
      await write(key, (tx) => repo.setFollowUp(key, input, user.id, tx));
    },

    async dismiss(user: SessionUser, key: { kind: OpportunityKind; sourceId: string }, input: DismissInput) {
      await write(key, (tx) => repo.dismiss(key, input.reason, clock(), user.id, tx));
    },

    async restore(user: SessionUser, key: { kind: OpportunityKind; sourceId: string }) {
      await write(key, (tx) => repo.restore(key, user.id, tx));
    },
  };
}
export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;
