import { asc, eq, sql } from 'drizzle-orm';
import type {
  CreateReferenceTypeInput,
  ReferenceType,
  ReferenceTypeKind,
  UpdateReferenceTypeInput,
} from '../../../domain/reference-types.js';
import type { Executor } from '../../db/client.js';
import { jobTypes, serviceLines } from '../../db/schema.js';

/** Service types live in service_lines, job types in job_types; the two tables have the same columns. */
const TABLES = { 'service-types': serviceLines, 'job-types': jobTypes as unknown as typeof serviceLines } as const;
/** Reference lists are short; this only bounds a runaway table. */
export const MAX_REFERENCE_TYPES = 1000;

const toReferenceType = (row: typeof serviceLines.$inferSelect): ReferenceType => ({
  id: row.id,
  name: row.name,
  code: row.code,
  description: row.description,
  isActive: row.isActive,
});

export function createReferenceTypesRepo(db: Executor) {
  return {
    /** Ordered by name, as Settings lists them; optionally only the active or inactive ones. */
    async list(kind: ReferenceTypeKind, active?: boolean): Promise<ReferenceType[]> {
      const table = TABLES[kind];
      const rows = await db
        .select()
        .from(table)
        .where(active === undefined ? undefined : eq(table.isActive, active))
        .orderBy(asc(table.name), asc(table.code))
        .limit(MAX_REFERENCE_TYPES);
      return rows.map(toReferenceType);
    },

    async codeTaken(kind: ReferenceTypeKind, code: string): Promise<boolean> {
      const table = TABLES[kind];
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(sql`upper(${table.code}) = ${code.toUpperCase()}`)
        .limit(1);
      return Boolean(row);
    },

    async insert(kind: ReferenceTypeKind, input: CreateReferenceTypeInput): Promise<ReferenceType> {
      const [row] = await db
        .insert(TABLES[kind])
        .values({ name: input.name, code: input.code, description: input.description ?? null })
        .returning();
      return toReferenceType(row!);
    },

    async update(
      kind: ReferenceTypeKind,
      id: string,
      changes: UpdateReferenceTypeInput,
    ): Promise<ReferenceType | undefined> {
      const table = TABLES[kind];
      const [row] = await db.update(table).set(changes).where(eq(table.id, id)).returning();
      return row ? toReferenceType(row) : undefined;
    },
  };
}
export type ReferenceTypesRepo = ReturnType<typeof createReferenceTypesRepo>;
