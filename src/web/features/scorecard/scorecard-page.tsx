import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { formatCents, formatCount, formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { formatDuration } from '../../../domain/dates';
import type { ScorecardRow } from '../../../domain/tech-scorecard';
// The rules' own file, not tech-scorecard.ts (which builds the API's schemas): no zod on first paint (057).
import {
  CERTIFICATION_WINDOW_DAYS,
  DEFAULT_SCORECARD_PERIOD,
  REPEAT_VISIT_DAYS,
  SCORECARD_PERIOD_LABELS,
  SCORECARD_PERIODS,
} from '../../../domain/tech-scorecard-rules';
import { scorecardExportUrl, useScorecard } from './api/scorecard-api';
import { scorecardUrl } from './scorecard-url';

const num = 'whitespace-nowrap tabular-nums';

const COLUMNS: DataTableColumn<ScorecardRow>[] = [
  { id: 'name', header: 'Technician', sortKey: 'name', cell: (r) => <span className="font-medium">{r.name}</span> },
  {
    id: 'jobsCompleted',
    header: 'Jobs Completed',
    sortKey: 'jobsCompleted',
    align: 'right',
    className: num,
    cell: (r) => formatCount(r.jobsCompleted),
  },
  {
    id: 'scheduledMinutes',
    header: 'Scheduled Hours',
    sortKey: 'scheduledMinutes',
    align: 'right',
    className: num,
    priority: 2,
    cell: (r) => formatDuration(r.scheduledMinutes),
  },
  {
    id: 'revenueCents',
    header: 'Revenue',
    sortKey: 'revenueCents',
    align: 'right',
    className: num,
    cell: (r) => formatCents(r.revenueCents),
  },
  {
    id: 'averageTicketCents',
    header: 'Average Ticket',
    sortKey: 'averageTicketCents',
    align: 'right',
    className: num,
    priority: 2,
    cell: (r) =>
      r.averageTicketCents === null ? <span className="text-slate-500">None</span> : formatCents(r.averageTicketCents),
  },
  {
    id: 'quotesSent',
    header: 'Quotes Sent',
    sortKey: 'quotesSent',
    align: 'right',
    className: num,
    priority: 3,
    cell: (r) => formatCount(r.quotesSent),
  },
  {
    id: 'approvalRate',
    header: 'Approval Rate',
    sortKey: 'approvalRate',
    align: 'right',
    className: num,
    priority: 2,
    cell: (r) =>
      r.approvalRate === null ? (
        <span className="text-slate-500">No decisions</span>
      ) : (
        <span title={`${r.quotesApproved} approved, ${r.quotesDeclined} declined`}>{r.approvalRate}%</span>
      ),
  },
  {
    id: 'repeatVisits',
    header: 'Repeat Visits',
    sortKey: 'repeatVisits',
    align: 'right',
    className: num,
    priority: 3,
    cell: (r) => formatCount(r.repeatVisits),
  },
  {
    id: 'expiringCertifications',
    header: 'Certifications Expiring',
    sortKey: 'expiringCertifications',
    priority: 3,
    cell: (r) =>
      r.expiringCertifications.length === 0 ? (
        <span className="text-slate-500">None</span>
      ) : (
        <ul className="space-y-1">
          {r.expiringCertifications.map((c) => (
            <li key={`${c.name}-${c.expiryDate}`}>
              <Badge tone="amber">{c.name}</Badge>{' '}
              <span className="text-sm text-slate-600">{formatDate(c.expiryDate)}</span>
            </li>
          ))}
        </ul>
      ),
  },
];

/** /jobs/scorecard: per technician over a period; a technician sees only their own row. */
export default function ScorecardPage() {
  const everyone = useCan('scorecard.everyone');
  const { values, update } = useUrlFilters(scorecardUrl);
  const custom = values.period === 'custom';
  const ready = !custom || Boolean(values.from && values.to);
  const card = useScorecard(values, ready);
  const [range, setRange] = useState({ from: values.from ?? '', to: values.to ?? '' });

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Tech Scorecard"
        subtitle={
          card.data
            ? `${formatDate(card.data.from)} to ${formatDate(card.data.to)}`
            : 'Jobs, hours, revenue and quotes per technician'
        }
        actions={ready ? <ExportLink href={scorecardExportUrl(values)} /> : null}
      />
      {!everyone ? <InfoBanner className="mb-4">You see your own scorecard.</InfoBanner> : null}

      <Card className="mb-6 p-4">
        <div className="flex flex-wrap items-end gap-3">
          <FormField label="Period" className="w-48">
            {(field) => (
              <SelectInput
                {...field}
                value={values.period}
                onChange={(e) =>
                  update({ period: e.target.value === DEFAULT_SCORECARD_PERIOD ? undefined : e.target.value })
                }
              >
                {SCORECARD_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {SCORECARD_PERIOD_LABELS[p]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          {custom ? (
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                update({ from: range.from, to: range.to });
              }}
            >
              <FormField label="From">
                {(field) => (
                  <TextInput
                    {...field}
                    type="date"
                    value={range.from}
                    onChange={(e) => setRange({ ...range, from: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label="To">
                {(field) => (
                  <TextInput
                    {...field}
                    type="date"
                    value={range.to}
                    onChange={(e) => setRange({ ...range, to: e.target.value })}
                  />
                )}
              </FormField>
              <Button type="submit" variant="secondary">
                Apply
              </Button>
            </form>
          ) : null}
        </div>
        <p className="mt-3 text-sm text-slate-600">
          Repeat visits: another job on the same unit within {REPEAT_VISIT_DAYS} days of a completed one. Approval rate:
          approved quotes of those the customer decided. Certifications expiring within {CERTIFICATION_WINDOW_DAYS}{' '}
          days.
        </p>
      </Card>

      {custom && !ready ? <InfoBanner className="mb-4">Choose the start and end dates, then Apply.</InfoBanner> : null}
      {card.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(card.error, 'Failed to load the scorecard')} />
      ) : null}
      {ready ? (
        <DataTable
          label="Tech scorecard"
          columns={COLUMNS}
          rows={card.data?.rows}
          loading={card.isPending}
          loadingLabel="Loading the scorecard..."
          busy={card.isFetching}
          getRowKey={(r) => r.technicianId}
          getRowLabel={(r) => r.name}
          getRowTestId={(r) => `scorecard-${r.technicianId}`}
          empty="No technicians found."
          sort={{ key: values.sort, direction: values.dir }}
          onSortChange={(s) =>
            update({ sort: s.key === 'name' ? undefined : s.key, dir: s.direction === 'asc' ? undefined : s.direction })
          }
        />
      ) : null}
    </div>
  );
}
