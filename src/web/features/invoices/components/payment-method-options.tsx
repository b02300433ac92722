import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../../domain/invoices/payments';

/** The payment methods as a select's options, in the one order every payment form and filter uses. */
export function PaymentMethodOptions() {
  return PAYMENT_METHODS.map((m) => (
    <option key={m} value={m}>
      {PAYMENT_METHOD_LABELS[m]}
    </option>
  ));
}
