import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { isSameCompanyName, NAME_SUGGESTION_MIN_CHARS } from '../../../domain/companies';
import { CUSTOMER_MESSAGES } from '../../../domain/customers';
import { isUuidV4 } from '../../../domain/ids';
import { locationInput, type LocationFormValues, type LocationInput } from '../../../domain/locations';
import { deleteLocationConfirmation, LOCATION_MESSAGES } from './customer-texts';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useDebounced } from '../../lib/use-debounced';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { detailGate, DetailProblem, validId } from '../../ui/detail-screen';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { SearchPicker, type PickerOption } from '../../ui/search-picker';
import { toast } from '../../ui/toast';
import { useCompanySuggestions } from '../../lib/customer-queries';
import { useCompanyDetail, useDeleteLocation, useLocation, useSaveLocation } from './api/customers-api';
import { DuplicateCompanyWarning } from './components/duplicate-warning';
import { READ_ONLY_CUSTOMERS_MESSAGE, useCustomerPermissions } from '../../lib/permissions';

const EMPTY: LocationFormValues = {
  companyId: '',
  name: '',
  buildingName: '',
  address: '',
  city: '',
  state: '',
  zip: '',
};

/**
 * Add Location (/companies/{companyId}/location/new, or /locations/new with no company yet) and
 * Edit Location (/companies/{companyId}/locations/{locationId}/edit and /locations/{id}/edit).
 */
