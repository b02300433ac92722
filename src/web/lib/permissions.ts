import { canDeleteCustomers, canEditCustomers, type UserRole } from '../../domain/roles';
import { useSession } from './session';

/**
 * What the signed-in role may do with customers (companies, locations, units), so screens hide
 * what the server would refuse (403): admin and manager everything; office users (role user)
 * create and edit but do not delete; technicians only read.
 */
export function customerPermissions(role: UserRole | undefined): { canEdit: boolean; canDelete: boolean } {
  return { canEdit: role ? canEditCustomers(role) : false, canDelete: role ? canDeleteCustomers(role) : false };
}

export function useCustomerPermissions() {
  return customerPermissions(useSession().data?.role);
}

/** Shown instead of a customer form to a role that may not use it. */
export const READ_ONLY_CUSTOMERS_MESSAGE = 'Your role can view customers but not change them.';
