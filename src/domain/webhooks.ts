/**
 * Webhooks (issue 31, decision 048): the events an admin subscribes an endpoint to, the payloads
 * of the Settings > Webhooks screen and its API, and the pure rules: which URLs may receive
 * deliveries (scheme, credentials, the address a host names) and the retry schedule.
 * Deliveries follow the Standard Webhooks scheme (https://www.standardwebhooks.com); signing is
 * the server's (modules/webhooks/webhook-signature.ts).
 */
import { z } from 'zod';
import { isUuidV4 } from './ids.js';

/** Every event an endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'job.created',
  'job.scheduled',
  'job.completed',
  'quote.sent',
  'quote.approved',
  'quote.declined',
  'invoice.issued',
  'invoice.paid',
  'payment.recorded',
  'agreement.visit_generated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Limits: the URL's length, how much of a receiver's answer is kept per attempt. */
export const WEBHOOK_LIMITS = {
  urlLength: 2000,
  descriptionLength: 200,
  /** characters of the receiver's response body kept with each attempt */
  responseExcerpt: 500,
  /** characters of an error kept with each attempt */
  errorLength: 500,
  /** endpoints per company: a list, not a table to page through */
  endpoints: 50,
  /** deliveries shown per endpoint, newest first */
  deliveriesShown: 50,
} as const;

/**
 * The retry schedule: attempt n (1-based) that failed waits base * 2^(n-1), capped; after
 * `maxAttempts` attempts the delivery is failed (an admin may replay it). With the defaults the
 * attempts span about 12 hours: 30 s, 1, 2, 4, 8, 16, 32, 64, 128 min, then 4 h twice.
 */
export const WEBHOOK_RETRY = { baseMs: 30_000, capMs: 4 * 3_600_000, maxAttempts: 12 } as const;

/**
 * How long settled deliveries are kept (decision 055): delivered ones 30 days (the screen's
 * latest 50 and a receiver's questions about last month), failed ones 90 days unless a replay of
 * the same event to the same endpoint was delivered (then they go with that replay). Pending and
 * sending ones are never removed. The worker sweeps at most every 10 minutes, up to 10 batches of
 * 500 per statement, so a large backlog drains over a few sweeps without a long statement.
 */
export interface WebhookRetention {
  deliveredDays: number;
  failedDays: number;
  batchSize: number;
  maxBatches: number;
  sweepIntervalMs: number;
}
export const WEBHOOK_RETENTION: Readonly<WebhookRetention> = {
  deliveredDays: 30,
  failedDays: 90,
  batchSize: 500,
  maxBatches: 10,
  sweepIntervalMs: 10 * 60_000,
};

export function webhookBackoffMs(
  attempt: number,
  baseMs: number = WEBHOOK_RETRY.baseMs,
  capMs: number = WEBHOOK_RETRY.capMs,
): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a full URL, such as https://example.com/webhooks',
  urlTooLong: `URL must be at most ${WEBHOOK_LIMITS.urlLength} characters`,
  urlScheme: 'The URL must start with https://',
  urlHttpPrivateOnly:
    'Plain http:// is accepted only for localhost and private network addresses; use https:// for any other host',
  urlCredentials: 'The URL must not contain a user name or password',
  urlFragment: 'The URL must not contain a #fragment',
  urlPrivate:
    'This address is on a private or local network; the server does not send webhooks there unless its operator allows it (WEBHOOK_ALLOW_PRIVATE_URLS)',
  urlForbidden: 'Webhooks cannot be sent to this address (unspecified, multicast or link-local)',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event',
  descriptionTooLong: `Description must be at most ${WEBHOOK_LIMITS.descriptionLength} characters`,
  tooMany: `At most ${WEBHOOK_LIMITS.endpoints} endpoints can be added`,
  endpointNotFound: 'Endpoint not found',
  deliveryNotFound: 'Delivery not found',
  invalidEndpointId: 'Invalid endpoint ID format',
  invalidDeliveryId: 'Invalid delivery ID format',
  replayInFlight: 'This delivery is still being sent; replay it once it has been delivered or has failed',
  replayDisabled: 'This endpoint is disabled; enable it to replay its deliveries',
} as const;

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

/**
 * What an address is, for deciding whether a delivery may go there:
 * - `public`: anywhere on the internet;
 * - `private`: loopback, RFC 1918, carrier-grade NAT, unique-local IPv6: only when the operator
 *   allows it (WEBHOOK_ALLOW_PRIVATE_URLS), e.g. a receiver on the same network;
 * - `forbidden`: never (unspecified, multicast, reserved, link-local, which holds the cloud
 *   metadata address 169.254.169.254).
 */
export type AddressClass = 'public' | 'private' | 'forbidden';

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

