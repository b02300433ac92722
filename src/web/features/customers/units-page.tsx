import { Pencil, Plus, Search } from 'lucide-react';
import { Link } from 'react-router';
import { UNIT_MESSAGES } from './customer-texts';
import { countAppliedUnitFilters, UNIT_STATUSES, unitListFilters } from '../../../domain/customer-lists';
import type { UnitListItem } from '../../../domain/units';
import { errorMessage } from '../../lib/api-client';
import { formatPhone } from '../../lib/format';
import { useLiveFilters } from '../../lib/live-filters';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { useUnits } from '../../lib/customer-queries';
import { UnitStatusBadge } from './components/status-badge';
import { PageSizeField } from './components/page-size-field';
import { useCustomerPermissions } from '../../lib/permissions';

const TEXT_FILTERS = ['q', 'unitNumber', 'location', 'company'] as const;
const dash = (value: string | null) => value ?? <span className="text-slate-600">—</span>;

const COLUMNS: DataTableColumn<UnitListItem>[] = [
  {
    id: 'unitNumber',
    header: 'Unit Number',
    className: 'whitespace-nowrap',
    cell: (unit) => (
      <Link to={`/units/${unit.id}`} className="font-medium text-blue-700 hover:underline">
        {unit.unitNumber}
      </Link>
    ),
  },
  {
    id: 'location',
    header: 'Location',
    cell: (unit) => (
      <Link to={`/locations/${unit.locationId}`} className="text-slate-700 hover:text-blue-700 hover:underline">
        {unit.locationName}
      </Link>
    ),
  },
  {
    id: 'company',
    header: 'Company',
    cell: (unit) => (
      <Link to={`/companies/${unit.companyId}`} className="text-slate-700 hover:text-blue-700 hover:underline">
        {unit.companyName}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', cell: (unit) => <UnitStatusBadge status={unit.status} /> },
  {
    id: 'phone',
    header: 'Phone',
    priority: 3,
    className: 'whitespace-nowrap text-slate-700',
    cell: (unit) => dash(formatPhone(unit.phone)),
  },
  {
    id: 'contactType',
    header: 'Primary Contact Type',
    priority: 3,
    className: 'text-slate-700',
    cell: (unit) => dash(unit.primaryContactType),
  },
  {
    id: 'contactEmail',
    header: 'Primary Contact Email',
    priority: 2,
    className: 'text-slate-700',
    cell: (unit) => dash(unit.primaryContactEmail),
  },
  {
    id: 'contactPhone',
    header: 'Primary Contact Phone',
    priority: 3,
    className: 'whitespace-nowrap text-slate-700',
    cell: (unit) => dash(formatPhone(unit.primaryContactPhone)),
  },
  {
    id: 'billingEntity',
    header: 'Billing Entity',
    priority: 2,
    className: 'text-slate-700',
    cell: (unit) => dash(unit.billingEntity),
  },
];

/** /units: free-text search (every word must match), four filters, their count, Reset, the table. */
export default function UnitsPage() {
  const { values, update, replaceAll } = useUrlFilters(unitListFilters);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const units = useUnits(values);
  const { canEdit } = useCustomerPermissions();
  // The search narrows the list too, so it counts as a filter applied.
  const applied = countAppliedUnitFilters({ ...live.draft, status: values.status }) + (live.draft.q.trim() ? 1 : 0);
  const anything = applied > 0;

  return (
    <div className="mx-auto max-w-full">
      <PageHeader
        screen="/units"
        actions={
          canEdit ? (
            <ButtonLink to="/units/add">
              <Plus className="h-4 w-4" aria-hidden /> Add Unit
            </ButtonLink>
          ) : null
        }
      />

      <Card className="mb-6 space-y-3 p-4">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <TextInput
            type="search"
            aria-label="Search units"
            placeholder="Search units..."
            className="pl-9"
            value={live.draft.q}
            onChange={(e) => live.change('q', e.target.value)}
          />
        </div>
        <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <FormField label="Unit Number">
            {(field) => (
              <TextInput
                {...field}
                value={live.draft.unitNumber}
                onChange={(e) => live.change('unitNumber', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Location">
            {(field) => (
              <TextInput
                {...field}
                value={live.draft.location}
                onChange={(e) => live.change('location', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Company">
            {(field) => (
              <TextInput
                {...field}
                value={live.draft.company}
                onChange={(e) => live.change('company', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Status">
            {(field) => (
              <SelectInput
                {...field}
                value={values.status ?? ''}
                onChange={(e) => update({ status: e.target.value || undefined, page: undefined })}
              >
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
            className="font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
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

      {units.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(units.error, UNIT_MESSAGES.fetchList)} />
      ) : null}
      <DataTable
        label="Units"
        columns={COLUMNS}
        rows={units.data?.items}
        loading={units.isPending}
        loadingLabel="Loading units..."
        busy={units.isFetching}
        getRowKey={(unit) => unit.id}
        getRowLabel={(unit) => `unit ${unit.unitNumber}`}
        rowHref={(unit) => `/units/${unit.id}`}
        empty="No units found."
        emptyAction={
          canEdit && (
            <Link to="/units/add" className="font-medium text-blue-700 hover:underline">
              Add your first unit
            </Link>
          )
        }
        actions={
          canEdit
            ? {
                cell: (unit) => (
                  <Link
                    to={`/units/${unit.id}/edit`}
                    className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-slate-900"
                    aria-label={`Edit unit ${unit.unitNumber}`}
                  >
                    <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                  </Link>
                ),
              }
            : undefined
        }
      />
      {units.data && units.data.items.length > 0 ? (
        <Pager
          page={values.page}
          pageSize={values.pageSize}
          total={units.data.total}
          totalCapped={units.data.totalCapped}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
        />
      ) : null}
    </div>
  );
}
