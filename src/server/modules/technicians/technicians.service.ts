import type { SessionUser } from '../../../domain/auth.js';
import { isTechnicianRole, TECHNICIAN_ROLE } from '../../../domain/policy.js';
import {
  firstFreeUsername,
  TECHNICIAN_PROFILE_FIELDS,
  usernameFromEmail,
  type CreateTechnicianInput,
  type TechnicianDetail,
  type TechnicianProfile,
  type UpdateTechnicianInput,
} from '../../../domain/technicians.js';
import type { Database } from '../../db/client.js';
import { conflict, notFound, registerConstraintMessages } from '../../errors.js';
import { hashPassword, type AuthRepo } from '../auth/index.js';
import type { UsersRepo } from '../users/index.js';
import type { TechniciansRepo } from './technicians.repo.js';

export const TECHNICIAN_NOT_FOUND = 'Technician not found';
export const employeeIdTakenMessage = (employeeId: string) =>
  `Another technician already has employee ID "${employeeId}"`;

registerConstraintMessages({
  technicians_employee_id_unique: { message: 'Another technician already has this employee ID', field: 'employeeId' },
});

/** The technician record's fields out of a payload that also carries the person and the lists. */
export function pickProfile(input: TechnicianProfile): TechnicianProfile {
  return Object.fromEntries(TECHNICIAN_PROFILE_FIELDS.map((key) => [key, input[key]])) as TechnicianProfile;
}

export function createTechniciansService({
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
  /** 409 before writing when the e-mail or employee id is held by someone else. */
  async function checkTaken(values: { email: string; employeeId: string | null | undefined }, exceptId?: string) {
    const [taken, employeeIdTaken] = await Promise.all([
      users.findTaken({ email: values.email }, exceptId),
      values.employeeId ? technicians.employeeIdTaken(values.employeeId, exceptId) : Promise.resolve(false),
    ]);
    const fields: Record<string, string> = {};
    if (taken.email) fields.email = `A user with the email "${values.email}" already exists`;
    if (employeeIdTaken && values.employeeId) fields.employeeId = employeeIdTakenMessage(values.employeeId);
    if (Object.keys(fields).length) throw conflict(Object.values(fields).join('. '), fields);
  }

  return {
    async get(id: string): Promise<TechnicianDetail> {
      const found = await technicians.findDetail(id);
      if (!found) throw notFound(TECHNICIAN_NOT_FOUND);
      return found;
    },

    /**
     * /technicians/add: the user (role technician, username from the e-mail, password only when
     * one is given), the technician record and its four lists, in one transaction.
     */
    async create(input: CreateTechnicianInput, _actor: SessionUser): Promise<{ id: string; username: string }> {
      await checkTaken({ email: input.email, employeeId: input.employeeId });
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const base = usernameFromEmail(input.email);
      return db.transaction(async (tx) => {
        const username = firstFreeUsername(base, await users.usernamesStartingWith(base, tx));
        const user = await users.insert(
          {
            username,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone ?? null,
            role: TECHNICIAN_ROLE,
            status: 'active',
            passwordHash,
            passwordChangedAt: passwordHash ? clock() : null,
          },
          tx,
        );
        await technicians.insert(user.id, pickProfile(input), tx);
        await technicians.replaceLists(user.id, input, tx);
        return { id: user.id, username: user.username };
      });
    },

    /** /technicians/{id}/edit: the person, the record and the lists (replaced), in one transaction. */
    async update(id: string, input: UpdateTechnicianInput, _actor: SessionUser): Promise<TechnicianDetail> {
      const existing = await users.findById(id);
      if (!existing || !isTechnicianRole(existing.role)) throw notFound(TECHNICIAN_NOT_FOUND);
      await checkTaken({ email: input.email, employeeId: input.employeeId }, id);
      await db.transaction(async (tx) => {
        await users.update(
          id,
          {
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone ?? null,
            status: input.status,
          },
          tx,
        );
        await technicians.update(id, pickProfile(input), tx);
        await technicians.replaceLists(id, input, tx);
        // A technician set inactive is signed out everywhere (sessions of inactive users do not resolve anyway).
        if (input.status === 'inactive') await sessions.deleteUserSessions(id, undefined, tx);
      });
      return (await technicians.findDetail(id))!;
    },
  };
}
export type TechniciansService = ReturnType<typeof createTechniciansService>;
