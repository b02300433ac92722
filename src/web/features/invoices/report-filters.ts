/**
 * The invoice report's period in its URL, read without zod (decision 057): anything invalid is no
 * value (the report then shows its defaults), so reading never fails.
 */
export const REPORT_PERIODS = ['annual', 'quarterly', 'monthly'] as const;

export interface ReportFilters {
  period: (typeof REPORT_PERIODS)[number] | undefined;
  year: number | undefined;
  quarter: number | undefined;
  month: number | undefined;
}

/** A whole number from `min` to `max` (as Number() reads the text), else no value. */
const wholeIn = (value: string | undefined, min: number, max: number) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

function readReportFilters(raw: Record<string, string>): ReportFilters {
  return {
    period: (REPORT_PERIODS as readonly (string | undefined)[]).includes(raw.period)
      ? (raw.period as ReportFilters['period'])
      : undefined,
    year: wholeIn(raw.year, 1900, 9999),
    quarter: wholeIn(raw.quarter, 1, 4),
    month: wholeIn(raw.month, 1, 12),
  };
}

export const reportFilters = {
  safeParse: (raw: Record<string, string>) => ({ success: true as const, data: readReportFilters(raw) }),
  parse: readReportFilters,
};
