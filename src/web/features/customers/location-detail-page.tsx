import { Building, Building2, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CUSTOMER_MESSAGES } from '../../../domain/customers';
import { LOCATION_MESSAGES } from './customer-texts';
import { errorMessage } from '../../lib/api-client';
import { Badge } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { detailGate, validId } from '../../ui/detail-screen';
import { Spinner } from '../../ui/spinner';
import { useUnits } from '../../lib/customer-queries';
import { useLocation } from './api/customers-api';
import { ContactsCard } from './components/contacts-card';
import { MapCard } from './components/map-card';
import { UnitStatusBadge } from './components/status-badge';
import { useCustomerPermissions } from '../../lib/permissions';

const UNITS_PER_PAGE = 25;

/** /locations/{id}: the location, its company, its map and its units. */
export default function LocationDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation(validId(id));
  const { canEdit } = useCustomerPermissions();
  const [page, setPage] = useState(1);
  const units = useUnits({ locationId: id, page, pageSize: UNITS_PER_PAGE }, { enabled: location.isSuccess });

  const wait = detailGate({
    id,
    query: location,
    invalidMessage: CUSTOMER_MESSAGES.invalidLocationId,
    notFoundMessage: CUSTOMER_MESSAGES.locationNotFound,
    errorMessage: LOCATION_MESSAGES.fetchDetail,
    loadingLabel: 'Loading location...',
    back: { to: '/locations', label: 'Back to Locations' },
  });
  if (wait || !location.data) return wait;
  const l = location.data;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={l.name}
        subtitle={l.buildingName}
        back={{ to: '/locations', label: 'Back to Locations' }}
        actions={
          canEdit ? (
            <>
              <ButtonLink to={`/locations/${l.id}/edit`} variant="secondary">
                <Pencil className="h-4 w-4" aria-hidden /> Edit Location
              </ButtonLink>
              <ButtonLink to={`/locations/${l.id}/units/add`}>
                <Plus className="h-4 w-4" aria-hidden /> Add Unit
              </ButtonLink>
            </>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="Location Information" />
            <CardBody className="grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <p className="font-medium text-slate-500">Building</p>
                <p className="flex items-center gap-1.5 text-slate-900">
                  <Building className="h-4 w-4 text-slate-400" aria-hidden /> {l.buildingName}
                </p>
              </div>
              <div>
                <p className="font-medium text-slate-500">Company</p>
                <Link
                  to={`/companies/${l.companyId}`}
                  className="flex items-center gap-1.5 font-medium text-blue-700 hover:underline"
                >
                  <Building2 className="h-4 w-4" aria-hidden /> {l.companyName}
                </Link>
              </div>
              <div className="sm:col-span-2">
                <p className="font-medium text-slate-500">Address</p>
                <p className="text-slate-900">
                  {l.address}, {l.city}, {l.state} {l.zip}
                </p>
              </div>
            </CardBody>
          </Card>

          <Card>
            <CardHeader
              title={
                <span className="flex items-center gap-2">
                  Units <Badge tone="gray">{l.unitCount}</Badge>
                </span>
              }
              actions={
                canEdit ? (
                  <ButtonLink to={`/locations/${l.id}/units/add`} size="sm">
                    <Plus className="h-4 w-4" aria-hidden /> Add Unit
                  </ButtonLink>
                ) : null
              }
            />
            <CardBody className="py-0">
              {units.isError ? (
                <ErrorBanner
                  className="my-3"
                  message={errorMessage(units.error, 'Failed to fetch units. Please try again.')}
                />
              ) : null}
              {units.isPending ? (
                <Spinner />
              ) : units.data && units.data.items.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-500">
                  No units found. Click &quot;Add Unit&quot; to create one.
                </p>
              ) : units.data ? (
                <>
                  <ul className="divide-y divide-slate-100">
                    {units.data.items.map((unit) => (
                      <li key={unit.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
                        <div className="flex items-center gap-2">
                          <Link to={`/units/${unit.id}`} className="font-medium text-blue-700 hover:underline">
                            {unit.unitNumber}
                          </Link>
                          <UnitStatusBadge status={unit.status} />
                          {unit.primaryContactType ? (
                            <span className="text-slate-600">{unit.primaryContactType}</span>
                          ) : null}
                        </div>
                        {canEdit ? (
                          <Link
                            to={`/units/${unit.id}/edit`}
                            className="inline-flex items-center gap-1 text-slate-600 hover:text-slate-900"
                            aria-label={`Edit unit ${unit.unitNumber}`}
                          >
                            <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                          </Link>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                  {units.data.total > UNITS_PER_PAGE ? (
                    <Pager page={page} pageSize={UNITS_PER_PAGE} total={units.data.total} onPage={setPage} />
                  ) : null}
                </>
              ) : null}
            </CardBody>
          </Card>
          <ContactsCard company={{ id: l.companyId, name: l.companyName }} locationId={l.id} />
        </div>
        <div className="space-y-6">
          <MapCard title="Map" label={l.name} address={l} latitude={l.latitude} longitude={l.longitude} />
          <Card>
            <CardHeader title="Quick Actions" />
            <CardBody className="flex flex-col gap-2">
              {canEdit ? (
                <>
                  <ButtonLink to={`/locations/${l.id}/units/add`} variant="secondary" className="justify-start">
                    <Plus className="h-4 w-4" aria-hidden /> Add Unit
                  </ButtonLink>
                  <ButtonLink to={`/locations/${l.id}/edit`} variant="secondary" className="justify-start">
                    <Pencil className="h-4 w-4" aria-hidden /> Edit Location
                  </ButtonLink>
                </>
              ) : null}
              <ButtonLink to={`/companies/${l.companyId}`} variant="secondary" className="justify-start">
                <Building2 className="h-4 w-4" aria-hidden /> View Company
              </ButtonLink>
            </CardBody>
          </Card>
        </div>
      </div>
    </div>
  );
}
