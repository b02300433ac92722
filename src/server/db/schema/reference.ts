/** Reference data (service lines, job types) and settings. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, notBlank } from './columns.js';

/** Service lines and job types have the same shape: name, a unique code, description, active. */
function referenceTypeTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: id(),
      name: varchar('name', { length: 100 }).notNull(),
      // A unique constraint (not only an index) so jobs and prices can reference the code.
      code: varchar('code', { length: 20 }).notNull().unique(`${name}_code_key`),
      description: text('description'),
      isActive: boolean('is_active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      check(`${name}_name_not_blank`, notBlank(t.name)),
      check(`${name}_code_not_blank`, notBlank(t.code)),
      uniqueIndex(`${name}_code_ci_unique`).on(sql`upper(${t.code})`),
      index(`${name}_name_idx`).on(t.name),
    ],
  );
}

export const serviceLines = referenceTypeTable('service_lines');
export const jobTypes = referenceTypeTable('job_types');

/** Key/value settings; key "company" holds the company information (name, addresses, phone, time zone). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
