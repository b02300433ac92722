import type { Paginated } from '../../../domain/api.js';
import type { SessionUser } from '../../../domain/auth.js';
import { isTechnician, isTechnicianRole, mayManageRole } from '../../../domain/policy.js';
import { defaultAvailability, keepAvailableDays } from '../../../domain/technicians.js';
import type {
  CreateUserInput,
  UpdateUserInput,
  UserOption,
  UserOptionsQuery,
  UserSummary,
  UsersQuery,
} from '../../../domain/users.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, registerConstraintMessages } from '../../errors.js';
import { hashPassword, type AuthRepo } from '../auth/index.js';
import type { TechniciansRepo } from '../technicians/index.js';
import { toUserSummary, type UsersRepo } from './users.repo.js';

export const USER_NOT_FOUND = 'User not found';
export const ADMIN_ONLY_MESSAGE = 'Only an admin can add or change an admin account';
export const usernameTakenMessage = (username: string) => `A user with the username "${username}" already exists`;
export const emailTakenMessage = (email: string) => `A user with the email "${email}" already exists`;

registerConstraintMessages({
  users_username_unique: { message: 'A user with this username already exists', field: 'username' },
  users_email_unique: { message: 'A user with this email already exists', field: 'email' },
});

export function createUsersService({
  db,
  users,
  technicians,
  sessions,
  clock,
}: {
  db: Database;
  users: UsersRepo;
  technicians: TechniciansRepo;
  /** The auth module ends a deactivated user's sessions (it owns sessions). */
  sessions: Pick<AuthRepo, 'deleteUserSessions'>;
  clock: () => Date;
}) {
  async function checkTaken(values: { username?: string; email: string }, exceptId?: string) {
    const taken = await users.findTaken(values, exceptId);
    const fields: Record<string, string> = {};
    if (taken.username && values.username) fields.username = usernameTakenMessage(values.username);
    if (taken.email) fields.email = emailTakenMessage(values.email);
    if (Object.keys(fields).length) throw conflict(Object.values(fields).join('. '), fields);
  }

  async function manageable(id: string, actor: SessionUser) {
    const existing = await users.findById(id);
    if (!existing) throw notFound(USER_NOT_FOUND);
    if (!mayManageRole(actor.role, existing.role as UserSummary['role'])) throw forbidden(ADMIN_ONLY_MESSAGE);
    return existing;
  }

  return {
    list(query: UsersQuery): Promise<Paginated<UserSummary>> {
      return users.list(query);
    },

    options(query: UserOptionsQuery): Promise<{ items: UserOption[] }> {
      return users.options(query).then((items) => ({ items }));
    },

    /**
     * Settings > Add User: a user who can sign in with the initial password; for role technician
     * also the technician record, with a new technician's default availability (all 7 days, 0 to 4 working 09:00-17:00),
     * all in one transaction.
     */
    async create(input: CreateUserInput, actor: SessionUser): Promise<UserSummary> {
      if (!mayManageRole(actor.role, input.role)) throw forbidden(ADMIN_ONLY_MESSAGE);
      await checkTaken({ username: input.username, email: input.email });
      const technician = isTechnician(input) ? input.technician : undefined;
      if (technician?.employeeId && (await technicians.employeeIdTaken(technician.employeeId))) {
        const message = `Another technician already has employee ID "${technician.employeeId}"`;
        throw conflict(message, { 'technician.employeeId': message });
      }
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      return db.transaction(async (tx) => {
        const user = await users.insert(
          {
            username: input.username,
            email: input.email,
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
            phone: input.phone ?? null,
            role: input.role,
            status: input.status,
            passwordHash,
            passwordChangedAt: now,
          },
          tx,
        );
        if (technician) {
          await technicians.insert(user.id, technician, tx);
          await technicians.replaceLists(
            user.id,
            { skills: [], certifications: [], territories: [], availability: keepAvailableDays(defaultAvailability()) },
            tx,
          );
        }
        return toUserSummary(user);
      });
    },

    /** Settings > Manage: e-mail, name, phone, role and status. */
    async update(id: string, input: UpdateUserInput, actor: SessionUser): Promise<UserSummary> {
      const existing = await manageable(id, actor);
      if (!mayManageRole(actor.role, input.role)) throw forbidden(ADMIN_ONLY_MESSAGE);
      if (id === actor.id && (input.role !== existing.role || input.status !== existing.status)) {
        throw badRequest('You cannot change your own role or status', {
          role: 'You cannot change your own role or status',
        });
      }
      if (isTechnicianRole(existing.role) && !isTechnicianRole(input.role)) {
        throw badRequest("A technician's role cannot be changed; set the technician inactive instead", {
          role: "A technician's role cannot be changed",
        });
      }
      if (!isTechnicianRole(existing.role) && isTechnicianRole(input.role)) {
        throw badRequest(
          'To make someone a technician, add them with the role Technician (their technician record is needed)',
          {
            role: 'Add technicians with Add User or Add Technician',
          },
        );
      }
      await checkTaken({ email: input.email }, id);
      const updated = await db.transaction(async (tx) => {
        const row = await users.update(
          id,
          {
            ...input,
            phone: input.phone ?? null,
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
          },
          tx,
        );
        if (input.status === 'inactive') await sessions.deleteUserSessions(id, undefined, tx);
        return row!;
      });
      return toUserSummary(updated);
    },

    /** Sets someone else's password (e.g. a technician added without one); all their sessions end. */
    async setPassword(id: string, password: string, actor: SessionUser): Promise<void> {
      if (id === actor.id)
        throw badRequest('Change your own password in My Account (it asks for your current password)');
      await manageable(id, actor);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await users.setPasswordHash(id, passwordHash, clock(), tx);
        await sessions.deleteUserSessions(id, undefined, tx);
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
