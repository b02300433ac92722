/** The field screens' wording (issue 30): buttons, headings, empty states, the queue's states. */
import type { FieldEditable, TimeEventKind } from '../../../domain/field-rules';

export const TIME_EVENT_LABELS: Record<TimeEventKind, string> = {
  travel_started: 'Start Travel',
  arrived: 'Arrive',
  work_started: 'Start Work',
  work_finished: 'Finish',
};

export const FIELD_TEXTS = {
  myDay: 'My Day',
  noJobs: (days: number) => `No jobs scheduled for you in the next ${days} days.`,
  offlineCopy: (when: string) => `No connection: showing the copy saved ${when}.`,
  priceBookCopy: (when: string) => `Price book copy from ${when}`,
  noPriceBook: 'No price book copy on this phone yet: open My Day with a connection to save one.',
  noInspections: 'No inspections yet.',
  allSent: 'All changes sent',
  waiting: (n: number) => (n === 1 ? '1 change waiting to send' : `${n} changes waiting to send`),
  refused: (n: number) => (n === 1 ? '1 change was refused' : `${n} changes were refused`),
  offline: 'No connection: your changes are kept on this phone and sent when it returns.',
  sendNow: 'Send now',
  loadFailed: 'Failed to load your jobs',
  jobNotFound: 'Job not found',
  completed: 'Job completed',
  conflictIntro: 'The office changed this while you were away. The office decides which value stays.',
  officeConflictIntro: 'A technician changed these fields while the office changed them too. Pick the value to keep.',
} as const;

export const EDITABLE_LABELS: Record<FieldEditable, string> = {
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  problemDescription: 'Problem found',
};

/** "Today", "Tomorrow", or the weekday and date, of a day in the company's zone. */
export function dayHeading(date: string, today: string, tomorrow: string): string {
  if (date === today) return 'Today';
  if (date === tomorrow) return 'Tomorrow';
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A maps link for an address: geo: on Android would skip the browser, but Google Maps opens everywhere. */
export function mapsUrl(parts: readonly string[]): string {
  return `https://maps.google.com/?q=${encodeURIComponent(parts.filter(Boolean).join(', '))}`;
}

/** A tel: link keeps only what a dialer reads. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