/** Eight 16-bit groups, or null. Accepts `::` and a trailing dotted IPv4 part. */
function parseIpv6(text: string): number[] | null {
  let input = text;
  if (input.startsWith('[') && input.endsWith(']')) input = input.slice(1, -1);
  const zone = input.indexOf('%');
  if (zone >= 0) input = input.slice(0, zone);
  if (!input.includes(':')) return null;
  const lastColon = input.lastIndexOf(':');
  const last = input.slice(lastColon + 1);
  if (last.includes('.')) {
    // a trailing dotted IPv4 part (::ffff:10.0.0.1) becomes its two 16-bit groups
    const v4 = parseIpv4(last);
    if (!v4) return null;
    input = `${input.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = input.split('::');
  if (halves.length > 2) return null;
  const group = (s: string) => (s === '' ? [] : s.split(':'));
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  const words = [...head, ...rest];
  if (!words.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return null;
  if (halves.length === 1 && words.length !== 8) return null;
  if (halves.length === 2 && words.length > 7) return null;
  const zeros = Array.from({ length: 8 - words.length }, () => '0');
  return [...head, ...zeros, ...rest].map((w) => parseInt(w, 16));
}

function classifyIpv4([a, b, c]: number[]): AddressClass {
  if (a === 0 || a! >= 224) return 'forbidden'; // unspecified, multicast, reserved, broadcast
  if (a === 169 && b === 254) return 'forbidden'; // link-local, cloud metadata
  if (a === 127 || a === 10) return 'private';
  if (a === 172 && b! >= 16 && b! <= 31) return 'private';
  if (a === 192 && b === 168) return 'private';
  if (a === 100 && b! >= 64 && b! <= 127) return 'private'; // carrier-grade NAT
  if (a === 198 && (b === 18 || b === 19)) return 'private'; // benchmarking networks
  if (a === 192 && b === 0 && c === 0) return 'private'; // IETF protocol assignments
  return 'public';
}

/** The class of an IP address literal (v4 or v6), or null when the text is not one. */
export function classifyAddress(address: string): AddressClass | null {
  const v4 = parseIpv4(address);
  if (v4) return classifyIpv4(v4);
  const v6 = parseIpv6(address);
  if (!v6) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = v6 as [number, number, number, number, number, number, number, number];
  const embedded = [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0xffff) return classifyIpv4(embedded); // ::ffff:a.b.c.d
    if (g5 === 0 && g6 === 0 && g7 === 0) return 'forbidden'; // ::
    if (g5 === 0 && g6 === 0 && g7 === 1) return 'private'; // ::1
    return 'forbidden'; // the deprecated IPv4-compatible block
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyIpv4(embedded);
  if ((g0 & 0xff00) === 0xff00) return 'forbidden'; // multicast
  if ((g0 & 0xffc0) === 0xfe80) return 'forbidden'; // link-local
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local
  if (g0 === 0x2001 && g1 === 0x0db8) return 'forbidden'; // documentation
  return 'public';
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');
/** A name only a private network resolves: one label (`receiver`), or a reserved local suffix. */
const isLocalNetworkName = (host: string) =>
  isLocalhostName(host) || !host.includes('.') || /\.(local|internal|lan|home\.arpa)$/.test(host);

/**
 * Why this URL may not be subscribed, or null when it may. `allowPrivate` is the operator's
 * WEBHOOK_ALLOW_PRIVATE_URLS. A host name's addresses are checked again when each delivery
 * connects (the worker resolves it and refuses a private or forbidden answer; http:// must then
 * reach a private address), so a name that later resolves elsewhere gains nothing.
 */
export function webhookUrlProblem(raw: string, options: { allowPrivate: boolean }): string | null {
  const text = raw.trim();
  if (!text) return WEBHOOK_MESSAGES.urlRequired;
  if (text.length > WEBHOOK_LIMITS.urlLength) return WEBHOOK_MESSAGES.urlTooLong;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MESSAGES.urlScheme;
  if (!url.hostname) return WEBHOOK_MESSAGES.urlInvalid;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  if (url.hash || text.includes('#')) return WEBHOOK_MESSAGES.urlFragment;
  const host = url.hostname.toLowerCase();
  const literal = classifyAddress(host);
  if (literal === 'forbidden') return WEBHOOK_MESSAGES.urlForbidden;
  const local = literal === 'private' || isLocalhostName(host);
  if (url.protocol === 'http:') {
    if (!options.allowPrivate) return WEBHOOK_MESSAGES.urlScheme;
    if (literal === 'public' || (literal === null && !isLocalNetworkName(host)))
      return WEBHOOK_MESSAGES.urlHttpPrivateOnly;
    return null;
  }
  if (local && !options.allowPrivate) return WEBHOOK_MESSAGES.urlPrivate;
  return null;
}

/**
 * May a delivery connect to this resolved address? `secure`: the URL is https. http:// goes only
 * to private addresses (and only when allowed), so a plain-text delivery never crosses the internet.
 */
export function connectRefusal(address: string, secure: boolean, allowPrivate: boolean): string | null {
  const kind = classifyAddress(address) ?? 'forbidden';
  if (kind === 'forbidden') return `${address} is not an address webhooks are sent to`;
  if (kind === 'private' && !allowPrivate) return `${address} is a private or local address`;
  if (!secure && kind !== 'private') return `plain http:// is not sent to the public address ${address}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Payloads of the API
// ---------------------------------------------------------------------------------------------

const eventTypeSchema = z.string().refine(isWebhookEventType, WEBHOOK_MESSAGES.eventUnknown);

/** Add or edit an endpoint. The URL's address rules need the server's setting: the service checks them. */
export const webhookEndpointInput = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_LIMITS.urlLength, WEBHOOK_MESSAGES.urlTooLong),
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionLength, WEBHOOK_MESSAGES.descriptionTooLong).default(''),
  events: z
    .array(eventTypeSchema, { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e))),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointInput>;

