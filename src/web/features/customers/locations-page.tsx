import { Building2, ChevronDown, ChevronRight, Pencil, Plus, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
// The plain URL reader (customer-lists), not the schema: no zod on a list's first load (decision 042).
import { locationListFilters, plural } from '../../../domain/customer-lists';
import type { Location } from '../../../domain/locations';
import { LOCATION_MESSAGES } from './customer-texts';
import { errorMessage } from '../../lib/api-client';
import { useLiveFilters } from '../../lib/live-filters';
import { useUrlFilters } from '../../lib/url-state';
import { Badge } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ExportLink } from '../../ui/export-link';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { Spinner } from '../../ui/spinner';
import { useLocations } from '../../lib/customer-queries';
import { exportUrl } from './api/customers-api';
import { UnitsPanel } from './components/units-panel';
import { PageSizeField } from './components/page-size-field';
import { useCustomerPermissions } from '../../lib/permissions';

const TEXT_FILTERS = ['q', 'name', 'buildingName', 'city', 'state', 'zip'] as const;
const FILTER_FIELDS = [
  { key: 'name', label: 'Name' },
  { key: 'buildingName', label: 'Building Name' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'Zipcode' },
] as const;

function LocationCard({ location }: { location: Location }) {
  const [open, setOpen] = useState(false);
  const { canEdit } = useCustomerPermissions();
  return (
    <Card className="p-4" data-testid="location-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/locations/${location.id}`} className="text-base font-semibold text-blue-700 hover:underline">
            {location.name}
          </Link>
          <p className="text-sm text-slate-600">{location.buildingName}</p>
          <Link
            to={`/companies/${location.companyId}`}
            className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:text-blue-700 hover:underline"
          >
            <Building2 className="h-3.5 w-3.5" aria-hidden /> {location.companyName}
          </Link>
          <p className="text-sm text-slate-600">
            {location.address}, {location.city}, {location.state} {location.zip}
          </p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <Badge tone="blue">{plural(location.unitCount, 'unit')}</Badge>
          <Button variant="ghost" size="sm" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronRight className="h-4 w-4" aria-hidden />}
            {open ? 'Hide Units' : 'Show Units'}
          </Button>
          {canEdit ? (
            <Link
              to={`/locations/${location.id}/edit`}
              className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-slate-900"
              aria-label={`Edit ${location.name}`}
            >
              <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
            </Link>
          ) : null}
        </div>
      </div>
      {open ? <UnitsPanel locationId={location.id} /> : null}
    </Card>
  );
}

/** /locations: search and filters applied as you type, Reset filters, units on demand, Export. */
export default function LocationsPage() {
  const { values, update, replaceAll } = useUrlFilters(locationListFilters);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const locations = useLocations(values);
  const { canEdit } = useCustomerPermissions();
  const { page: _page, pageSize: _pageSize, ...filters } = values;
  const anyFilter = Object.values(filters).some(Boolean);
  const companyName = values.companyId ? locations.data?.items[0]?.companyName : undefined;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/locations"
        actions={
          <>
            <ExportLink href={exportUrl('/api/locations/export', filters)} label="Export" />
            {canEdit ? (
              <ButtonLink to="/locations/new">
                <Plus className="h-4 w-4" aria-hidden /> Add Location
              </ButtonLink>
            ) : null}
          </>
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
            aria-label="Search locations"
            placeholder="Search locations..."
            className="pl-9"
            value={live.draft.q}
            onChange={(e) => live.change('q', e.target.value)}
          />
        </div>
        <div className="grid items-end gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {FILTER_FIELDS.map((filter) => (
            <FormField key={filter.key} label={filter.label}>
              {(field) => (
                <TextInput
                  {...field}
                  value={live.draft[filter.key]}
                  onChange={(e) => live.change(filter.key, e.target.value)}
                />
              )}
            </FormField>
          ))}
          <PageSizeField value={values.pageSize} onChange={update} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {values.companyId ? (
            <span className="inline-flex items-center gap-2 rounded-full bg-blue-50 px-3 py-1 text-blue-800">
              Company: {companyName ?? 'selected company'}
              <button
                type="button"
                aria-label="Show every company"
                onClick={() => update({ companyId: undefined, page: undefined })}
              >
                <X className="h-3.5 w-3.5" />
              </button>
            </span>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
            disabled={!anyFilter && !live.draft.q}
            onClick={() => {
              live.clear();
              replaceAll({ pageSize: values.pageSize === 25 ? undefined : values.pageSize });
            }}
          >
            Reset filters
          </button>
        </div>
      </Card>

      {locations.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(locations.error, LOCATION_MESSAGES.fetchList)} />
      ) : null}
      {locations.isPending ? (
        <Spinner label="Loading locations..." />
      ) : locations.data && locations.data.items.length === 0 ? (
        <EmptyState>No locations found.</EmptyState>
      ) : locations.data ? (
        <>
          <div className="space-y-3" aria-busy={locations.isFetching}>
            {locations.data.items.map((location) => (
              <LocationCard key={location.id} location={location} />
            ))}
          </div>
          <Pager
            page={values.page}
            pageSize={values.pageSize}
            total={locations.data.total}
            totalCapped={locations.data.totalCapped}
            onPage={(page) => update({ page: page === 1 ? undefined : page })}
          />
        </>
      ) : null}
    </div>
  );
}
