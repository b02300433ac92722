import { z } from 'zod';
import { newPassword, USER_ROLES } from './auth.js';
import { emailField, optionalText, phoneField } from './person-fields.js';

/** My Account (/account): the signed-in user's own name, e-mail, phone and password. */

export const accountProfile = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  lastLoginAt: z.string().nullable(),
  passwordChangedAt: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

export const updateAccountInput = z.object({
  firstName: optionalText('First Name', 100),
  lastName: optionalText('Last Name', 100),
  email: emailField,
  phone: phoneField,
});
export type UpdateAccountInput = z.output<typeof updateAccountInput>;
export type UpdateAccountForm = z.input<typeof updateAccountInput>;

export const PASSWORDS_DO_NOT_MATCH = 'The new passwords do not match';

/** Change your own password: the current one is required; the new one is typed twice. */
export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(1024),
    newPassword: z.string({ error: 'New password is required' }).pipe(newPassword),
    confirmPassword: z.string({ error: 'Confirm the new password' }).min(1, 'Confirm the new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.output<typeof changePasswordInput>;
