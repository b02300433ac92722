/** The board's wording: the spec's texts and empty states, and what it leaves to us. */
import { formatCount } from '../../lib/format';
export const DISPATCH_TEXTS = {
  today: 'Today',
  addJob: 'Add Job',
  mapFilters: 'Map Filters',
  searchTechnicians: 'Search technicians',
  showCompleted: 'Show Completed',
  addTech: 'Add Tech',
  unassigned: 'Unassigned',
  noTechnicians: 'No technicians found',
  noLocation: 'No location',
  scheduledDates: 'Scheduled dates',
  noScheduledDates: 'No scheduled dates in this range',
  completedJobs: 'Completed jobs',
  noCompletedJobs: 'No completed jobs in this range',
  tray: 'Unscheduled jobs',
  trayEmpty: 'No unscheduled jobs in this range.',
  trayLoading: 'Loading the unscheduled jobs...',
  trayCapped: (shown: number, total: number) =>
    `Showing ${formatCount(shown)} of ${formatCount(total)}, the earliest due first. Narrow the filters to see the rest.`,
  completedCapped: (shown: number, total: number) => `${formatCount(shown)} of ${formatCount(total)}`,
  moreCompleted: 'Show more completed jobs',
  completedLoading: 'Loading completed jobs...',
  offBoard: {
    'other-office': (office: string) => `Other office${office ? `: ${office}` : ''}`,
    inactive: () => 'Inactive technician',
    'not-technician': () => 'No longer a technician',
  },
  trayHint: 'Drag a job onto the timeline to schedule it, or a block here to unschedule it.',
  readOnly: 'Your role can view the board but not move jobs.',
  loadFailed: 'Failed to load data',
  moveFailed: 'Failed to move the job. Please try again.',
  overlapTitle: 'Double-book this technician?',
  overlapConfirm: 'Double-book',
  clearAll: 'Clear all filters',
  apply: 'Apply Filters',
  reschedule: 'Reschedule',
  tooMany: (shown: number, total: number) =>
    `Showing the first ${formatCount(shown)} of ${formatCount(total)} jobs. Narrow the filters to see the rest.`,
  outsideRange: (range: string) =>
    `The board shows ${range}. Change Filter Date Range By in Map Filters to see jobs of other dates.`,
  hiddenByFilters: (n: number) => `${formatCount(n)} ${n === 1 ? 'job' : 'jobs'} hidden by filters`,
  clearHidden: 'Clear filters',
  moveUndone: (number: number) => `Move of Job #${number} undone`,
  expired: (names: readonly string[]) => `Expired certification: ${names.join(', ')}`,
  expiring: (certifications: readonly { name: string; date: string }[]) =>
    `Certification expiring soon: ${certifications.map((c) => `${c.name} (${c.date})`).join(', ')}`,
} as const;

export const STATUS_LABELS = {
  scheduled: 'Scheduled',
  unscheduled: 'Unscheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;
