import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createReferenceTypeInput,
  REFERENCE_TYPE_LABELS,
  type CreateReferenceTypeForm,
  type CreateReferenceTypeInput,
  type ReferenceType,
  type ReferenceTypeKind,
} from '../../../../domain/reference-types';
import { errorMessage } from '../../../lib/api-client';
import { ADD_REFERENCE_TYPE_FAILED } from '../settings-texts';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { Badge } from '../../../ui/badge';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardHeader } from '../../../ui/card';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { FormField, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useCreateReferenceType, useReferenceTypes, useUpdateReferenceType } from '../api/settings-queries';

const SINGULAR: Record<ReferenceTypeKind, string> = { 'service-types': 'Service Type', 'job-types': 'Job Type' };

const TYPE_COLUMNS: DataTableColumn<ReferenceType>[] = [
  { id: 'name', header: 'Name', className: 'font-medium text-slate-900', cell: (type) => type.name },
  { id: 'code', header: 'Code', className: 'font-mono text-xs', cell: (type) => type.code },
  {
    id: 'description',
    header: 'Description',
    priority: 2,
    className: 'text-slate-700',
    cell: (type) => type.description,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (type) => <Badge tone={type.isActive ? 'green' : 'gray'}>{type.isActive ? 'Active' : 'Inactive'}</Badge>,
  },
];

/** Service Types or Job Types: the table (name, code, description, Active/Inactive) and its inline add form. */
export function ReferenceTypesCard({ kind, canEdit }: { kind: ReferenceTypeKind; canEdit: boolean }) {
  const labels = REFERENCE_TYPE_LABELS[kind];
  const types = useReferenceTypes(kind);
  const toggle = useUpdateReferenceType(kind);
  const [adding, setAdding] = useState(false);
  const [toggleError, setToggleError] = useState<string | null>(null);

  const switchActive = async (type: ReferenceType) => {
    setToggleError(null);
    try {
      await toggle.mutateAsync({ id: type.id, changes: { isActive: !type.isActive } });
      toast.success(`${type.name} is now ${type.isActive ? 'inactive' : 'active'}`);
    } catch (error) {
      setToggleError(errorMessage(error, `Failed to update ${labels.one}`));
    }
  };

  return (
    <Card aria-label={labels.many} role="region">
      <CardHeader
        title={labels.many}
        actions={
          canEdit && !adding ? (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden /> Add {SINGULAR[kind]}
            </Button>
          ) : null
        }
      />
      {canEdit && adding ? <AddTypeForm kind={kind} onDone={() => setAdding(false)} /> : null}
      {toggleError ? <ErrorBanner className="m-4" message={toggleError} /> : null}
      <DataTable
        bare
        label={labels.many}
        columns={TYPE_COLUMNS}
        rows={types.data}
        loading={types.isPending}
        loadingLabel={`Loading ${labels.many.toLowerCase()}...`}
        getRowKey={(type) => type.id}
        getRowLabel={(type) => type.name}
        rowClassName={(type) => (type.isActive ? undefined : 'bg-slate-50/60')}
        empty={`No ${labels.many.toLowerCase()} found.`}
        actions={
          canEdit
            ? {
                cell: (type) => (
                  <button
                    type="button"
                    className="font-medium text-blue-700 hover:text-blue-900 disabled:opacity-50"
                    disabled={toggle.isPending}
                    onClick={() => void switchActive(type)}
                    aria-label={`${type.isActive ? 'Deactivate' : 'Activate'} ${type.name}`}
                  >
                    {type.isActive ? 'Deactivate' : 'Activate'}
                  </button>
                ),
              }
            : undefined
        }
      />
    </Card>
  );
}

function AddTypeForm({ kind, onDone }: { kind: ReferenceTypeKind; onDone: () => void }) {
  const create = useCreateReferenceType(kind);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    CreateReferenceTypeForm,
    unknown,
    CreateReferenceTypeInput
  >({
    resolver: zodResolver(createReferenceTypeInput),
    defaultValues: { name: '', code: '', description: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync(input);
      toast.success(`${SINGULAR[kind]} ${created.name} added`);
      reset();
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={`Add ${SINGULAR[kind]}`}
      className="space-y-3 border-b border-slate-200 bg-slate-50 p-4"
    >
      {create.isError ? (
        <ErrorBanner message={ADD_REFERENCE_TYPE_FAILED[kind]}>
          {errorMessage(create.error, 'Please try again.')}
        </ErrorBanner>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <FormField label="Name" required error={errors.name?.message}>
          {(a11y) => <TextInput {...a11y} {...register('name')} />}
        </FormField>
        <FormField label="Code" required error={errors.code?.message}>
          {(a11y) => <TextInput {...a11y} className="uppercase" maxLength={20} {...register('code')} />}
        </FormField>
        <FormField label="Description" className="sm:col-span-2" error={errors.description?.message}>
          {(a11y) => <TextInput {...a11y} {...register('description')} />}
        </FormField>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : `Add ${SINGULAR[kind]}`}
        </Button>
      </div>
    </form>
  );
}
