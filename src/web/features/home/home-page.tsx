import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE, isIsoDate } from '../../../domain/dates';
import { HOME_BOX } from '../../../domain/screen-headings';
import type { HomeStats } from '../../../domain/home';
import {
  DEFAULT_HOME_PERIOD,
  HOME_PERIODS,
  homeCardListQuery,
  homeDeficienciesQuery,
  homeUnsentInvoicesQuery,
  parseHomeFilters,
  type HomeCardDate,
  type HomeFilters,
} from '../../../domain/home-filters';
import { errorMessage } from '../../lib/api-client';
import { useCompanyInfo, useCompanyToday } from '../../lib/company';
import { drawnCompanyLine } from '../../lib/first-paint';
import { ErrorBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { SelectInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { useHomeOptions } from '../../lib/home-queries';
import { useHomeStats } from './api/home-queries';
import { AgreementHomeCards } from './components/agreement-cards';
import { DailyScheduleCard } from './components/daily-schedule';
import { DeferredRevenueCard } from './components/deferred-revenue-card';
import { StatCard } from './components/stat-card';
import { HOME_PERIOD_LABELS } from './home-texts';
import { useCustomerPermissions } from '../../lib/permissions';

/**
 * Each card is a door to exactly the records it counts, with the Office and Technician selects and
 * the period from the same first day as the count (src/domain/home.ts): the job cards open the jobs
 * list with the card's queue (a removable chip there) and the period on the date the card counts by
 * (the jobs' creation date, or the quotes' send date); Open Deficiencies opens the repair records
 * (/deficiencies) and Total Unsent Invoices the draft invoices (/invoices), each filtered on its
 * own records' creation (a job may hold several of either).
 */
type CardDef = {
  key: keyof HomeStats;
  label: string;
  valueLabel?: string;
  queue: string;
  date: HomeCardDate;
  list?: 'deficiencies' | 'invoices';
};
const CARDS: CardDef[] = [
  { key: 'jobsNoAppointment', label: 'Jobs with No Appointment', queue: 'no-appointment', date: 'created' },
  { key: 'overdueJobs', label: 'Overdue Jobs', queue: 'overdue', date: 'created' },
  { key: 'jobsToMark', label: 'Past Jobs to Mark Complete', queue: 'to-mark-complete', date: 'created' },
  { key: 'followUpJobs', label: 'Follow Up Jobs', queue: 'follow-up', date: 'created' },
  { key: 'openDeficiencies', label: 'Open Deficiencies', queue: 'open-deficiencies', date: null, list: 'deficiencies' },
  {
    key: 'unsentInvoices',
    label: 'Total Unsent Invoices',
    valueLabel: 'Value',
    queue: 'unsent-invoices',
    date: null,
    list: 'invoices',
  },
  {
    key: 'jobsToSchedule',
    label: 'Jobs Ready to Schedule',
    valueLabel: 'Estimated revenue',
    queue: 'ready-to-schedule',
    date: 'created',
  },
  { key: 'jobsToInvoice', label: 'Jobs to Invoice', queue: 'to-invoice', date: 'created' },
  {
    key: 'submittedQuotes',
    label: 'Total Submitted Quotes',
    valueLabel: 'Value',
    queue: 'submitted-quotes',
    date: 'quote-sent',
  },
];

function cardHref(card: CardDef, filters: HomeFilters, timeZone: string): string {
  if (card.list === 'deficiencies') return `/deficiencies?${homeDeficienciesQuery(filters).toString()}`;
  if (card.list === 'invoices') return `/invoices?${homeUnsentInvoicesQuery(filters, new Date(), timeZone).toString()}`;
  return `/jobs?${homeCardListQuery(card, filters, new Date(), timeZone).toString()}`;
}

/** Home (/): the nine counts from the data, filtered by office, technician and period. */
export default function HomePage() {
  const [params, setParams] = useSearchParams();
  const company = useCompanyInfo();
  const { canEdit } = useCustomerPermissions();
  const options = useHomeOptions();

  const filters: HomeFilters = parseHomeFilters({
    office: params.get('office') ?? undefined,
    technicianId: params.get('technicianId') ?? undefined,
    period: params.get('period') ?? undefined,
  }) ?? { office: undefined, technicianId: undefined, period: DEFAULT_HOME_PERIOD };
  const stats = useHomeStats(filters);

  const today = useCompanyToday();
  const dayParam = params.get('day');
  const day = dayParam && isIsoDate(dayParam) ? dayParam : today;
  const scheduleTech = params.get('scheduleTechnicianId') ?? undefined;

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className={HOME_BOX}>
      <PageHeader
        title={company.data?.managementTitle ?? drawnCompanyLine ?? ' '}
        actions={
          canEdit ? (
            <ButtonLink to="/companies/create">
              <Plus className="h-4 w-4" aria-hidden /> Add Company
            </ButtonLink>
          ) : null
        }
      />

      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        <SelectInput
          aria-label="Office"
          value={filters.office ?? ''}
          onChange={(e) => update({ office: e.target.value || undefined })}
        >
          <option value="">All Offices</option>
          {(options.data?.offices ?? []).map((office) => (
            <option key={office} value={office}>
              {office}
            </option>
          ))}
        </SelectInput>
        <SelectInput
          aria-label="Technician"
          value={filters.technicianId ?? ''}
          onChange={(e) => update({ technicianId: e.target.value || undefined })}
        >
          <option value="">All Technicians</option>
          {(options.data?.technicians ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectInput>
        <SelectInput
          aria-label="Period"
          value={filters.period}
          onChange={(e) => update({ period: e.target.value === DEFAULT_HOME_PERIOD ? undefined : e.target.value })}
        >
          {HOME_PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {HOME_PERIOD_LABELS[p.value]}
            </option>
          ))}
        </SelectInput>
      </div>

      <div className="mb-6">
        <DailyScheduleCard
          date={day}
          technicianId={scheduleTech}
          technicians={options.data?.technicians ?? []}
          onDate={(d) => update({ day: d === today ? undefined : d })}
          onTechnician={(id) => update({ scheduleTechnicianId: id })}
        />
      </div>

      {stats.isError ? (
        <ErrorBanner
          className="mb-4"
          message={errorMessage(stats.error, 'Failed to load the counts. Please try again.')}
        />
      ) : null}
      <section aria-label="Counts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => {
          const value = stats.data?.[card.key];
          return (
            <StatCard
              key={card.key}
              label={card.label}
              count={value?.count}
              value={value && 'valueCents' in value ? value.valueCents : undefined}
              {...(card.valueLabel ? { valueLabel: card.valueLabel } : {})}
              loading={stats.isFetching}
              to={cardHref(card, filters, company.data?.time_zone ?? DEFAULT_TIME_ZONE)}
            />
          );
        })}
        <AgreementHomeCards />
        <DeferredRevenueCard />
      </section>
    </div>
  );
}
