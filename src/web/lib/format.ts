import { formatCents } from '../../domain/money';

export { formatCents };

/** US date format, e.g. 11/22/2026. Plain YYYY-MM-DD dates are shown as the calendar date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${Number(m)}/${Number(d)}/${y}`;
  }
  return new Date(value).toLocaleDateString('en-US', { timeZone: undefined });
}

/** A time of day with the short zone name, e.g. "9:30 AM EST". */
export function formatTime(value: string | Date, timeZone?: string): string {
  return new Date(value).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) });
}

export function formatDateLong(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