export const webhookEndpointParams = z.object({
  id: z.string().refine(isUuidV4, WEBHOOK_MESSAGES.invalidEndpointId),
});
export const webhookDeliveryParams = z.object({
  id: z.string().refine(isUuidV4, WEBHOOK_MESSAGES.invalidEndpointId),
  deliveryId: z.string().refine(isUuidV4, WEBHOOK_MESSAGES.invalidDeliveryId),
});

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** the latest delivery's state, for the list */
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string(), eventType: z.string() })
    .nullable(),
  /** deliveries waiting (pending or sending) and failed for good */
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointList = z.object({
  items: z.array(webhookEndpoint),
  eventTypes: z.array(z.string()),
  /** WEBHOOK_ALLOW_PRIVATE_URLS: the form says whether http:// to a local address is accepted */
  allowPrivateUrls: z.boolean(),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointList>;

/** The signing secret (`whsec_` and base64), shown to admins on the endpoint's page. */
export const webhookSecret = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecret>;

export const webhookAttempt = z.object({
  id: z.string(),
  attempt: z.number().int(),
  attemptedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
  workerId: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id: z.string(),
  /** the webhook-id header: the same for every attempt and every replay of one event */
  webhookId: z.string(),
  eventType: z.string(),
  eventAt: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  replayOf: z.string().nullable(),
  createdAt: z.string(),
  payload: z.string(),
  attemptList: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookEndpointDetail = webhookEndpoint.extend({
  deliveries: z.array(webhookDelivery),
  allowPrivateUrls: z.boolean(),
});
export type WebhookEndpointDetail = z.infer<typeof webhookEndpointDetail>;

/** The body every delivery carries (Standard Webhooks): the event's type, when it happened, and its record. */
export interface WebhookPayload<T = Record<string, unknown>> {
  type: string;
  timestamp: string;
  data: T;
}

/** The webhook-id of an event: `msg_` and the event's id without dashes. */
export const webhookIdOf = (eventId: string): string => `msg_${eventId.replace(/-/g, '')}`;

/** `data` of the job events: the job as a receiver needs it (ids of its location, company and unit). */
export interface JobEventData {
  id: string;
  number: number;
  name: string;
  status: string;
  type: string;
  serviceLine: string;
  office: string;
  locationId: string;
  companyId: string;
  unitId: string | null;
  customerPo: string | null;
  timePeriodStart: string;
  timePeriodDue: string;
  scheduleStart: string | null;
  scheduleDurationMinutes: number;
  completedAt: string | null;
  technicianIds: string[];
}

/** `data` of the quote events. Amounts in integer cents. */
export interface QuoteEventData {
  id: string;
  number: string;
  jobId: string;
  quoteType: string;
  status: string;
  amountCents: number;
  sentAt: string;
  expiresAt: string;
  decidedAt: string | null;
  declineReason: string | null;
}

/** `data` of the invoice events. Amounts in integer cents; dates are the company's calendar dates. */
export interface InvoiceEventData {
  id: string;
  number: string;
  /** null for a service agreement's advance invoice (decision 052). */
  jobId: string | null;
  companyId: string | null;
  status: string;
  amountCents: number;
  paidCents: number;
  balanceCents: number;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
}

/** `data` of payment.recorded. */
export interface PaymentEventData {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  method: string;
  paymentDate: string;
  reference: string | null;
  invoiceStatus: string;
  invoiceBalanceCents: number;
}
