import { useState } from 'react';
import { X } from 'lucide-react';
import type { InvoiceDetail } from '../../../../domain/invoices';
import { ApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { useAddDiscount, useRemoveDiscount } from '../api/invoices-api';

/**
 * Discounts of a draft (issue 27): add an amount or a percentage of the subtotal with a required
 * reason, or remove one. The server computes the totals (invoiceTotals) and refuses on an issued
 * invoice; shown only when the draft may be edited.
 */
export function InvoiceDiscounts({ invoice }: { invoice: InvoiceDetail }) {
  const add = useAddDiscount();
  const remove = useRemoveDiscount();
  const [kind, setKind] = useState<'amount' | 'percent'>('percent');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!invoice.actions.edit) return null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    const number = Number(value);
    if (!value.trim() || !Number.isFinite(number) || number <= 0)
      local.value = kind === 'amount' ? 'Amount must be greater than 0' : 'Percent must be greater than 0';
    if (!reason.trim()) local.reason = 'A reason is required for a discount';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await add.mutateAsync({
        id: invoice.id,
        body: { kind, reason: reason.trim(), ...(kind === 'amount' ? { amount: number } : { percent: number }) },
      });
      setValue('');
      setReason('');
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors({
        value: fields.amount ?? fields.percent ?? '',
        reason: fields.reason ?? '',
        form: error instanceof Error && !fields.amount && !fields.percent && !fields.reason ? error.message : '',
      });
    }
  };

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
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[13rem_8rem_1fr_auto] sm:items-start">
          <FormField label="Discount type">
            {(p) => (
              <SelectInput {...p} value={kind} onChange={(e) => setKind(e.target.value as 'amount' | 'percent')}>
                <option value="percent">Percent of subtotal</option>
                <option value="amount">Amount ($)</option>
              </SelectInput>
            )}
          </FormField>
          <FormField
            label={kind === 'amount' ? 'Amount ($)' : 'Percent (%)'}
            error={errors.value || undefined}
            required
          >
            {(p) => <TextInput {...p} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />}
          </FormField>
          <FormField label="Reason" error={errors.reason || undefined} required>
            {(p) => <TextInput {...p} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
          </FormField>
          <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
            Add Discount
          </Button>
        </form>
        {errors.form ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
