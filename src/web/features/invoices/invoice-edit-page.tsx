import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { formatCents } from '../../lib/format';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { DetailProblem, DetailScreen, validId } from '../../ui/detail-screen';
import { FormField, TextArea, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import {
  updateDraftInput,
  type InvoiceDetail,
  type UpdateDraftFormValues,
  type UpdateDraftInput,
} from '../../../domain/invoices';
import { useInvoice, useUpdateInvoice } from './api/invoices-api';
import { useInvoicePermissions } from './invoice-permissions';
import { INVOICE_MESSAGES } from './invoice-texts';

function valuesOf(invoice: InvoiceDetail): UpdateDraftFormValues {
  return {
    dueDate: invoice.dueDate ?? '',
    notes: invoice.notes ?? '',
    lines: invoice.lines.map((l) => ({
      lineId: l.id,
      code: l.code,
      name: l.name,
      itemType: l.itemType,
      quantity: l.quantity,
      unitPrice: l.unitPriceCents / 100,
    })),
  };
}

const NEW_LINE = { code: '', name: '', itemType: null, quantity: 1, unitPrice: 0 };

function EditForm({ invoice }: { invoice: InvoiceDetail }) {
  const navigate = useNavigate();
  const update = useUpdateInvoice();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<UpdateDraftFormValues, unknown, UpdateDraftInput>({
    resolver: zodResolver(updateDraftInput),
    defaultValues: valuesOf(invoice),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const errors = form.formState.errors;
  const back = `/invoices/${invoice.id}`;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await update.mutateAsync({ id: invoice.id, body: values });
      toast.success(`Invoice ${saved.invoiceNumber} saved: ${formatCents(saved.amountCents)}`);
      void navigate(back);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        setBanner(errorMessage(error, INVOICE_MESSAGES.save));
    }
  });

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={`Edit Invoice ${invoice.invoiceNumber}`}
        subtitle={`Job #${invoice.jobNumber}: ${invoice.jobName}`}
        back={{ to: back, label: 'Back to Invoice' }}
      />
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
        {banner ? <ErrorBanner message={banner} /> : null}
        {errors.lines?.root?.message || errors.lines?.message ? (
          <ErrorBanner message={errors.lines.root?.message ?? errors.lines.message} />
        ) : null}
        <Card>
          <CardHeader title="Invoice Details" />
          <CardBody className="grid gap-4 sm:grid-cols-3">
            <FormField label="Due Date" required error={errors.dueDate?.message}>
              {(field) => <TextInput {...field} type="date" {...form.register('dueDate')} />}
            </FormField>
            <FormField
              label="Notes"
              className="sm:col-span-2"
              error={errors.notes?.message}
              hint="Printed on the invoice"
            >
              {(field) => <TextArea {...field} rows={2} maxLength={2000} {...form.register('notes')} />}
            </FormField>
          </CardBody>
        </Card>

        <Card>
          <CardHeader
            title="Lines"
            actions={
              <Button variant="secondary" size="sm" onClick={() => lines.append(NEW_LINE)}>
                <Plus className="h-4 w-4" aria-hidden /> Add Line
              </Button>
            }
          />
          <CardBody className="space-y-4">
            {lines.fields.map((line, index) => {
              const e = errors.lines?.[index];
              return (
                <fieldset
                  key={line.id}
                  className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-12 sm:items-start"
                >
                  <legend className="sr-only">Line {index + 1}</legend>
                  <FormField label="Code" required error={e?.code?.message} className="sm:col-span-3">
                    {(field) => <TextInput {...field} {...form.register(`lines.${index}.code`)} />}
                  </FormField>
                  <FormField label="Name" required error={e?.name?.message} className="sm:col-span-4">
                    {(field) => <TextInput {...field} {...form.register(`lines.${index}.name`)} />}
                  </FormField>
                  <FormField label="Quantity" required error={e?.quantity?.message} className="sm:col-span-2">
                    {(field) => (
                      <TextInput
                        {...field}
                        type="number"
                        inputMode="decimal"
                        min="0.01"
                        step="0.01"
                        {...form.register(`lines.${index}.quantity`, { valueAsNumber: true })}
                      />
                    )}
                  </FormField>
                  <FormField label="Unit Price" required error={e?.unitPrice?.message} className="sm:col-span-2">
                    {(field) => (
                      <TextInput
                        {...field}
                        type="number"
                        inputMode="decimal"
                        min="0"
                        step="0.01"
                        {...form.register(`lines.${index}.unitPrice`, { valueAsNumber: true })}
                      />
                    )}
                  </FormField>
                  <div className="flex sm:col-span-1 sm:justify-end sm:pt-6">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={lines.fields.length === 1}
                      onClick={() => lines.remove(index)}
                      aria-label={`Remove line ${index + 1}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </div>
                </fieldset>
              );
            })}
            <p className="text-sm text-slate-600">
              Saved total:{' '}
              <span className="font-semibold text-slate-900 tabular-nums">{formatCents(invoice.amountCents)}</span>. The
              server computes each line&apos;s total and the invoice amount when you save.
            </p>
          </CardBody>
        </Card>

        <div className="flex justify-end gap-2">
          <ButtonLink to={back} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving...' : 'Save Invoice'}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** /invoices/{id}/edit: drafts only (an issued invoice is voided and re-issued): due date, notes and lines. */
export default function InvoiceEditPage() {
  const { id } = useParams();
  const invoice = useInvoice(validId(id));
  const { canBill } = useInvoicePermissions();
  return (
    <DetailScreen
      id={id}
      query={invoice}
      invalidMessage={INVOICE_MESSAGES.invalidId}
      notFoundMessage={INVOICE_MESSAGES.notFound}
      errorMessage={INVOICE_MESSAGES.fetchDetail}
      loadingLabel="Loading invoice..."
      back={{ to: '/invoices', label: 'Back to Invoices' }}
    >
      {(data) =>
        !canBill || data.status !== 'draft' ? (
          <DetailProblem
            title={`Edit Invoice ${data.invoiceNumber}`}
            message={canBill ? INVOICE_MESSAGES.onlyDraftsEdited : INVOICE_MESSAGES.readOnly}
            back={{ to: `/invoices/${data.id}`, label: 'Back to Invoice' }}
          />
        ) : (
          <EditForm invoice={data} />
        )
      }
    </DetailScreen>
  );
}
