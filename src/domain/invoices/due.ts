import { addDays } from '../dates.js';
import { DUE_SOON_DAYS, type InvoiceStatus } from './constants.js';

// Overdue and due soon, in the company's time zone (section 4)

export type DueState = 'overdue' | 'due-soon' | null;

/** The calendar window for `today` (YYYY-MM-DD in the company's zone): overdue before today; due soon today through today + 7. */
export function dueWindow(today: string): { overdueBefore: string; dueSoonFrom: string; dueSoonThrough: string } {
  return { overdueBefore: today, dueSoonFrom: today, dueSoonThrough: addDays(today, DUE_SOON_DAYS) };
}

/** Only an issued invoice is overdue (due date before today) or due soon (due today or in the next 7 days). */
export function dueState(status: InvoiceStatus, dueDate: string | null, today: string): DueState {
  if (status !== 'issued' || !dueDate) return null;
  const w = dueWindow(today);
  if (dueDate < w.overdueBefore) return 'overdue';
  if (dueDate >= w.dueSoonFrom && dueDate <= w.dueSoonThrough) return 'due-soon';
  return null;
}
