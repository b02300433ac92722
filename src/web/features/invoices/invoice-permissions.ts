import { useSession } from '../../lib/session';

/**
 * What the signed-in role may do with invoices, so screens hide what the server refuses (403):
 * admin, manager and office users create, send, edit drafts and mark paid; only admin and manager
 * void; technicians read.
 */
export function useInvoicePermissions() {
  const role = useSession().data?.role;
  const office = role === 'admin' || role === 'manager' || role === 'user';
  return { canBill: office, canVoid: role === 'admin' || role === 'manager' };
}
