import { dateInZone } from '../../../domain/dates.js';
import { DAILY_SCHEDULE_LIMIT, HOME_DEFICIENCIES_PAGE_SIZE, periodSince, type DailyScheduleQuery, type HomeDeficienciesListQuery, type HomeFilters } from '../../../domain/home.js';
import type { SettingsRepo } from '../settings/settings.repo.js';
import type { HomeRepo } from './home.repo.js';

export function createHomeService({ repo, settings, clock }: { repo: HomeRepo; settings: SettingsRepo; clock: () => Date }) {
  return {
    async stats(filters: HomeFilters) {
      const now = clock();
      const { time_zone } = await settings.getCompany();
      return repo.stats({
        office: filters.office,
        technicianId: filters.technicianId,
        // From the start of the period's first day in the company's zone: where the cards' lists start.
        since: periodSince(filters.period, now, time_zone),
        today: dateInZone(now, time_zone),
        now,
      });
    },

    /** The list Open Deficiencies opens: the records it counts, from the same first instant. */
    async deficiencies(query: HomeDeficienciesListQuery) {
      const { time_zone } = await settings.getCompany();
      const since = periodSince(query.period, clock(), time_zone);
      const found = await repo.openDeficiencies({ office: query.office, technicianId: query.technicianId, since }, query.page, HOME_DEFICIENCIES_PAGE_SIZE);
      return { ...found, page: query.page, pageSize: HOME_DEFICIENCIES_PAGE_SIZE };
    },

    async options() {
      const [offices, technicians] = await Promise.all([repo.offices(), repo.activeTechnicians()]);
      return { offices: [...new Set(['Main Office', ...offices])], technicians };
    },

    async schedule(query: DailyScheduleQuery) {
      const { time_zone } = await settings.getCompany();
      const found = await repo.daySchedule({ date: query.date, timeZone: time_zone, technicianId: query.technicianId, limit: DAILY_SCHEDULE_LIMIT });
      return { date: query.date, timeZone: time_zone, ...found };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
