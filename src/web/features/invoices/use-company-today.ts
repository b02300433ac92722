import { dateInZone, DEFAULT_TIME_ZONE } from '../../../domain/dates';
import { useCompanyInfo } from '../../lib/company';

/** Today's date (YYYY-MM-DD) in the company's time zone: due dates before it are overdue. */
export function useCompanyToday(): string {
  const company = useCompanyInfo();
  return dateInZone(new Date(), company.data?.time_zone ?? DEFAULT_TIME_ZONE);
}
