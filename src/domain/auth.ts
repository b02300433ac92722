import { z } from 'zod';

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

/** The demo account: seeded, and hinted on the login page, in demo mode only. */
export const DEMO_CREDENTIALS = { username: 'demo', password: 'hvac-demo' } as const;

export { INVALID_CREDENTIALS_MESSAGE, loginInput, type LoginInput } from './login.js';

export const sessionUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(USER_ROLES),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const authOptions = z.object({
  demo: z.boolean(),
  demoHint: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type AuthOptions = z.infer<typeof authOptions>;

/** Passwords set by people: at least 8 characters. */
export const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');

export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'username'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.username;
}
