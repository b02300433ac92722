/** Stored files (PDF templates, generated quotes and invoices): the bytes live in the database so every app server sees them. */
import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.js';
import { users } from './users.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    // What the file is for, e.g. 'quote-template', 'quote-pdf', 'invoice-pdf'.
    purpose: varchar('purpose', { length: 40 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('stored_files_size_check', sql`${t.size} >= 0 and ${t.size} <= 26214400`)],
);
