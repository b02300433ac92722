import { useCan } from './can';

/**
 * What the signed-in role may do with customers (companies, locations, units), so screens hide
 * what the server would refuse (403): admin and manager everything; office users (role user)
 * create and edit but do not delete; technicians only read (src/domain/policy.ts).
 */
export function useCustomerPermissions(): { canEdit: boolean; canDelete: boolean } {
  return { canEdit: useCan('customers.edit'), canDelete: useCan('customers.delete') };
}

/** Shown instead of a customer form to a role that may not use it. */
export const READ_ONLY_CUSTOMERS_MESSAGE = 'Your role can view customers but not change them.';
