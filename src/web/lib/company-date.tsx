import { useFormatDate } from './company';

/**
 * An instant's calendar day in the company's zone ("11/27/2026"), for table cells and other places
 * that cannot call a hook themselves.
 */
export function CompanyDate({ value }: { value: string | Date | null | undefined }) {
  return <>{useFormatDate()(value)}</>;
}
