/**
 * Units by QR code (issue 30 item 4, decision 046): what a unit's label says and holds, and how a
 * scanned or typed code finds the unit again.
 *
 * The QR holds the unit page's absolute URL (`{PUBLIC_URL}/units/{id}`): a private route, so a
 * stranger who scans it reaches only the sign-in page, and a signed-in person the unit. The short
 * code printed under it is the first 12 hex digits of the unit's id (48 random bits of a v4 uuid),
 * read in groups of four; it is derived, never stored, and found through the primary key's range.
 */
import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import { formatCount } from './numbers.js';

export const UNIT_LABEL_TEXTS = {
  codeRequired: 'Enter the code printed under the QR code.',
  codeInvalid: 'That is not a unit code. A code has 12 letters and digits, like 3F9A-0C1B-7E2D.',
  notOurs: 'This QR code is not a unit label of this product.',
  codeNotFound: 'No unit has this code.',
  codeAmbiguous: 'More than one unit has this code. Find the unit by its number on the Units screen.',
  tooManyLabels: (count: number, max: number) =>
    `This company has ${formatCount(count)} units; one sheet holds at most ${formatCount(max)}. Print the labels of one location at a time.`,
} as const;

/** Hex digits of the id in the printed code. */
export const UNIT_CODE_LENGTH = 12;
/** The most labels one company sheet request draws (bounded memory; a location at a time beyond it). */
export const MAX_LABELS_PER_SHEET = 5000;

/** The code printed on a unit's label: `3F9A-0C1B-7E2D`. */
export function unitLabelCode(unitId: string): string {
  const hex = unitId.replace(/-/g, '').slice(0, UNIT_CODE_LENGTH).toUpperCase();
  return hex.match(/.{1,4}/g)!.join('-');
}

/** What the QR code holds: the unit page on this product's public address. */
export function unitLabelUrl(publicUrl: string, unitId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/units/${unitId}`;
}

/** A unit found by its label: a whole id, or the 12-digit prefix of one (lower-case hex). */
export type UnitCodeTarget = { kind: 'id'; id: string } | { kind: 'prefix'; prefix: string };

export type ScannedCode = { ok: true; target: UnitCodeTarget } | { ok: false; reason: 'empty' | 'invalid' | 'notOurs' };

const UNIT_PATH = /^\/units\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * Reads what a camera decoded or a person typed: the label's URL (only on one of `origins`, this
 * product's addresses), a unit id, or the printed code in any case with or without its dashes and
 * spaces.
 */
export function readUnitCode(text: string, origins: readonly string[]): ScannedCode {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, reason: 'empty' };
  if (/^https?:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return { ok: false, reason: 'notOurs' };
    }
    const known = origins.some((origin) => {
      try {
        return new URL(origin).origin === url.origin;
      } catch {
        return false;
      }
    });
    const match = UNIT_PATH.exec(url.pathname);
    if (!known || !match || !isUuidV4(match[1]!.toLowerCase())) return { ok: false, reason: 'notOurs' };
    return { ok: true, target: { kind: 'id', id: match[1]!.toLowerCase() } };
  }
  const lower = trimmed.toLowerCase();
  if (isUuidV4(lower)) return { ok: true, target: { kind: 'id', id: lower } };
  const compact = trimmed.toLowerCase().replace(/[\s-]+/g, '');
  if (/^[0-9a-f]{12}$/.test(compact)) return { ok: true, target: { kind: 'prefix', prefix: compact } };
  return { ok: false, reason: 'invalid' };
}

/** The message for a code that could not be read. */
export function unreadableCodeMessage(reason: 'empty' | 'invalid' | 'notOurs'): string {
  return reason === 'empty'
    ? UNIT_LABEL_TEXTS.codeRequired
    : reason === 'notOurs'
      ? UNIT_LABEL_TEXTS.notOurs
      : UNIT_LABEL_TEXTS.codeInvalid;
}

/**
 * The lowest and highest uuid with this 12-digit prefix (in the text form PostgreSQL compares
 * uuids by: byte order), for a range scan of the primary key.
 */
export function prefixRange(prefix: string): { low: string; high: string } {
  const p = prefix.toLowerCase();
  const head = `${p.slice(0, 8)}-${p.slice(8, 12)}`;
  return { low: `${head}-0000-0000-000000000000`, high: `${head}-ffff-ffff-ffffffffffff` };
}

/** The typed form and the resolve route's query: the code as typed or as the camera read it. */
export const unitCodeQuery = z.object({
  code: z.string().trim().min(1, UNIT_LABEL_TEXTS.codeRequired).max(2000, UNIT_LABEL_TEXTS.codeInvalid),
});
export type UnitCodeQuery = z.infer<typeof unitCodeQuery>;

/** What a code opens: the unit, and for a technician their open job on it (else null). */
export const unitCodeResult = z.object({
  unit: z.object({
    id: z.string(),
    unitNumber: z.string(),
    code: z.string(),
    locationName: z.string(),
    companyName: z.string(),
  }),
  job: z.object({ id: z.string(), number: z.number(), name: z.string() }).nullable(),
});
export type UnitCodeResult = z.infer<typeof unitCodeResult>;

/** The optional location of a company's label sheet. */
export const labelSheetQuery = z.object({
  locationId: z
    .string()
    .refine((v) => isUuidV4(v), 'Invalid location ID format')
    .optional(),
});

/** The file names of the downloads. */
export function unitLabelFileName(unitNumber: string): string {
  return `unit-${slug(unitNumber) || 'label'}-qr-label.pdf`;
}
export function labelSheetFileName(companyName: string, locationName?: string): string {
  return `${[slug(companyName), locationName ? slug(locationName) : ''].filter(Boolean).join('-') || 'company'}-qr-labels.pdf`;
}
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
