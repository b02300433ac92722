import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addDiscountInput, type AddDiscountInput, type InvoiceDetail } from '../../../../domain/invoices';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors, numberOrNull } from '../../../lib/form-errors';
import { formatCents } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { useAddDiscount, useRemoveDiscount } from '../api/invoices-api';

const BLANK: z.input<typeof addDiscountInput> = { kind: 'percent', amount: null, percent: null, reason: '' };

/**
 * Discounts of a draft (issue 27): add an amount or a percentage of the subtotal with a required
 * reason, or remove one. The server computes the totals (invoiceTotals) and refuses on an issued
 * invoice; shown only when the draft may be edited.
 */
export function InvoiceDiscounts({ invoice }: { invoice: InvoiceDetail }) {
  const add = useAddDiscount();
  const remove = useRemoveDiscount();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<z.input<typeof addDiscountInput>, unknown, AddDiscountInput>({
    resolver: zodResolver(addDiscountInput),
    defaultValues: BLANK,
  });
  const kind = form.watch('kind');
  if (!invoice.actions.edit) return null;

  const submit = form.handleSubmit(async (body) => {
    setBanner(null);
    try {
      await add.mutateAsync({ id: invoice.id, body });
      form.reset({ ...BLANK, kind: body.kind });
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        setBanner(errorMessage(error, 'Failed to add the discount. Please try again.'));
    }
  });
  const errors = form.formState.errors;
  const valueError = kind === 'amount' ? errors.amount?.message : errors.percent?.message;

  return (
    <Card className="print:hidden">
      <CardHeader title="Discounts" />
      <CardBody>
        {invoice.totals.discounts.length ? (
          <ul className="mb-4 divide-y divide-slate-100 text-sm">
            {invoice.totals.discounts.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  {d.kind === 'percent' ? `${d.percent}%` : 'Amount'}: {d.reason}{' '}
                  <span className="text-slate-600 tabular-nums">(−{formatCents(d.amountCents)})</span>
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Remove discount ${d.reason}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: invoice.id, discountId: d.id })}
                >
                  <X className="h-4 w-4" aria-hidden /> Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-4 text-sm text-slate-600">No discounts.</p>
        )}
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="grid gap-3 sm:grid-cols-[13rem_8rem_1fr_auto] sm:items-start"
        >
          <FormField label="Discount type">
            {(p) => (
              <SelectInput {...p} {...form.register('kind')}>
                <option value="percent">Percent of subtotal</option>
                <option value="amount">Amount ($)</option>
              </SelectInput>
            )}
          </FormField>
          <FormField label={kind === 'amount' ? 'Amount ($)' : 'Percent (%)'} error={valueError} required>
            {(p) => (
              <TextInput
                key={kind}
                {...p}
                inputMode="decimal"
                {...form.register(kind === 'amount' ? 'amount' : 'percent', { setValueAs: numberOrNull })}
              />
            )}
          </FormField>
          <FormField label="Reason" error={errors.reason?.message} required>
            {(p) => <TextInput {...p} maxLength={500} {...form.register('reason')} />}
          </FormField>
          <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
            Add Discount
          </Button>
        </form>
        {banner ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {banner}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
