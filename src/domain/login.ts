import * as z from 'zod/mini';

/**
 * The login payload (username and password required). Written with zod/mini,
 * the tree-shakable build, because the login screen is the first thing every visitor downloads
 * and its JavaScript has a 150 KB (gzipped) budget. The API route validates with the same schema.
 */
export const loginInput = z.object({
  username: z
    .string()
    .check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(254, 'Username is too long')),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(1024, 'Password is too long')),
});
export type LoginInput = z.infer<typeof loginInput>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
