/** The calendar feeds module's entry (docs/decisions/028, 049). It owns calendar_feeds. */
export { createCalendarFeedsRepo, type CalendarFeedsRepo } from './calendar-feeds.repo.js';
export { calendarFeedsRoutes } from './calendar-feeds.routes.js';
export { createCalendarFeedsService, type CalendarFeedsService } from './calendar-feeds.service.js';
