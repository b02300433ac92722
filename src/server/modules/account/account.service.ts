import type { AccountProfile, ChangePasswordInput, UpdateAccountInput } from '../../../domain/account.js';
import type { UserRole } from '../../../domain/auth.js';
import { conflict, unauthenticated } from '../../errors.js';
import type { AuthService } from '../auth/index.js';
import type { UserRow, UsersRepo } from '../users/index.js';
import { emailTakenMessage } from '../users/index.js';

const toProfile = (row: UserRow): AccountProfile => ({
  id: row.id,
  username: row.username,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  role: row.role as UserRole,
  lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  passwordChangedAt: row.passwordChangedAt ? row.passwordChangedAt.toISOString() : null,
});

/** My Account: the signed-in user's own details and password. */
export function createAccountService({ users, auth }: { users: UsersRepo; auth: AuthService }) {
  async function load(userId: string): Promise<UserRow> {
    const row = await users.findById(userId);
    if (!row) throw unauthenticated();
    return row;
  }

  return {
    async get(userId: string): Promise<AccountProfile> {
      return toProfile(await load(userId));
    },

    async update(userId: string, input: UpdateAccountInput): Promise<AccountProfile> {
      await load(userId);
      const taken = await users.findTaken({ email: input.email }, userId);
      if (taken.email) {
        const message = emailTakenMessage(input.email);
        throw conflict(message, { email: message });
      }
      const row = await users.update(userId, {
        email: input.email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        phone: input.phone ?? null,
      });
      return toProfile(row!);
    },

    /** The current password is checked; the user's other sessions end, this one stays. */
    async changePassword(
      userId: string,
      sessionId: string,
      input: ChangePasswordInput,
      meta: { ip: string },
    ): Promise<void> {
      await auth.changePassword(userId, sessionId, input.currentPassword, input.newPassword, meta);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
