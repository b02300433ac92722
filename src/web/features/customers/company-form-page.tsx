import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  companyInput,
  isSameCompanyName,
  NAME_SUGGESTION_MIN_CHARS,
  type CompanyFormValues,
  type CompanyInput,
  type CompanySummary,
} from '../../../domain/companies';
import { CUSTOMER_MESSAGES } from '../../../domain/customers';
import { isUuidV4 } from '../../../domain/ids';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody } from '../../ui/card';
import { cn } from '../../ui/cn';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { findDuplicateCompany, useCompanyDetail, useCompanySuggestions, useSaveCompany } from './api/customers-api';
import { DetailError } from './components/detail-error';
import { DuplicateCompanyWarning } from './components/duplicate-warning';
import { COMPANY_MESSAGES } from './customer-texts';

const EMPTY: CompanyFormValues = { name: '', address: '', city: '', state: '', zip: '', phone: '' };

/** Name suggestions under the name box (create mode): from 2 characters, at most 5. */
function NameSuggestions({ name, onPick, listId }: { name: string; onPick: (company: CompanySummary) => void; listId: string }) {
  const text = useDebounced(name.trim(), 200);
  const suggestions = useCompanySuggestions(text, text.length >= NAME_SUGGESTION_MIN_CHARS);
  const items = suggestions.data?.items ?? [];
  if (text.length < NAME_SUGGESTION_MIN_CHARS || items.length === 0) return null;
  return (
    <div id={listId} role="listbox" aria-label="Existing companies" className="absolute z-30 mt-1 w-full rounded-md border border-slate-200 bg-white py-1 shadow-lg">
      <p className="px-3 pb-1 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-400">Existing companies</p>
      {items.map((company) => (
        <button
          key={company.id}
          type="button"
          role="option"
          aria-selected={false}
          className="block w-full px-3 py-1.5 text-left text-sm hover:bg-slate-50"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(company)}
        >
          <span className="font-medium text-slate-800">{company.name}</span>
          <span className="ml-2 text-xs text-slate-500">{[company.city, company.state].filter(Boolean).join(', ')}</span>
        </button>
      ))}
    </div>
  );
}

/** /companies/create (Create Customer Company) and /companies/{id}/edit (Edit Company). */
export default function CompanyFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const invalidId = editing && !isUuidV4(id);
  const existing = useCompanyDetail(editing && !invalidId ? id : undefined);
  const navigate = useNavigate();
  const save = useSaveCompany();
  const [duplicate, setDuplicate] = useState<CompanySummary | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [suggestOpen, setSuggestOpen] = useState(false);
  const listId = useId();
  const loaded = useRef(false);

  const form = useForm<CompanyFormValues, unknown, CompanyInput>({ resolver: zodResolver(companyInput), defaultValues: EMPTY });
  const { register, handleSubmit, formState, reset, setValue, watch, setError } = form;
  const name = watch('name') ?? '';

  useEffect(() => {
    if (existing.data && !loaded.current) {
      loaded.current = true;
      const c = existing.data.company;
      reset({ name: c.name, address: c.address, city: c.city, state: c.state, zip: c.zip, phone: c.phone ?? '' });
    }
  }, [existing.data, reset]);

  // The warning belongs to the name it was raised for.
  useEffect(() => {
    if (duplicate && !isSameCompanyName(duplicate.name, name)) setDuplicate(null);
  }, [name, duplicate]);

  if (invalidId) return <DetailError message={CUSTOMER_MESSAGES.invalidCompanyId} backTo="/companies" backLabel="Back to Companies" />;
  if (editing && existing.isPending) return <Spinner label="Loading company..." />;
  if (editing && existing.isError) {
    const notFound = existing.error instanceof ApiError && existing.error.status === 404;
    return <DetailError message={notFound ? CUSTOMER_MESSAGES.companyNotFound : errorMessage(existing.error, COMPANY_MESSAGES.fetchDetail)} backTo="/companies" backLabel="Back to Companies" />;
  }

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
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in EMPTY) setError(field as keyof CompanyFormValues, { message });
        }
      }
      setSaveError(errorMessage(error, COMPANY_MESSAGES.save));
    }
  };

  const nameField = register('name');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={editing ? 'Edit Company' : 'Create Customer Company'} back={{ to: backTo, label: editing ? 'Back to Company' : 'Back to Companies' }} />
      <Card>
        <CardBody>
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={editing ? 'Edit Company' : 'Create Customer Company'}>
            {saveError ? <ErrorBanner message={saveError} /> : null}
            <FormField label="Company Name" required error={formState.errors.name?.message}>
              {(field) => (
                <div className="relative">
                  <TextInput
                    {...field}
                    {...nameField}
                    autoComplete="off"
                    aria-autocomplete={editing ? undefined : 'list'}
                    aria-controls={editing ? undefined : listId}
                    onFocus={() => setSuggestOpen(true)}
                    onBlur={(e) => {
                      setSuggestOpen(false);
                      void nameField.onBlur(e);
                    }}
                    onChange={(e) => {
                      setSuggestOpen(true);
                      void nameField.onChange(e);
                    }}
                  />
                  {!editing && suggestOpen && !duplicate ? (
                    <NameSuggestions
                      name={name}
                      listId={listId}
                      onPick={(company) => {
                        setValue('name', company.name, { shouldValidate: true });
                        setSuggestOpen(false);
                        setDuplicate(company);
                      }}
                    />
                  ) : null}
                </div>
              )}
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
                {(field) => <TextInput {...field} {...register('state')} maxLength={2} autoComplete="address-level1" className="uppercase" />}
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
              <Button type="submit" disabled={formState.isSubmitting || duplicate !== null} className={cn(duplicate && 'pointer-events-none')}>
                {formState.isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Create Company'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
