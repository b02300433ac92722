/** Ids are version-4 UUIDs; routes answer 400 for anything else, and detail screens reject it before asking the server. */
export const UUID_V4_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuidV4(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID_V4_PATTERN.test(value);
}
