import { and, asc, eq, ne } from 'drizzle-orm';
import type { UserStatus } from '../../../domain/auth.js';
import {
  toHourMinute,
  type CertificationRow,
  type CertificationStatus,
  type ProficiencyLevel,
  type SkillRow,
  type TechnicianDetail,
  type TechnicianProfile,
  type TerritoryRow,
} from '../../../domain/technicians.js';
import type { Executor } from '../../db/client.js';
import {
  technicianAvailability,
  technicianCertifications,
  technicians,
  technicianSkills,
  technicianTerritories,
  users,
} from '../../db/schema.js';

export interface TechnicianLists {
  skills: SkillRow[];
  certifications: CertificationRow[];
  availability: { dayOfWeek: number; isAvailable?: boolean; startTime: string; endTime: string }[];
  territories: TerritoryRow[];
}

type TechnicianColumns = Omit<typeof technicians.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The profile as columns: money as numeric(12,2) text, undefined left out (an update keeps the column). */
function profileColumns(profile: Partial<TechnicianProfile>): Partial<TechnicianColumns> {
  const { hourlyRate, ...rest } = profile;
  const columns: Partial<TechnicianColumns> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (columns as Record<string, unknown>)[key] = value;
  }
  if (hourlyRate !== undefined) columns.hourlyRate = hourlyRate === null ? null : hourlyRate.toFixed(2);
  return columns;
}

export function createTechniciansRepo(db: Executor) {
  return {
    async insert(id: string, profile: TechnicianProfile, exec: Executor = db): Promise<void> {
      await exec.insert(technicians).values({ ...(profileColumns(profile) as TechnicianColumns), id });
    },

    async update(id: string, profile: TechnicianProfile, exec: Executor = db): Promise<void> {
      await exec.update(technicians).set(profileColumns(profile)).where(eq(technicians.id, id));
    },

    /** Replaces the four lists of a technician with the given rows (in the caller's transaction). */
    async replaceLists(id: string, lists: TechnicianLists, exec: Executor = db): Promise<void> {
      await exec.delete(technicianSkills).where(eq(technicianSkills.technicianId, id));
      await exec.delete(technicianCertifications).where(eq(technicianCertifications.technicianId, id));
      await exec.delete(technicianAvailability).where(eq(technicianAvailability.technicianId, id));
      await exec.delete(technicianTerritories).where(eq(technicianTerritories.technicianId, id));
      if (lists.skills.length) {
        await exec.insert(technicianSkills).values(lists.skills.map((s) => ({ ...s, technicianId: id })));
      }
      if (lists.certifications.length) {
        await exec
          .insert(technicianCertifications)
          .values(lists.certifications.map((c) => ({ ...c, technicianId: id })));
      }
      if (lists.availability.length) {
        await exec.insert(technicianAvailability).values(
          lists.availability.map((a) => ({
            dayOfWeek: a.dayOfWeek,
            startTime: a.startTime,
            endTime: a.endTime,
            technicianId: id,
            isAvailable: true,
          })),
        );
      }
      if (lists.territories.length) {
        await exec.insert(technicianTerritories).values(lists.territories.map((t) => ({ ...t, technicianId: id })));
      }
    },

    async employeeIdTaken(employeeId: string, exceptId?: string, exec: Executor = db): Promise<boolean> {
      const [row] = await exec
        .select({ id: technicians.id })
        .from(technicians)
        .where(and(eq(technicians.employeeId, employeeId), exceptId ? ne(technicians.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    /** The technician with its user and its four lists, or undefined. */
    async findDetail(id: string, exec: Executor = db): Promise<TechnicianDetail | undefined> {
      const [row] = await exec
        .select({ user: users, technician: technicians })
        .from(technicians)
        .innerJoin(users, eq(users.id, technicians.id))
        .where(eq(technicians.id, id))
        .limit(1);
      if (!row) return undefined;
      const [skills, certifications, availability, territories] = await Promise.all([
        exec
          .select()
          .from(technicianSkills)
          .where(eq(technicianSkills.technicianId, id))
          .orderBy(asc(technicianSkills.createdAt), asc(technicianSkills.skillName)),
        exec
          .select()
          .from(technicianCertifications)
          .where(eq(technicianCertifications.technicianId, id))
          .orderBy(asc(technicianCertifications.createdAt), asc(technicianCertifications.certificationName)),
        exec
          .select()
          .from(technicianAvailability)
          .where(eq(technicianAvailability.technicianId, id))
          .orderBy(asc(technicianAvailability.dayOfWeek)),
        exec
          .select()
          .from(technicianTerritories)
          .where(eq(technicianTerritories.technicianId, id))
          .orderBy(asc(technicianTerritories.territoryName)),
      ]);
      const { user, technician: t } = row;
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        status: user.status as UserStatus,
        hasPassword: user.passwordHash !== null,
        employeeId: t.employeeId,
        hireDate: t.hireDate,
        jobTitle: t.jobTitle,
        hourlyRate: t.hourlyRate === null ? null : Number(t.hourlyRate),
        emergencyContactName: t.emergencyContactName,
        emergencyContactPhone: t.emergencyContactPhone,
        notes: t.notes,
        address: t.address,
        city: t.city,
        state: t.state,
        zip: t.zip,
        licenseNumber: t.licenseNumber,
        licenseExpiry: t.licenseExpiry,
        vehicleNumber: t.vehicleNumber,
        vehicleMake: t.vehicleMake,
        vehicleModel: t.vehicleModel,
        vehicleYear: t.vehicleYear,
        shirtSize: t.shirtSize,
        bootSize: t.bootSize,
        preferredName: t.preferredName,
        taxId: t.taxId,
        directDeposit: t.directDeposit,
        bankName: t.bankName,
        bankRouting: t.bankRouting,
        bankAccount: t.bankAccount,
        backgroundCheckDate: t.backgroundCheckDate,
        drugTestDate: t.drugTestDate,
        lastReviewDate: t.lastReviewDate,
        nextReviewDate: t.nextReviewDate,
        skills: skills.map((s) => ({
          skillName: s.skillName,
          proficiencyLevel: s.proficiencyLevel as ProficiencyLevel,
          yearsExperience: s.yearsExperience,
        })),
        certifications: certifications.map((c) => ({
          certificationName: c.certificationName,
          issuingOrganization: c.issuingOrganization,
          certificationNumber: c.certificationNumber,
          issueDate: c.issueDate,
          expiryDate: c.expiryDate,
          status: c.status as CertificationStatus,
        })),
        availability: availability
          .filter((a) => a.isAvailable)
          .map((a) => ({
            dayOfWeek: a.dayOfWeek,
            startTime: toHourMinute(a.startTime),
            endTime: toHourMinute(a.endTime),
          })),
        territories: territories.map((r) => ({
          territoryName: r.territoryName,
          state: r.state,
          zipCodes: r.zipCodes,
          isPrimary: r.isPrimary,
        })),
      };
    },
  };
}
export type TechniciansRepo = ReturnType<typeof createTechniciansRepo>;
