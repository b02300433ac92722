import { Pencil, Plus, Search } from 'lucide-react';
import { Link } from 'react-router';
import { countAppliedUnitFilters, UNIT_STATUSES, unitListQuery } from '../../../domain/units';
import { UNIT_MESSAGES } from './customer-texts';
import { errorMessage } from '../../lib/api-client';
import { useLiveFilters } from '../../lib/live-filters';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { Spinner } from '../../ui/spinner';
import { useUnits } from './api/customers-api';
import { UnitStatusBadge } from './components/status-badge';
import { PageSizeField } from './components/page-size-field';

const TEXT_FILTERS = ['q', 'unitNumber', 'location', 'company'] as const;
const COLUMNS = [
  'Unit Number',
  'Location',
  'Company',
  'Status',
  'Phone',
  'Primary Contact Type',
  'Primary Contact Email',
  'Primary Contact Phone',
  'Billing Entity',
  'Actions',
];

const dash = (value: string | null) => value ?? <span className="text-slate-300">—</span>;

/** /units: free-text search (every word must match), four filters, their count, Reset, the table. */
export default function UnitsPage() {
  const { values, update, replaceAll } = useUrlFilters(unitListQuery);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const units = useUnits(values);
  const applied = countAppliedUnitFilters({ ...live.draft, status: values.status });
  const anything = applied > 0 || Boolean(live.draft.q.trim());

  return (
    <div className="mx-auto max-w-full">
      <PageHeader
        title="Units"
        subtitle="Equipment and serviceable suites at your customers' locations"
        actions={
          <ButtonLink to="/units/add">
            <Plus className="h-4 w-4" aria-hidden /> Add Unit
          </ButtonLink>
        }
      />

      <Card className="mb-6 space-y-3 p-4">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <TextInput type="search" aria-label="Search units" placeholder="Search units..." className="pl-9" value={live.draft.q} onChange={(e) => live.change('q', e.target.value)} />
        </div>
        <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <FormField label="Unit Number">{(field) => <TextInput {...field} value={live.draft.unitNumber} onChange={(e) => live.change('unitNumber', e.target.value)} />}</FormField>
          <FormField label="Location">{(field) => <TextInput {...field} value={live.draft.location} onChange={(e) => live.change('location', e.target.value)} />}</FormField>
          <FormField label="Company">{(field) => <TextInput {...field} value={live.draft.company} onChange={(e) => live.change('company', e.target.value)} />}</FormField>
          <FormField label="Status">
            {(field) => (
              <SelectInput {...field} value={values.status ?? ''} onChange={(e) => update({ status: e.target.value || undefined, page: undefined })}>
                <option value="">All</option>
                {UNIT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <PageSizeField value={values.pageSize} onChange={update} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-slate-600" data-testid="filters-applied">
            {applied === 1 ? '1 filter applied' : `${applied} filters applied`}
          </span>
          <button
            type="button"
            className="font-medium text-blue-700 hover:underline disabled:text-slate-400 disabled:no-underline"
            disabled={!anything}
            onClick={() => {
              live.clear();
              replaceAll({ pageSize: values.pageSize === 25 ? undefined : values.pageSize });
            }}
          >
            Reset filters
          </button>
        </div>
      </Card>

      {units.isError ? <ErrorBanner className="mb-4" message={errorMessage(units.error, UNIT_MESSAGES.fetchList)} /> : null}
      {units.isPending ? (
        <Spinner label="Loading units..." />
      ) : units.data && units.data.items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">
          <p>No units found.</p>
          <Link to="/units/add" className="mt-2 inline-block font-medium text-blue-700 hover:underline">
            Add your first unit
          </Link>
        </div>
      ) : units.data ? (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={units.isFetching}>
              <thead className="bg-slate-50">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {units.data.items.map((unit) => (
                  <tr key={unit.id} className="hover:bg-slate-50">
                    <td className="whitespace-nowrap px-3 py-2">
                      <Link to={`/units/${unit.id}`} className="font-medium text-blue-700 hover:underline">
                        {unit.unitNumber}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <Link to={`/locations/${unit.locationId}`} className="text-slate-700 hover:text-blue-700 hover:underline">
                        {unit.locationName}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <Link to={`/companies/${unit.companyId}`} className="text-slate-700 hover:text-blue-700 hover:underline">
                        {unit.companyName}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <UnitStatusBadge status={unit.status} />
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{dash(unit.phone)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{dash(unit.primaryContactType)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{dash(unit.primaryContactEmail)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{dash(unit.primaryContactPhone)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{dash(unit.billingEntity)}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <Link to={`/units/${unit.id}/edit`} className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-slate-900" aria-label={`Edit unit ${unit.unitNumber}`}>
                        <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={values.page} pageSize={values.pageSize} total={units.data.total} onPage={(page) => update({ page: page === 1 ? undefined : page })} />
        </>
      ) : null}
    </div>
  );
}
