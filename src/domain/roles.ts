/**
 * Who may do what, without schemas: the layout and every screen's permissions need these at once,
 * so they stay free of zod (decision 020: no zod on a first screen's path). auth.ts re-exports
 * them beside the schemas.
 */

export const USER_ROLES = ['user', 'technician', 'manager', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Roles that may add or edit users, technicians, service and job types and company settings. */
export const ADMIN_ROLES: readonly UserRole[] = ['admin', 'manager'];
export function canAdminister(role: UserRole): boolean {
  return ADMIN_ROLES.includes(role);
}

/** Customers (companies, locations, units): office staff create and edit; technicians only read. */
export const CUSTOMER_EDITOR_ROLES: readonly UserRole[] = ['admin', 'manager', 'user'];
/** Deleting a company, location or unit (with what hangs off it) is for admin and manager. */
export const CUSTOMER_DELETE_ROLES: readonly UserRole[] = ADMIN_ROLES;
export const canEditCustomers = (role: UserRole) => CUSTOMER_EDITOR_ROLES.includes(role);
export const canDeleteCustomers = (role: UserRole) => CUSTOMER_DELETE_ROLES.includes(role);

export function displayName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.username;
}
