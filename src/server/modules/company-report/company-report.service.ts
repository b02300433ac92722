import {
  periodStartDate,
  reportTotals,
  type CompanyReport,
  type CompanyReportLocation,
  type CompanyReportUnit,
} from '../../../domain/company-report.js';
import { CUSTOMER_MESSAGES } from '../../../domain/customers.js';
import { dateInZone, zonedDateTimeToInstant } from '../../../domain/dates.js';
import { notFound } from '../../errors.js';
import type { CompanyReportRepo, ReportUnitRow } from './company-report.repo.js';

const toDate = (value: Date | null, timeZone: string): string | null =>
  value === null ? null : dateInZone(value, timeZone);

function unitOf(row: ReportUnitRow, timeZone: string): CompanyReportUnit {
  return {
    id: row.unitId,
    unitNumber: row.unitNumber,
    status: row.unitStatus === 'inactive' ? 'inactive' : 'active',
    systemType: row.systemType,
    unitType: row.unitType,
    tonnage: row.tonnage,
    age: row.age,
    inspectedOn: toDate(row.inspectedAt, timeZone),
    lastServiceDate: toDate(row.lastServiceAt, timeZone),
    openRepairs: { count: row.openRepairs, valueCents: row.openRepairsCents },
    openQuotes: { count: row.openQuotes, valueCents: row.openQuotesCents },
    jobsLast12Months: row.recentJobs,
    invoicedLast12MonthsCents: row.recentInvoicedCents,
  };
}

/** Groups the rows (ordered by location, then unit) into locations. */
export function groupByLocation(rows: readonly ReportUnitRow[], timeZone: string): CompanyReportLocation[] {
  const locations: CompanyReportLocation[] = [];
  for (const row of rows) {
    let location = locations[locations.length - 1];
    if (location?.id !== row.locationId) {
      location = {
        id: row.locationId,
        name: row.locationName,
        address: row.locationAddress,
        city: row.locationCity,
        state: row.locationState,
        zip: row.locationZip,
        units: [],
      };
      locations.push(location);
    }
    location.units.push(unitOf(row, timeZone));
  }
  return locations;
}

export function createCompanyReportService({
  repo,
  timeZone,
  clock,
}: {
  repo: CompanyReportRepo;
  timeZone: () => Promise<string>;
  clock: () => Date;
}) {
  return {
    /** The report of a company (404 "Company not found"). */
    async report(companyId: string): Promise<CompanyReport> {
      const company = await repo.company(companyId);
      if (!company) throw notFound(CUSTOMER_MESSAGES.companyNotFound);
      const zone = await timeZone();
      const now = clock();
      const today = dateInZone(now, zone);
      const periodStart = periodStartDate(today);
      const rows = await repo.units(companyId, { now, since: zonedDateTimeToInstant(periodStart, '00:00', zone) });
      const locations = groupByLocation(rows, zone);
      return {
        company: { ...company, phone: company.phone ?? '' },
        generatedOn: today,
        periodStart,
        locations,
        totals: reportTotals(locations),
      };
    },
  };
}
export type CompanyReportService = ReturnType<typeof createCompanyReportService>;
