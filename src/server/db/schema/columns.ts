/** Column and constraint builders shared by every area's tables. */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { index, numeric, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/** `column IN ('a','b')` for a check constraint. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
}
export const notBlank = (column: AnyPgColumn): SQL => sql`btrim(${column}) <> ''`;
// Index builders take the table's columns in their extra-config form, which carry .op().
export type IndexColumn = Parameters<ReturnType<typeof index>['on']>[0];
export const trgm = (name: string, column: IndexColumn) =>
  index(name).using('gin', (column as { op(c: string): IndexColumn }).op('gin_trgm_ops'));

/**
 * The text as a trigram index should see it for the search rule of src/domain/search.ts (a word
 * starts at the start of the text, or after a space or the U+001F joining invoice_search's texts),
 * where pg_trgm breaks words at any punctuation: in "job-1130-inv-8266" it indexes the word "inv", so
 * every invoice held the trigrams of a word starting "in", and "in" looked up every row. Here "-",
 * "." and "/" become "x" (each one character for one), U+001F a space, and a space goes first, so
 * every word start follows a space: a typed word's candidates are one pattern, `% word%` for a
 * word start, `%word%` anywhere (trigramWordsOf the word), and they hold every row the rule
 * matches and a few more; the condition on the text itself decides (migration 0035; decision 021).
 */
export const TRIGRAM_JOINED = ['-', '.', '/'] as const;
export const trigramWords = (text: SQL | SQLWrapper): SQL =>
  sql`' ' || ${TRIGRAM_JOINED.reduce<SQL>((expression, c) => sql`replace(${expression}, ${sql.raw(`'${c}'`)}, 'x')`, sql`replace(${text}, chr(31), ' ')`)}`;
/** trigramWords for a typed word, in JavaScript (without the leading space). */
export const trigramWordsOf = (word: string): string =>
  TRIGRAM_JOINED.reduce((w, c) => w.replaceAll(c, 'x'), word.replaceAll('\u001f', ' '));
/** A trigram index over trigramWords(column). */
export const trgmWords = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`(${trigramWords(column)}) gin_trgm_ops`);

// Kept here (not imported from src/domain) so drizzle-kit can load this file on its own; the domain
// lists are checked against these by src/server/db/schema.test.ts.
export const DB_ENUMS = {
  unitStatus: ['active', 'inactive'],
  contactType: ['Management', 'Owner', 'Business Owner', 'Tenant'],
  userRole: ['admin', 'manager', 'technician', 'user'],
  userStatus: ['active', 'inactive'],
  proficiency: ['beginner', 'intermediate', 'advanced', 'expert'],
  certificationStatus: ['active', 'expired', 'pending'],
  jobStatus: ['scheduled', 'unscheduled', 'completed', 'cancelled'],
  jobContactType: ['primary', 'secondary', 'emergency'],
  serviceContract: ['Standard', 'Financial', 'Management', 'On-site', 'Owner', 'Sales', 'Non-Contract'],
  jobItemType: ['part', 'labor', 'item'],
  skillLevel: ['helper', 'standard', 'senior', 'master'],
  inspectionUnitType: ['Gas', 'Electric'],
  inspectionSystemType: ['RTU', 'Split System'],
  repairPhase: ['phase1', 'phase2', 'phase3'],
  quoteType: ['inspection', 'repair', 'replacement'],
  // a sent quote may also be an "other" quote (the job's items); templates have the three above
  sentQuoteType: ['inspection', 'repair', 'replacement', 'other'],
  quoteStatus: ['sent', 'approved', 'declined', 'superseded', 'expired', 'withdrawn'],
  quoteDeclineReason: ['too_expensive', 'other_quotes', 'not_now', 'other'],
  templateKind: ['pdf', 'email'],
  invoiceStatus: ['draft', 'issued', 'paid', 'void'],
  invoiceType: ['standard', 'replacement', 'repair', 'inspection'],
  paymentMethod: ['check', 'card', 'ach', 'cash', 'other'],
  outboxStatus: ['pending', 'sending', 'sent', 'failed'],
  apiTokenRole: ['read-only', 'office', 'admin'],
  webhookDeliveryStatus: ['pending', 'sending', 'delivered', 'failed'],
} as const;
