/**
 * A tag's name rules without zod (tags.ts re-exports them beside its schemas): the companies list
 * reads its tag filter from the URL with them and loads no schema library (decision 042).
 */
export const TAG_NAME_MAX = 40;

/** Trimmed, inner runs of spaces made one: what is stored and compared. */
export function normalizeTagName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}
