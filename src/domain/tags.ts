import { z } from 'zod';
import { normalizeTagName, TAG_NAME_MAX } from './tag-names.js';

/**
 * Tags on companies (issue 28): short labels ("VIP", "Net 30", "Hospital") the office adds from
 * Manage Tags on the company page; the companies list filters by one. A tag's name is unique
 * case-insensitively ("vip" is "VIP"): adding a name that exists reuses that tag.
 */
export { normalizeTagName, TAG_NAME_MAX };
/** A company has at most this many tags. */
export const COMPANY_TAG_LIMIT = 20;
/** Suggestions while typing: at most this many. */
export const TAG_SUGGESTION_LIMIT = 10;
/** Letters, digits, spaces and - _ & . / + (no commas: the dispatch board lists tags with commas). */
const TAG_CHARACTERS = /^[\p{L}\p{N} _&./+-]+$/u;

export const TAG_MESSAGES = {
  required: 'Tag name is required',
  tooLong: `Tag name must be at most ${TAG_NAME_MAX} characters`,
  characters: 'Tag name may contain letters, digits, spaces and - _ & . / + only',
  tooMany: `A company can have at most ${COMPANY_TAG_LIMIT} tags`,
  notOnCompany: 'This tag is not on the company',
  invalidTagId: 'Invalid tag id',
} as const;

/** The key that makes two names the same tag. */
export const tagKey = (name: string) => normalizeTagName(name).toLowerCase();

export const tagName = z
  .string({ error: TAG_MESSAGES.required })
  .transform(normalizeTagName)
  .pipe(
    z
      .string()
      .min(1, TAG_MESSAGES.required)
      .max(TAG_NAME_MAX, TAG_MESSAGES.tooLong)
      .regex(TAG_CHARACTERS, TAG_MESSAGES.characters),
  );

/** POST /api/companies/{id}/tags and the Manage Tags dialog's input. */
export const addCompanyTagInput = z.object({ name: tagName });
export type AddCompanyTagInput = z.output<typeof addCompanyTagInput>;

export const tag = z.object({ id: z.string(), name: z.string() });
export type Tag = z.infer<typeof tag>;
export const companyTagsAnswer = z.object({ tags: z.array(tag) });
export type CompanyTagsAnswer = z.infer<typeof companyTagsAnswer>;

/** GET /api/tags?q=: the tags whose name contains the text (all by name when empty), with how many companies carry each. */
export const tagSuggestionsQuery = z.object({
  q: z
    .string()
    .max(TAG_NAME_MAX, TAG_MESSAGES.tooLong)
    .optional()
    .transform((v) => normalizeTagName(v ?? '')),
});
export const tagSuggestion = tag.extend({ companyCount: z.number().int() });
export type TagSuggestion = z.infer<typeof tagSuggestion>;
export const tagSuggestionsAnswer = z.object({ items: z.array(tagSuggestion) });

/** The companies list's tag filter: one tag name, matched whole and case-insensitively. */
export const tagFilter = z
  .string()
  .max(TAG_NAME_MAX, TAG_MESSAGES.tooLong)
  .optional()
  .transform((v) => (v && normalizeTagName(v) ? normalizeTagName(v) : undefined));
