import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

type Part = AnyColumn | SQLWrapper;
/** A users row (the table or an alias of it). */
export interface PersonColumns {
  firstName: Part;
  lastName: Part;
  username: Part;
}

/**
 * How a person is named in SQL, the twin of `displayName` in src/domain/display-name.ts: first
 * and last name, else the username. Every query that shows a person's name uses these.
 */

/** First and last name joined with a space (what name searches match). */
export const personNameWords = (person: Pick<PersonColumns, 'firstName' | 'lastName'>): SQL<string> =>
  sql<string>`concat_ws(' ', ${person.firstName}, ${person.lastName})`;

/** First and last name, or null when both are empty. */
export const personFullName = (person: Pick<PersonColumns, 'firstName' | 'lastName'>): SQL<string | null> =>
  sql<string | null>`nullif(btrim(${personNameWords(person)}), '')`;

/** The display name: first and last name, else the username. */
export const personName = (person: PersonColumns): SQL<string> =>
  sql<string>`coalesce(${personFullName(person)}, ${person.username})`;
