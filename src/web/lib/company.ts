import { queryOptions, useQuery } from '@tanstack/react-query';
import { dateInZone, DEFAULT_TIME_ZONE } from '../../domain/dates';
import type { CompanySettings } from '../../domain/settings';
import { api } from './api-client';
import { formatDate, formatDateTime } from './format';

export type CompanyInfo = CompanySettings & { managementTitle: string };
export const companySettingsKey = ['settings', 'company'] as const;

/** Company information; the layout and Home show its management title. */
export const companyInfoQuery = queryOptions({
  queryKey: companySettingsKey,
  queryFn: () => api.get<CompanyInfo>('/api/settings/company'),
  staleTime: 5 * 60_000,
});

export function useCompanyInfo() {
  return useQuery(companyInfoQuery);
}

/** Today's date (YYYY-MM-DD) in the company's time zone (the zone's default until the settings load). */
export function useCompanyToday(): string {
  const company = useCompanyInfo();
  return dateInZone(new Date(), company.data?.time_zone ?? DEFAULT_TIME_ZONE);
}

/**
 * The company's time zone (settings), in which every time is shown (`formatDateTime`,
 * `formatTime` in lib/format); the default zone until the settings load.
 */
export function useCompanyTimeZone(): string {
  return useCompanyInfo().data?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** `formatDateTime` in the company's zone, for a screen that shows several: "11/27/2026, 2:23 PM EST". */
export function useFormatDateTime(): (value: string | Date) => string {
  const timeZone = useCompanyTimeZone();
  return (value) => formatDateTime(value, timeZone);
}

/** `formatDate` of an instant in the company's zone: the calendar day the company reads, "11/27/2026". */
export function useFormatDate(): (value: string | Date | null | undefined) => string {
  const timeZone = useCompanyTimeZone();
  return (value) => formatDate(value, timeZone);
}
