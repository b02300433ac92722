import { z } from 'zod';
import { USER_ROLES } from './policy.js';

export { displayName } from './display-name.js';
export { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from './policy.js';

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