export default function LocationFormPage() {
  const params = useParams();
  const routeCompanyId = params.companyId;
  const editId = params.locationId ?? params.id;
  const editing = editId !== undefined;
  const existing = useLocation(editing ? validId(editId) : undefined);
  const routeCompany = useCompanyDetail(editing ? undefined : validId(routeCompanyId));
  const save = useSaveLocation();
  const { canEdit, canDelete } = useCustomerPermissions();
  const remove = useDeleteLocation();
  const navigate = useNavigate();

  const [company, setCompany] = useState<PickerOption | null>(null);
  const [text, setText] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const loaded = useRef<string | null>(null);

  const form = useForm<LocationFormValues, unknown, LocationInput>({
    resolver: zodResolver(locationInput),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, reset, setValue, setError, clearErrors } = form;

  const searchText = useDebounced(text.trim(), 200);
  const suggestions = useCompanySuggestions(searchText, !company && searchText.length >= NAME_SUGGESTION_MIN_CHARS);
  const options: PickerOption[] = (suggestions.data?.items ?? []).map((c) => ({
    id: c.id,
    label: c.name,
    detail: [c.city, c.state].filter(Boolean).join(', '),
  }));
  // Typing the exact name of an existing company without picking it: the duplicate warning.
  const typedMatch =
    !company && text.trim() ? (suggestions.data?.items ?? []).find((c) => isSameCompanyName(c.name, text)) : undefined;

  const pick = (option: PickerOption | null) => {
    setCompany(option);
    setValue('companyId', option?.id ?? '', { shouldValidate: formState.isSubmitted });
    if (option) {
      setText('');
      clearErrors('companyId');
    }
  };

  // Fill the form once: from the location being edited, or with the company of the route.
  useEffect(() => {
    if (editing && existing.data && loaded.current !== existing.data.id) {
      loaded.current = existing.data.id;
      const l = existing.data;
      reset({
        companyId: l.companyId,
        name: l.name,
        buildingName: l.buildingName,
        address: l.address,
        city: l.city,
        state: l.state,
        zip: l.zip,
      });
      setCompany({ id: l.companyId, label: l.companyName });
    }
  }, [editing, existing.data, reset]);
  useEffect(() => {
    const c = routeCompany.data?.company;
    if (!editing && c && loaded.current !== c.id) {
      loaded.current = c.id;
      setCompany({ id: c.id, label: c.name, detail: [c.city, c.state].filter(Boolean).join(', ') });
      setValue('companyId', c.id);
    }
  }, [editing, routeCompany.data, setValue]);

  const companiesBack = { to: '/companies', label: 'Back to Companies' };
  if (!canEdit)
    return (
      <DetailProblem
        title={editing ? 'Edit Location' : 'Add Location'}
        message={READ_ONLY_CUSTOMERS_MESSAGE}
        back={{ to: '/locations', label: 'Back to Locations' }}
      />
    );
  if (routeCompanyId !== undefined && !isUuidV4(routeCompanyId))
    return <DetailProblem message={CUSTOMER_MESSAGES.invalidCompanyId} back={companiesBack} />;
  const wait = editing
    ? detailGate({
        id: editId,
        query: existing,
        invalidMessage: CUSTOMER_MESSAGES.invalidLocationId,
        notFoundMessage: CUSTOMER_MESSAGES.locationNotFound,
        errorMessage: LOCATION_MESSAGES.fetchDetail,
        loadingLabel: 'Loading location...',
        back: { to: '/locations', label: 'Back to Locations' },
      })
    : routeCompanyId
      ? detailGate({
          id: routeCompanyId,
          query: routeCompany,
          invalidMessage: CUSTOMER_MESSAGES.invalidCompanyId,
          notFoundMessage: CUSTOMER_MESSAGES.companyNotFound,
          errorMessage: LOCATION_MESSAGES.fetchDetail,
          loadingLabel: 'Loading company...',
          back: companiesBack,
        })
      : null;
  if (wait) return wait;

  const afterEdit = routeCompanyId ? `/companies/${routeCompanyId}` : '/locations';
  const cancelTo = editing ? afterEdit : routeCompanyId ? `/companies/${routeCompanyId}` : '/companies';

  const onSubmit = async (values: LocationInput) => {
    setSaveError(null);
    try {
      const saved = await save.mutateAsync({ ...(editId ? { id: editId } : {}), input: values });
      toast.success(editing ? 'Location updated' : 'Location added');
      navigate(editing ? afterEdit : `/companies/${saved.companyId}`);
    } catch (error) {
      applyServerFieldErrors(error, setError, { known: EMPTY });
      setSaveError(errorMessage(error, LOCATION_MESSAGES.save));
    }
  };

  const confirmDelete = async () => {
    if (!editId) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(editId);
      toast.success('Location deleted');
      navigate(afterEdit);
    } catch (error) {
      setDeleteError(errorMessage(error, LOCATION_MESSAGES.delete));
    }
  };

  const title = editing ? 'Edit Location' : 'Add Location';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={title}
        back={{
          to: cancelTo,
          label: cancelTo.startsWith('/companies/')
            ? 'Back to Company'
            : cancelTo === '/locations'
              ? 'Back to Locations'
              : 'Back to Companies',
        }}
        actions={
          editing && canDelete ? (
            <Button
              variant="danger"
              onClick={() => {
                setDeleteError(null);
                setConfirming(true);
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> Delete Location
            </Button>
          ) : null
        }
      />
      <Card>
        <CardBody>
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={title}>
            {saveError ? <ErrorBanner message={saveError} /> : null}
            <input type="hidden" {...register('companyId')} />
            <FormField
              label="Company"
              required
              error={formState.errors.companyId?.message}
              hint="Type at least 2 characters of the company name, then pick it"
            >
              {(field) => (
                <SearchPicker
                  id={field.id}
                  describedBy={field['aria-describedby']}
                  invalid={field['aria-invalid']}
                  label="Company"
                  selected={company}
                  onSelect={pick}
                  text={text}
                  onTextChange={setText}
                  options={options}
                  loading={suggestions.isFetching}
                  placeholder="Search companies..."
                  emptyText="No companies match"
                />
              )}
            </FormField>
            {typedMatch ? <DuplicateCompanyWarning company={typedMatch} /> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Location Name" required error={formState.errors.name?.message}>
                {(field) => <TextInput {...field} {...register('name')} />}
              </FormField>
              <FormField label="Building Name" required error={formState.errors.buildingName?.message}>
                {(field) => <TextInput {...field} {...register('buildingName')} />}
              </FormField>
            </div>
            <FormField label="Address" required error={formState.errors.address?.message}>
              {(field) => <TextInput {...field} {...register('address')} autoComplete="street-address" />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-6">
              <FormField label="City" required error={formState.errors.city?.message} className="sm:col-span-3">
                {(field) => <TextInput {...field} {...register('city')} />}
              </FormField>
              <FormField label="State" required error={formState.errors.state?.message} className="sm:col-span-1">
                {(field) => <TextInput {...field} {...register('state')} maxLength={2} className="uppercase" />}
              </FormField>
              <FormField label="Zip" required error={formState.errors.zip?.message} className="sm:col-span-2">
                {(field) => <TextInput {...field} {...register('zip')} maxLength={10} />}
              </FormField>
            </div>
            <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
              <ButtonLink to={cancelTo} variant="secondary">
                Cancel
              </ButtonLink>
              <Button type="submit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Add Location'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      {editing && existing.data ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete Location"
          description={deleteLocationConfirmation(existing.data.name, existing.data.unitCount)}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          onConfirm={confirmDelete}
          error={deleteError}
        />
      ) : null}
    </div>
  );
}
