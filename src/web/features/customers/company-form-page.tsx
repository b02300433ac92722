import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  companyInput,
  isSameCompanyName,
  NAME_SUGGESTION_MIN_CHARS,
  type Company,
  type CompanyFormValues,
  type CompanyInput,
  type CompanySummary,
} from '../../../domain/companies';
import { CUSTOMER_MESSAGES } from '../../../domain/customers';
import { ApiError, errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useDebounced } from '../../lib/use-debounced';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody } from '../../ui/card';
import { cn } from '../../ui/cn';
import { Combobox } from '../../ui/combobox';
import { DetailProblem, DetailScreen, validId } from '../../ui/detail-screen';
import { FormField, TextInput, textInputClass } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { useCompanySuggestions } from '../../lib/customer-queries';
import { findDuplicateCompany, useCompanyDetail, useSaveCompany } from './api/customers-api';
import { DuplicateCompanyWarning } from './components/duplicate-warning';
import { COMPANY_MESSAGES } from './customer-texts';
import { READ_ONLY_CUSTOMERS_MESSAGE, useCustomerPermissions } from '../../lib/permissions';

const EMPTY: CompanyFormValues = { name: '', address: '', city: '', state: '', zip: '', phone: '' };

/** Existing companies whose name contains the typed one (create mode): from 2 characters, at most 5. */
function useNameSuggestions(name: string, enabled: boolean): CompanySummary[] {
  const text = useDebounced(name.trim(), 200);
  const suggestions = useCompanySuggestions(text, enabled && text.length >= NAME_SUGGESTION_MIN_CHARS);
  return enabled && name.trim().length >= NAME_SUGGESTION_MIN_CHARS ? (suggestions.data?.items ?? []) : [];
}

/** /companies/create (Create Customer Company) and /companies/{id}/edit (Edit Company). */
export default function CompanyFormPage() {
  const { id } = useParams();
  const { canEdit } = useCustomerPermissions();
  const existing = useCompanyDetail(canEdit ? validId(id) : undefined);
  if (!canEdit)
    return (
      <DetailProblem
        title={id === undefined ? 'Create Customer Company' : 'Edit Company'}
        message={READ_ONLY_CUSTOMERS_MESSAGE}
        back={{ to: '/companies', label: 'Back to Companies' }}
      />
    );
  if (id === undefined) return <CompanyForm />;
  return (
    <DetailScreen
      id={id}
      query={existing}
      invalidMessage={CUSTOMER_MESSAGES.invalidCompanyId}
      notFoundMessage={CUSTOMER_MESSAGES.companyNotFound}
      errorMessage={COMPANY_MESSAGES.fetchDetail}
      loadingLabel="Loading company..."
      back={{ to: '/companies', label: 'Back to Companies' }}
    >
      {(detail) => <CompanyForm key={detail.company.id} company={detail.company} />}
    </DetailScreen>
  );
}

