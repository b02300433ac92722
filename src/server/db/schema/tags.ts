/** Tags on companies (issue 28): one row per tag name (unique case-insensitively), and the join. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, trgm } from './columns.js';
import { companies } from './customers.js';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    /** Trimmed with single inner spaces (domain/tags.ts normalizeTagName). */
    name: varchar('name', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('tags_name_not_blank', sql`char_length(btrim(${t.name})) > 0`),
    // "VIP" and "vip" are one tag; the companies list's filter finds a tag through this index.
    uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`),
    // The suggestions as one types (contains).
    trgm('tags_name_trgm', t.name),
  ],
);

export const companyTags = pgTable(
  'company_tags',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A company's tags (the detail page, a page of the list).
    primaryKey({ name: 'company_tags_pkey', columns: [t.companyId, t.tagId] }),
    // The companies with a tag (the list's filter, the suggestions' counts).
    index('company_tags_tag_idx').on(t.tagId, t.companyId),
  ],
);
