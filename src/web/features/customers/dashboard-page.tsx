import { Building2, MapPin, Plus, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { percentOf } from '../../../domain/customer-lists';
import { errorMessage } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { ErrorBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { useCustomerDashboard } from './api/customers-api';
import { useCustomerPermissions } from '../../lib/permissions';

function CountCard({
  label,
  value,
  bar,
}: {
  label: string;
  value: number | undefined;
  bar?: { percent: number; tone: 'green' | 'red' };
}) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-2 text-3xl font-semibold text-slate-900 tabular-nums" data-testid={`count-${label}`}>
        {value === undefined ? '–' : formatCount(value)}
      </p>
      {bar ? (
        <div className="mt-3">
          <div
            className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label={`${label} share of all units`}
            aria-valuenow={bar.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div
              className={bar.tone === 'green' ? 'h-full bg-green-500' : 'h-full bg-red-500'}
              style={{ width: `${bar.percent}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-slate-500">{bar.percent}% of all units</p>
        </div>
      ) : null}
    </Card>
  );
}

/** /dashboard: the customer totals, the 5 newest companies and quick actions. */
export default function DashboardPage() {
  const dashboard = useCustomerDashboard();
  const { canEdit } = useCustomerPermissions();
  const data = dashboard.data;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader screen="/dashboard" />
      {dashboard.isError ? (
        <ErrorBanner
          className="mb-4"
          message={errorMessage(dashboard.error, 'Failed to load the dashboard. Please try again.')}
        />
      ) : null}
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <CountCard label="Total Companies" value={data?.totalCompanies} />
        <CountCard label="Total Locations" value={data?.totalLocations} />
        <CountCard label="Total Units" value={data?.totalUnits} />
        <CountCard
          label="Active Units"
          value={data?.activeUnits}
          bar={{ percent: percentOf(data?.activeUnits ?? 0, data?.totalUnits ?? 0), tone: 'green' }}
        />
        <CountCard
          label="Inactive Units"
          value={data?.inactiveUnits}
          bar={{ percent: percentOf(data?.inactiveUnits ?? 0, data?.totalUnits ?? 0), tone: 'red' }}
        />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader
            title="Recent Companies"
            actions={
              <Link to="/companies" className="text-sm font-medium text-blue-700 hover:underline">
                View all
              </Link>
            }
          />
          <CardBody>
            {dashboard.isPending ? (
              <Spinner />
            ) : !data || data.recentCompanies.length === 0 ? (
              <p className="py-4 text-center text-sm text-slate-500">No companies found. Add your first company!</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.recentCompanies.map((company) => (
                  <li key={company.id} className="flex items-center justify-between gap-3 py-2">
                    <Link to={`/companies/${company.id}`} className="font-medium text-blue-700 hover:underline">
                      {company.name}
                    </Link>
                    <span className="text-sm text-slate-500">
                      {[company.city, company.state].filter(Boolean).join(', ')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Quick Actions" />
          <CardBody className="flex flex-col gap-2">
            {canEdit ? (
              <>
                <ButtonLink to="/companies/create" className="justify-start">
                  <Building2 className="h-4 w-4" aria-hidden /> Add Company
                </ButtonLink>
                <ButtonLink to="/locations/new" variant="secondary" className="justify-start">
                  <MapPin className="h-4 w-4" aria-hidden /> Add Location
                </ButtonLink>
                <ButtonLink to="/units/add" variant="secondary" className="justify-start">
                  <Wrench className="h-4 w-4" aria-hidden /> Add Unit
                </ButtonLink>
                <p className="mt-2 flex items-center gap-1 text-xs text-slate-500">
                  <Plus className="h-3 w-3" aria-hidden /> A location belongs to a company, a unit to a location.
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-600">Your role can view customers but not change them.</p>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