function CompanyForm({ company }: { company?: Company }) {
  const id = company?.id;
  const editing = company !== undefined;
  const navigate = useNavigate();
  const save = useSaveCompany();
  const [duplicate, setDuplicate] = useState<CompanySummary | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const form = useForm<CompanyFormValues, unknown, CompanyInput>({
    resolver: zodResolver(companyInput),
    defaultValues: company
      ? {
          name: company.name,
          address: company.address,
          city: company.city,
          state: company.state,
          zip: company.zip,
          phone: company.phone ?? '',
        }
      : EMPTY,
  });
  const { register, handleSubmit, formState, setValue, watch, setError, getValues } = form;
  const name = watch('name') ?? '';
  const suggestions = useNameSuggestions(name, !editing && !duplicate);

  // The warning belongs to the name it was raised for.
  useEffect(() => {
    if (duplicate && !isSameCompanyName(duplicate.name, name)) setDuplicate(null);
  }, [name, duplicate]);

  const backTo = editing ? `/companies/${id}` : '/companies';

  const onSubmit = async (values: CompanyInput) => {
    setSaveError(null);
    try {
      const found = await findDuplicateCompany(values.name, id);
      if (found) {
        setDuplicate(found);
        return;
      }
      const saved = await save.mutateAsync({ ...(id ? { id } : {}), input: values });
      toast.success(editing ? 'Company updated' : 'Company created');
      navigate(`/companies/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.fields.name) {
        // Someone saved the same name a moment ago: show the same warning.
        const found = await findDuplicateCompany(values.name, id).catch(() => null);
        if (found) setDuplicate(found);
        else setSaveError(error.message);
        return;
      }
      applyServerFieldErrors(error, setError, { known: getValues() });
      setSaveError(errorMessage(error, COMPANY_MESSAGES.save));
    }
  };

  const { onChange: _onChange, ...nameField } = register('name');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={editing ? 'Edit Company' : 'Create Customer Company'}
        back={{ to: backTo, label: editing ? 'Back to Company' : 'Back to Companies' }}
      />
      <Card>
        <CardBody>
          <form
            onSubmit={handleSubmit(onSubmit)}
            noValidate
            className="space-y-4"
            aria-label={editing ? 'Edit Company' : 'Create Customer Company'}
          >
            {saveError ? <ErrorBanner message={saveError} /> : null}
            <FormField label="Company Name" required error={formState.errors.name?.message}>
              {(field) =>
                editing ? (
                  <TextInput {...field} {...register('name')} autoComplete="off" />
                ) : (
                  <Combobox
                    value={name}
                    onValueChange={(text) =>
                      setValue('name', text, { shouldDirty: true, shouldValidate: formState.isSubmitted })
                    }
                    options={suggestions}
                    getKey={(c) => c.id}
                    getLabel={(c) => c.name}
                    renderOption={(c) => (
                      <>
                        <span className="font-medium text-slate-800">{c.name}</span>
                        <span className="ml-2 text-xs text-slate-600">
                          {[c.city, c.state].filter(Boolean).join(', ')}
                        </span>
                      </>
                    )}
                    heading="Existing companies"
                    onSelect={(picked) => {
                      setValue('name', picked.name, { shouldValidate: true });
                      setDuplicate(picked);
                    }}
                    inputProps={{ ...field, ...nameField, className: textInputClass(field['aria-invalid']) }}
                  />
                )
              }
            </FormField>
            {duplicate ? <DuplicateCompanyWarning company={duplicate} /> : null}
            <FormField label="Address" required error={formState.errors.address?.message}>
              {(field) => <TextInput {...field} {...register('address')} autoComplete="street-address" />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-6">
              <FormField label="City" required error={formState.errors.city?.message} className="sm:col-span-3">
                {(field) => <TextInput {...field} {...register('city')} autoComplete="address-level2" />}
              </FormField>
              <FormField label="State" required error={formState.errors.state?.message} className="sm:col-span-1">
                {(field) => (
                  <TextInput
                    {...field}
                    {...register('state')}
                    maxLength={2}
                    autoComplete="address-level1"
                    className="uppercase"
                  />
                )}
              </FormField>
              <FormField label="Zip" required error={formState.errors.zip?.message} className="sm:col-span-2">
                {(field) => <TextInput {...field} {...register('zip')} maxLength={10} autoComplete="postal-code" />}
              </FormField>
            </div>
            <FormField label="Phone" error={formState.errors.phone?.message}>
              {(field) => <TextInput {...field} {...register('phone')} type="tel" autoComplete="tel" />}
            </FormField>
            <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
              <ButtonLink to={backTo} variant="secondary">
                Cancel
              </ButtonLink>
              <Button
                type="submit"
                disabled={formState.isSubmitting || duplicate !== null}
                className={cn(duplicate && 'pointer-events-none')}
              >
                {formState.isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Create Company'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
