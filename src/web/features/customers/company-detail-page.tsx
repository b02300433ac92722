import { ChevronDown, ChevronRight, FileBarChart, MapPin, Pencil, Phone, Plus, Tags, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { addLocationPath } from './customer-paths';
import { COMPANY_MESSAGES, deleteCompanyConfirmation } from './customer-texts';
// Not the area's index, which builds its schemas (decision 057).
import { CUSTOMER_MESSAGES } from '../../../domain/customer-messages';
import { plural } from '../../../domain/customer-lists';
import type { Location } from '../../../domain/locations';
import { errorMessage } from '../../lib/api-client';
import { formatPhone } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageHeader } from '../../ui/page-header';
import { detailGate, validId } from '../../ui/detail-screen';
import { toast } from '../../ui/toast';
import { useCompanyDetail, useDeleteCompany } from './api/customers-api';
import { ContactsCard } from './components/contacts-card';
import { MapCard } from './components/map-card';
import { UnitsPanel } from './components/units-panel';
import { useCustomerPermissions } from '../../lib/permissions';
import { useCan } from '../../lib/can';
import { TagList } from './components/tag-list';

// Manage Tags checks its form with the API's schema: loaded when first opened (decision 057).
const ManageTagsDialog = lazy(() =>
  import('./components/manage-tags-dialog').then((m) => ({ default: m.ManageTagsDialog })),
);
import { formatCount } from '../../lib/format';
import { useOpenedOnce } from '../../lib/use-opened-once';

function LocationRow({ location, companyId, canEdit }: { location: Location; companyId: string; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-3" data-testid="location-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/locations/${location.id}`} className="font-medium text-blue-700 hover:underline">
            {location.name}
          </Link>
          <p className="text-sm text-slate-600">
            {location.buildingName} · {location.address}, {location.city}, {location.state} {location.zip}
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
              to={`/companies/${companyId}/locations/${location.id}/edit`}
              className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-slate-900"
              aria-label={`Edit ${location.name}`}
            >
              <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
            </Link>
          ) : null}
        </div>
      </div>
      {open ? <UnitsPanel locationId={location.id} /> : null}
    </li>
  );
}

/** /companies/{id}: the company, its map, actions, and its locations with their units. */
export default function CompanyDetailPage() {
  const { id = '' } = useParams();
  const detail = useCompanyDetail(validId(id));
  const remove = useDeleteCompany();
  const { canEdit, canDelete } = useCustomerPermissions();
  const navigate = useNavigate();
  const canTag = useCan('companyTags.manage');
  const [tagging, setTagging] = useState(false);
  const tagsUsed = useOpenedOnce(tagging);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const wait = detailGate({
    id,
    query: detail,
    invalidMessage: CUSTOMER_MESSAGES.invalidCompanyId,
    notFoundMessage: CUSTOMER_MESSAGES.companyNotFound,
    errorMessage: COMPANY_MESSAGES.fetchDetail,
    loadingLabel: 'Loading company...',
    back: { to: '/companies', label: 'Back to Companies' },
  });
  if (wait || !detail.data) return wait;

  const { company, locations, locationCount, tags } = detail.data;
  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync(company.id);
      toast.success(`${company.name} deleted`);
      navigate('/companies');
    } catch (error) {
      setDeleteError(errorMessage(error, COMPANY_MESSAGES.delete));
    }
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={company.name}
        back={{ to: '/companies', label: 'Back to Companies' }}
        actions={
          <>
            {canEdit ? (
              <ButtonLink to={`/companies/${company.id}/edit`} variant="secondary">
                <Pencil className="h-4 w-4" aria-hidden /> Edit
              </ButtonLink>
            ) : null}
            {canDelete ? (
              <Button
                variant="danger"
                onClick={() => {
                  setDeleteError(null);
                  setConfirming(true);
                }}
              >
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Button>
            ) : null}
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="Company Information" />
            <CardBody className="space-y-1 text-sm text-slate-700">
              <p className="flex items-center gap-1.5">
                <MapPin className="h-4 w-4 text-slate-600" aria-hidden />
                {company.address}, {company.city}, {company.state} {company.zip}
              </p>
              <p className="flex items-center gap-1.5">
                <Phone className="h-4 w-4 text-slate-600" aria-hidden />
                {formatPhone(company.phone) ?? <span className="text-slate-600">No phone</span>}
              </p>
              <div className="flex flex-wrap items-center gap-1.5 pt-1">
                <span className="sr-only">Tags:</span>
                {tags.length ? (
                  <TagList tags={tags} label={`Tags of ${company.name}`} />
                ) : (
                  <span className="text-slate-600">No tags</span>
                )}
              </div>
            </CardBody>
          </Card>

          <Card>
            <CardHeader
              title={
                <span className="flex items-center gap-2">
                  Locations <Badge tone="gray">{locationCount}</Badge>
                </span>
              }
              actions={
                canEdit ? (
                  <ButtonLink to={addLocationPath(company.id)} size="sm">
                    <Plus className="h-4 w-4" aria-hidden /> Add Location
                  </ButtonLink>
                ) : null
              }
            />
            <CardBody className="py-0">
              {locations.length === 0 ? (
                <div className="py-6 text-center text-sm text-slate-500">
                  <p>No locations found.</p>
                  {canEdit ? (
                    <Link
                      to={addLocationPath(company.id)}
                      className="mt-1 inline-block font-medium text-blue-700 hover:underline"
                    >
                      Add your first location
                    </Link>
                  ) : null}
                </div>
              ) : (
                <>
                  <ul className="divide-y divide-slate-100">
                    {locations.map((location) => (
                      <LocationRow key={location.id} location={location} companyId={company.id} canEdit={canEdit} />
                    ))}
                  </ul>
                  {locationCount > locations.length ? (
                    <p className="border-t border-slate-100 py-3 text-sm text-slate-500">
                      Showing {locations.length} of {formatCount(locationCount)} locations.{' '}
                      <Link
                        to={`/locations?companyId=${company.id}`}
                        className="font-medium text-blue-700 hover:underline"
                      >
                        View all locations
                      </Link>
                    </p>
                  ) : null}
                </>
              )}
            </CardBody>
          </Card>
          <ContactsCard company={company} />
        </div>

        <div className="space-y-6">
          <MapCard
            title="Map"
            label={company.name}
            address={company}
            latitude={company.latitude}
            longitude={company.longitude}
          />
          <Card>
            <CardHeader title="Actions" />
            <CardBody className="flex flex-col gap-2">
              {canEdit ? (
                <ButtonLink to={addLocationPath(company.id)} variant="secondary" className="justify-start">
                  <Plus className="h-4 w-4" aria-hidden /> Add Location
                </ButtonLink>
              ) : null}
              <ButtonLink to={`/companies/${company.id}/report`} variant="secondary" className="justify-start">
                <FileBarChart className="h-4 w-4" aria-hidden /> Generate Report
              </ButtonLink>
              {canTag ? (
                <Button variant="secondary" className="justify-start" onClick={() => setTagging(true)}>
                  <Tags className="h-4 w-4" aria-hidden /> Manage Tags
                </Button>
              ) : null}
            </CardBody>
          </Card>
        </div>
      </div>

      {tagsUsed ? (
        <Suspense fallback={null}>
          <ManageTagsDialog
            open={tagging}
            onOpenChange={setTagging}
            companyId={company.id}
            companyName={company.name}
            tags={tags}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Company"
        description={deleteCompanyConfirmation(company.name, locationCount)}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={confirmDelete}
        error={deleteError}
      />
    </div>
  );
}
