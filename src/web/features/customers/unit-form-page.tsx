import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { CUSTOMER_MESSAGES, MAIN_OFFICE } from '../../../domain/customers';
import {
  CONTACT_TYPES,
  DEFAULT_CONTACT_TYPE,
  UNIT_STATUSES,
  unitInput,
  type Unit,
  type UnitFormValues,
  type UnitInput,
} from '../../../domain/units';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useDebounced } from '../../lib/use-debounced';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { detailGate, DetailProblem, validId } from '../../ui/detail-screen';
import { Checkbox, FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { SearchPicker, type PickerOption } from '../../ui/search-picker';
import { toast } from '../../ui/toast';
import { useLocations, useUnit } from '../../lib/customer-queries';
import { useAddUnit, useDeleteUnit, useLocation, useUpdateUnit } from './api/customers-api';
import { deleteUnitConfirmation, LOCATION_MESSAGES, UNIT_MESSAGES } from './customer-texts';
import { READ_ONLY_CUSTOMERS_MESSAGE, useCustomerPermissions } from '../../lib/permissions';

const NEW_UNIT: UnitFormValues = {
  locationId: '',
  unitNumber: '',
  status: 'active',
  primaryContactType: DEFAULT_CONTACT_TYPE,
  primaryContactEmail: '',
  primaryContactPhone: '',
  phone: '',
  billingEntity: '',
  billingEmail: '',
  billingCity: '',
  billingState: '',
  billingZip: '',
  office: '',
  taxable: true,
  taxGroupName: '',
  taxGroupCode: '',
};

function valuesOf(unit: Unit): UnitFormValues {
  return {
    locationId: unit.location.id,
    unitNumber: unit.unitNumber,
    status: unit.status,
    primaryContactType: unit.primaryContactType ?? '',
    primaryContactEmail: unit.primaryContactEmail ?? '',
    primaryContactPhone: unit.primaryContactPhone ?? '',
    phone: unit.phone ?? '',
    billingEntity: unit.billingEntity ?? '',
    billingEmail: unit.billingEmail ?? '',
    billingCity: unit.billingCity ?? '',
    billingState: unit.billingState ?? '',
    billingZip: unit.billingZip ?? '',
    office: unit.office === MAIN_OFFICE ? '' : unit.office,
    taxable: unit.taxable,
    taxGroupName: unit.taxGroupName ?? '',
    taxGroupCode: unit.taxGroupCode ?? '',
  };
}

function LocationBlock({
  title,
  name,
  address,
  company,
  companyId,
  locationId,
}: {
  title: string;
  name: string;
  address: string;
  company: string;
  companyId: string;
  locationId: string;
}) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm" data-testid="unit-location">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <Link to={`/locations/${locationId}`} className="font-medium text-blue-700 hover:underline">
        {name}
      </Link>
      <p className="text-slate-600">{address}</p>
      <Link to={`/companies/${companyId}`} className="text-slate-700 hover:underline">
        {company}
      </Link>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Add Unit (/locations/{locationId}/units/add, or /units/add with a location search) and Edit Unit
 * (/units/{id}/edit, with the location read-only and Delete Unit).
 */
export default function UnitFormPage() {
  const params = useParams();
  const editId = params.id;
  const routeLocationId = params.locationId;
  const editing = editId !== undefined;
  const unit = useUnit(editing ? validId(editId) : undefined);
  const routeLocation = useLocation(editing ? undefined : validId(routeLocationId));
  const add = useAddUnit();
  const { canEdit, canDelete } = useCustomerPermissions();
  const updateUnit = useUpdateUnit();
  const remove = useDeleteUnit();
  const navigate = useNavigate();

  const [picked, setPicked] = useState<(PickerOption & { companyId: string }) | null>(null);
  const [text, setText] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const loaded = useRef(false);

  const form = useForm<UnitFormValues, unknown, UnitInput>({
    resolver: zodResolver(unitInput),
    defaultValues: NEW_UNIT,
  });
  const { register, handleSubmit, formState, reset, setValue, setError, clearErrors, watch } = form;
  const unitNumber = watch('unitNumber') ?? '';

  const searchText = useDebounced(text.trim(), 200);
  const locationSearch = useLocations(
    { q: searchText, pageSize: 25 },
    { enabled: !editing && !routeLocationId && !picked && searchText.length >= 2 },
  );
  const options = (locationSearch.data?.items ?? []).map((l) => ({
    id: l.id,
    label: l.name,
    detail: `${l.companyName} · ${l.address}, ${l.city}, ${l.state}`,
    companyId: l.companyId,
  }));

  useEffect(() => {
    if (editing && unit.data && !loaded.current) {
      loaded.current = true;
      reset(valuesOf(unit.data));
    }
  }, [editing, unit.data, reset]);
  useEffect(() => {
    if (!editing && routeLocation.data) setValue('locationId', routeLocation.data.id);
  }, [editing, routeLocation.data, setValue]);

  if (!canEdit)
    return (
      <DetailProblem
        title={editing ? 'Edit Unit' : 'Add Unit'}
        message={READ_ONLY_CUSTOMERS_MESSAGE}
        back={{ to: '/units', label: 'Back to Units' }}
      />
    );
  const wait = editing
    ? detailGate({
        id: editId,
        query: unit,
        invalidMessage: CUSTOMER_MESSAGES.invalidUnitId,
        notFoundMessage: CUSTOMER_MESSAGES.unitNotFound,
        errorMessage: UNIT_MESSAGES.fetchDetail,
        loadingLabel: 'Loading unit...',
        back: { to: '/units', label: 'Back to Units' },
      })
    : routeLocationId !== undefined
      ? detailGate({
          id: routeLocationId,
          query: routeLocation,
          invalidMessage: CUSTOMER_MESSAGES.invalidLocationId,
          notFoundMessage: CUSTOMER_MESSAGES.locationNotFound,
          errorMessage: LOCATION_MESSAGES.fetchDetail,
          loadingLabel: 'Loading location...',
          back: { to: '/locations', label: 'Back to Locations' },
        })
      : null;
  if (wait) return wait;

  const location = routeLocation.data;
  const existing = unit.data;
  // After saving or deleting: the unit's location when editing, the location's company when adding (the units
  // list when no location was given); Cancel returns to the unit when editing.
  const doneTo = editing
    ? `/locations/${existing!.location.id}`
    : location
      ? `/companies/${location.companyId}`
      : '/units';
  const cancelTo = editing ? `/units/${editId}` : doneTo;

  const onSubmit = async (values: UnitInput) => {
    setSaveError(null);
    try {
      if (editing) {
        await updateUnit.mutateAsync({ id: editId, input: values });
        toast.success('Unit updated');
        navigate(doneTo);
      } else {
        const saved = await add.mutateAsync(values);
        toast.success(`Unit ${saved.unitNumber} added`);
        navigate(location ? doneTo : `/units/${saved.id}`);
      }
    } catch (error) {
      applyServerFieldErrors(error, setError, { known: NEW_UNIT });
      setSaveError(errorMessage(error, editing ? UNIT_MESSAGES.update : UNIT_MESSAGES.add));
    }
  };

  const confirmDelete = async () => {
    if (!editId) return;
    try {
      await remove.mutateAsync(editId);
      setConfirming(false);
      toast.success(`Unit ${existing!.unitNumber} deleted`);
      navigate(doneTo);
    } catch (error) {
      // A failed delete closes the dialog and the page says why in its banner.
      setConfirming(false);
      setSaveError(errorMessage(error, UNIT_MESSAGES.delete));
    }
  };

  const errors = formState.errors;
  const text2 = (name: keyof UnitFormValues, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} error={errors[name]?.message}>
      {(field) => <TextInput {...field} {...register(name)} {...props} />}
    </FormField>
  );
  const title = editing ? 'Edit Unit' : 'Add Unit';

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={title}
        back={{ to: cancelTo, label: editing ? 'Back to Unit' : location ? 'Back to Company' : 'Back to Units' }}
        actions={
          editing && canDelete ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete Unit
            </Button>
          ) : null
        }
      />
      <Card>
        <CardHeader title={editing ? `Unit ${existing!.unitNumber}` : 'New unit'} />
        <CardBody>
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6" aria-label={title}>
            {saveError ? <ErrorBanner message={saveError} /> : null}
            <input type="hidden" {...register('locationId')} />
            {editing && existing ? (
              <LocationBlock
                title="Location"
                name={existing.location.name}
                address={`${existing.location.address}, ${existing.location.city}, ${existing.location.state} ${existing.location.zip}`}
                company={existing.company.name}
                companyId={existing.company.id}
                locationId={existing.location.id}
              />
            ) : location ? (
              <LocationBlock
                title="Adding a unit to"
                name={location.name}
                address={`${location.address}, ${location.city}, ${location.state} ${location.zip}`}
                company={location.companyName}
                companyId={location.companyId}
                locationId={location.id}
              />
            ) : (
              <FormField
                label="Location"
                required
                error={errors.locationId?.message}
                hint="Type at least 2 characters of the location, building or company, then pick it"
              >
                {(field) => (
                  <SearchPicker
                    id={field.id}
                    describedBy={field['aria-describedby']}
                    invalid={field['aria-invalid']}
                    label="Location"
                    selected={picked}
                    onSelect={(option) => {
                      const full = option ? (options.find((o) => o.id === option.id) ?? null) : null;
                      setPicked(full);
                      setValue('locationId', full?.id ?? '');
                      if (full) {
                        setText('');
                        clearErrors('locationId');
                      }
                    }}
                    text={text}
                    onTextChange={setText}
                    options={options}
                    loading={locationSearch.isFetching}
                    placeholder="Search locations..."
                    emptyText="No locations match"
                  />
                )}
              </FormField>
            )}

            <Section title="Unit">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Unit Number" required error={errors.unitNumber?.message}>
                  {(field) => <TextInput {...field} {...register('unitNumber')} />}
                </FormField>
                <FormField label="Status" error={errors.status?.message}>
                  {(field) => (
                    <SelectInput {...field} {...register('status')}>
                      {UNIT_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {status}
                        </option>
                      ))}
                    </SelectInput>
                  )}
                </FormField>
                {text2('phone', 'Phone', { type: 'tel' })}
              </div>
            </Section>

            <Section title="Primary Contact">
              <div className="grid gap-4 sm:grid-cols-3">
                <FormField label="Primary Contact Type" error={errors.primaryContactType?.message}>
                  {(field) => (
                    <SelectInput {...field} {...register('primaryContactType')}>
                      <option value="">Not specified</option>
                      {CONTACT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </SelectInput>
                  )}
                </FormField>
                {text2('primaryContactEmail', 'Primary Contact Email', { type: 'email' })}
                {text2('primaryContactPhone', 'Primary Contact Phone', { type: 'tel' })}
              </div>
            </Section>

            <Section title="Billing">
              <div className="grid gap-4 sm:grid-cols-2">
                {text2('billingEntity', 'Billing Entity')}
                {text2('billingEmail', 'Billing Email', { type: 'email' })}
              </div>
              <div className="grid gap-4 sm:grid-cols-6">
                <div className="sm:col-span-3">{text2('billingCity', 'Billing City')}</div>
                <div className="sm:col-span-1">
                  {text2('billingState', 'Billing State', { maxLength: 2, className: 'uppercase' })}
                </div>
                <div className="sm:col-span-2">{text2('billingZip', 'Billing Zip', { maxLength: 10 })}</div>
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                {text2('office', 'Office', { placeholder: MAIN_OFFICE })}
                {text2('taxGroupName', 'Tax Group Name')}
                {text2('taxGroupCode', 'Tax Group Code')}
              </div>
              <Checkbox label="Taxable" {...register('taxable')} />
            </Section>

            <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
              <ButtonLink to={cancelTo} variant="secondary">
                Cancel
              </ButtonLink>
              <Button type="submit" disabled={formState.isSubmitting || (!editing && unitNumber.trim() === '')}>
                {formState.isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Add Unit'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      {editing && existing ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete Unit"
          description={deleteUnitConfirmation(existing.unitNumber)}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          onConfirm={confirmDelete}
        />
      ) : null}
    </div>
  );
}
