import { z } from 'zod';
import { paginationQuery, optionalFilter } from './api.js';
import { newPassword, USER_ROLES, USER_STATUSES } from './auth.js';
import { emailField, optionalText, phoneField } from './person-fields.js';
import { STAFF_ROLES, TECHNICIAN_ROLE } from './policy.js';
import { technicianProfile } from './technicians.js';

/** Users: the people who sign in, their roles and status, and Settings > Add User. */

export { DEFAULT_USER_ROLE } from './policy.js';
const ROLE_MESSAGE = `Role must be one of ${USER_ROLES.join(', ')}`;
const STATUS_MESSAGE = 'Status must be active or inactive';

export const usernameField = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(100, 'Username must be at most 100 characters')
  .regex(/^[A-Za-z0-9._@+-]*$/, 'Username may use letters, digits and . _ - + @ only (no spaces)');

/** The password an admin sets for someone else: required, at least 8 characters. */
export const initialPassword = z
  .string({ error: 'Initial password is required' })
  .min(1, 'Initial password is required')
  .pipe(newPassword);

const createUserBase = z.object({
  username: usernameField,
  email: emailField,
  firstName: optionalText('First Name', 100),
  lastName: optionalText('Last Name', 100),
  phone: phoneField,
  status: z.enum(USER_STATUSES, { error: STATUS_MESSAGE }).default('active'),
  password: initialPassword,
});

/**
 * Settings > Add User: username, e-mail and role required, an initial password so the user can
 * sign in, and for role technician the technician record (Hire Date and Job Title required; the
 * job title falls back to "HVAC Technician"; hourly rate at least 0 in steps of 0.01).
 */
export const createUserInput = z.discriminatedUnion(
  'role',
  [
    createUserBase.extend({ role: z.literal(TECHNICIAN_ROLE), technician: technicianProfile }),
    createUserBase.extend({ role: z.enum(STAFF_ROLES) }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? ROLE_MESSAGE : undefined) },
);
export type CreateUserInput = z.output<typeof createUserInput>;
export type CreateUserForm = z.input<typeof createUserInput>;

/** Edit a user's account (Settings > Manage): the username stays as it is. */
export const updateUserInput = z.object({
  email: emailField,
  firstName: optionalText('First Name', 100),
  lastName: optionalText('Last Name', 100),
  phone: phoneField,
  role: z.enum(USER_ROLES, { error: ROLE_MESSAGE }),
  status: z.enum(USER_STATUSES, { error: STATUS_MESSAGE }),
});
export type UpdateUserInput = z.output<typeof updateUserInput>;
export type UpdateUserForm = z.input<typeof updateUserInput>;

/** An admin sets someone's password (e.g. a technician added without one); their sessions end. */
export const setPasswordInput = z.object({ password: initialPassword });
export type SetPasswordInput = z.output<typeof setPasswordInput>;

export const usersQuery = paginationQuery.extend({ q: optionalFilter(100) });
export type UsersQuery = z.output<typeof usersQuery>;

export const userSummary = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  /** false: the user cannot sign in until an admin sets a password */
  hasPassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;

/**
 * What a picker of people shows (GET /api/users/options): the id and the display name, nothing
 * else. The full user records (e-mail, phone, last sign-in) are for admin and manager.
 */
export const userOption = z.object({ id: z.string(), name: z.string() });
export type UserOption = z.infer<typeof userOption>;
export const USER_OPTIONS_LIMIT = 50;
export const userOptionsQuery = z.object({ q: optionalFilter(100) });
export type UserOptionsQuery = z.output<typeof userOptionsQuery>;
export const userOptionsAnswer = z.object({ items: z.array(userOption) });

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
