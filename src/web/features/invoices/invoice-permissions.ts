import { useCan } from '../../lib/can';

/**
 * What the signed-in role may do with invoices, so screens hide what the server refuses (403):
 * admin, manager and office users create, send, edit drafts and mark paid; only admin and manager
 * void; technicians read (src/domain/policy.ts).
 */
export function useInvoicePermissions() {
  return { canBill: useCan('invoices.issue'), canVoid: useCan('invoices.void') };
}
