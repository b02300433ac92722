import { dateInZone } from '../../../domain/dates.js';
import {
  DAILY_SCHEDULE_LIMIT,
  HOME_DEFICIENCIES_PAGE_SIZE,
  periodSince,
  type DailyScheduleQuery,
  type HomeDeficienciesListQuery,
  type HomeFilters,
} from '../../../domain/home.js';
import type { SettingsRepo } from '../settings/index.js';
import type { HomeQuery, HomeRepo } from './home.repo.js';

export function createHomeService({
  repo,
  settings,
  clock,
}: {
  repo: HomeRepo;
  settings: SettingsRepo;
  clock: () => Date;
}) {
  /** The selects and the period as the repo reads them, at the app's clock in the company's zone. */
  const homeQuery = async (filters: HomeFilters): Promise<HomeQuery> => {
    const now = clock();
    const { time_zone } = await settings.getCompany();
    return {
      office: filters.office,
      technicianId: filters.technicianId,
      // From the start of the period's first day in the company's zone: where the cards' lists start.
      since: periodSince(filters.period, now, time_zone),
      today: dateInZone(now, time_zone),
      now,
    };
  };

  return {
    async stats(filters: HomeFilters) {
      return repo.stats(await homeQuery(filters));
    },

    /**
     * The list Open Deficiencies opens: the records it counts, from the same first instant; its
     * total is the count itself (the card and the list's pager always agree).
     */
    async deficiencies(query: HomeDeficienciesListQuery) {
      const q = await homeQuery(query);
      const [items, stats] = await Promise.all([
        repo.openDeficiencies(q, query.page, HOME_DEFICIENCIES_PAGE_SIZE),
        repo.stats(q),
      ]);
      return { items, total: stats.openDeficiencies.count, page: query.page, pageSize: HOME_DEFICIENCIES_PAGE_SIZE };
    },

    async options() {
      const [offices, technicians] = await Promise.all([repo.offices(), repo.activeTechnicians()]);
      return { offices: [...new Set(['Main Office', ...offices])], technicians };
    },

    async schedule(query: DailyScheduleQuery) {
      const { time_zone } = await settings.getCompany();
      const found = await repo.daySchedule({
        date: query.date,
        timeZone: time_zone,
        technicianId: query.technicianId,
        limit: DAILY_SCHEDULE_LIMIT,
      });
      return { date: query.date, timeZone: time_zone, ...found };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
