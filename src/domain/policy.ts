/**
 * Who may do what: the one home of the roles and of every permission rule (decision 029).
 * The server's route config (`config: allow('jobs.edit')`), the services and the screens
 * (`useCan('jobs.edit')`, src/web/lib/can.ts) all ask this module; no other file lists roles or
 * compares a role (the `local/policy` lint rule of eslint.config.js). It stays free of zod
 * (decision 020: no zod on a first screen's path); auth.ts re-exports it beside the schemas.
 */

/** Every role, in the order the users' schema and the database enum list them. */
export const USER_ROLES = ['user', 'technician', 'manager', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The role a new user gets unless another is chosen (Settings > Add User). */
export const DEFAULT_USER_ROLE: UserRole = 'user';
/** The role of the people sent to jobs: they have a technician record and see only their jobs. */
export const TECHNICIAN_ROLE = 'technician' satisfies UserRole;

/** The roles without a technician record (the users' schema: Settings > Add User). */
export const STAFF_ROLES = ['user', 'manager', 'admin'] as const satisfies readonly UserRole[];

/** The role the system acts with when no person does (an invoice sent by the outbox): sees everything. */
export const SYSTEM_ROLE: UserRole = 'admin';

/** Admin and manager: run the company (users, settings, price book, deletes, voids). */
const ADMINS = ['admin', 'manager'] as const satisfies readonly UserRole[];
/**
 * The admin alone: what hands out an admin's power outside a person's account (API tokens,
 * decision 047), sends the company's data outside it (webhook endpoints, decision 048) or hands
 * out everything at once (the full data export, decision 050).
 */
const ADMIN_ONLY = ['admin'] as const satisfies readonly UserRole[];
/** Admin, manager and office users (role `user`): every job, customer, quote and invoice. */
const OFFICE = ['admin', 'manager', 'user'] as const satisfies readonly UserRole[];
/** Technicians: what only a person sent to jobs has (a calendar of their own jobs). */
const TECHNICIANS = [TECHNICIAN_ROLE] as const satisfies readonly UserRole[];

/**
 * Each named action and the roles that may do it. Actions missing here are open to every
 * signed-in user (reading customers, jobs, the price book ...); a technician's own jobs are
 * decided by `mayWorkOnJob`.
 */
const ALLOWED = {
  /** Company settings, service and job types. */
  'settings.manage': ADMINS,
  /** Sales tax groups (Settings > Tax Groups, issue 27): add, edit, deactivate. */
  'taxGroups.manage': ADMINS,
  /** Add and edit users and their passwords. */
  'users.manage': ADMINS,
  /** Add and edit technicians (and add one from the dispatch board). */
  'technicians.manage': ADMINS,
  /** The outbox screen: see and retry mail. */
  'outbox.manage': ADMINS,
  /** Settings > Webhooks: subscribe endpoints, read their secrets, see and replay deliveries (decision 048). */
  'webhooks.manage': ADMIN_ONLY,
  /** Create and edit companies, locations, units and contacts (contacts are customer records: decision 038). */
  'customers.edit': OFFICE,
  /** Print units' QR labels (one unit's, or a company's sheet): the office labels equipment (decision 046). */
  'unitLabels.print': OFFICE,
  /** Add and remove a company's tags (Manage Tags); technicians read them. */
  'companyTags.manage': OFFICE,
  /** Delete a company, location, unit (with what hangs off it) or contact. */
  'customers.delete': ADMINS,
  /** Add, edit, delete and import price items. */
  'priceBook.edit': ADMINS,
  /** Create, edit, assign, schedule and delete any job (technicians work on their own only). */
  'jobs.edit': OFFICE,
  /** The dispatch board: see it and move jobs on it. */
  'dispatch.view': OFFICE,
  /** Create, send, edit and delete draft invoices, mark them paid. */
  'invoices.issue': OFFICE,
  /** The invoice lists, exports and reports (technicians read only their jobs' invoices). */
  'invoices.lists': OFFICE,
  /** Void an issued invoice. */
  'invoices.void': ADMINS,
  // issue 27: void a recorded payment (with a reason); recording one is invoices.issue
  'invoices.voidPayment': ADMINS,
  /** Send quotes to customers and record their decisions. */
  'quotes.send': OFFICE,
  /** Edit the quote and e-mail templates (technicians read them). */
  'quoteTemplates.manage': OFFICE,
  /** Service Opportunities: see the unsold work, set follow-ups, dismiss and restore (decision 039). */
  'opportunities.manage': OFFICE,
  /**
   * The accounting export and its account mapping (decision 051): the books are the bookkeeping
   * roles' (they also void invoices and payments); office users bill, but do not post to the ledger.
   */
  'accounting.export': ADMINS,
  /**
   * Mark a unit's open recommendation resolved from the unit page (issue 29, decision 044). On a
   * job's page a technician may too, and add one to the job, on jobs assigned to them (mayWorkOnJob).
   */
  'recommendations.resolve': OFFICE,
  /** The Tech Scorecard of every technician (a technician sees only their own row: scorecardScope). */
  'scorecard.everyone': OFFICE,
  /** The offices' calendar feeds, and turning off a technician's feed (decision 049). */
  'calendarFeeds.manage': ADMINS,
  /** A calendar feed of one's own assigned jobs (decision 049). */
  'calendarFeeds.own': TECHNICIANS,
  /** Download all of the company's data in one file (Settings > Data Export, decision 050). */
  'data.exportAll': ADMIN_ONLY,
  /**
   * API tokens (Settings > API Tokens) and whether the OpenAPI document is public (decision 047).
   * Admin only: an admin token acts as an admin, and a manager may not create an admin account.
   */
  'apiTokens.manage': ADMIN_ONLY,
  /** Service agreements (issue 29): see them, their visits and their prices. */
  'agreements.view': OFFICE,
  /** Create, edit, activate and renew a service agreement. */
  'agreements.edit': OFFICE,
  /** Cancel a service agreement (its unscheduled future visits go). */
  'agreements.cancel': ADMINS,
  /** The agreements' pull-through report with costs and profit (decision 053). */
  'agreements.report': ADMINS,
  /** "Generate visits now": run the visit generator at once. */
  'agreements.generate': ADMINS,
  /** Settle a conflict between a technician's change sent from the field and the office's (decision 045). */
  'fieldConflicts.resolve': OFFICE,
} as const satisfies Record<string, readonly UserRole[]>;

export type Action = keyof typeof ALLOWED;
export const ACTIONS = Object.keys(ALLOWED) as Action[];

/** May this role do this action? No role (signed out, still loading) may do none. */
export function can(role: UserRole | null | undefined, action: Action): boolean {
  return role != null && (ALLOWED[action] as readonly UserRole[]).includes(role);
}

/** The roles allowed an action, for the server's route config (plugins/auth.ts reads `roles`). */
export function rolesFor(action: Action): readonly UserRole[] {
  return ALLOWED[action];
}

/** The route config of a route only some roles may call: `config: allow('jobs.edit')`. */
export function allow(action: Action): { roles: readonly UserRole[] } {
  return { roles: rolesFor(action) };
}

/** Does a route's config (made by `allow`) let this role in? No roles listed lets every signed-in role in. */
export function routeAllows(roles: readonly UserRole[] | undefined, role: UserRole): boolean {
  return roles === undefined || roles.includes(role);
}

/** Is this a technician (has a technician record, sees only the jobs assigned to them)? */
export function isTechnician<T extends { role: UserRole }>(user: T): user is T & { role: 'technician' } {
  return user.role === TECHNICIAN_ROLE;
}
export const isTechnicianRole = (role: string | null | undefined): boolean => role === TECHNICIAN_ROLE;

/** Office staff: see every job and work on any of them. */
export const isOfficeRole = (role: UserRole | null | undefined): boolean =>
  role != null && (OFFICE as readonly UserRole[]).includes(role);
/** The roles of the office staff (owners of jobs), for the owner list's SQL. */
export const OFFICE_ROLES: readonly UserRole[] = OFFICE;

/**
 * Is this user one of the job's technicians? The SQL twin, for when the job is not loaded, is
 * `technicianAssigned` in src/server/modules/jobs/job-assignment.ts; both say the same thing.
 */
export function isAssignedTo(technicians: readonly { id: string }[], userId: string | null | undefined): boolean {
  return userId != null && technicians.some((t) => t.id === userId);
}

/**
 * May this user work on this job (change it, its inspections, repairs, photos; see its quotes)?
 * Office staff may work on any job; a technician only on a job assigned to them (RULINGS.md).
 */
export function mayWorkOnJob(role: UserRole | null | undefined, assigned: boolean): boolean {
  return isOfficeRole(role) || (isTechnicianRole(role) && assigned);
}

/**
 * May this user record field work on this job (time events, notes, checklist, the customer's
 * signature, changes sent from the phone; decision 045)? Only a technician assigned to it: the
 * times and the signature are a technician's own, the office has Edit Job.
 */
export function mayRecordFieldWork(role: UserRole | null | undefined, assigned: boolean): boolean {
  return isTechnicianRole(role) && assigned;
}

/** A manager may add and edit users, but only an admin may create or change an admin account. */
export function mayManageRole(actor: UserRole, target: UserRole): boolean {
  if (actor === 'admin') return true;
  return actor === 'manager' && target !== 'admin';
}

/** The roles this actor may give when adding a user (Settings > Add User). */
export function assignableRoles(actor: UserRole): UserRole[] {
  return USER_ROLES.filter((r) => mayManageRole(actor, r));
}

/** The roles an existing user may be switched to: never into or out of technician (the record). */
export function switchableRoles(actor: UserRole, user: { role: UserRole }, isSelf: boolean): UserRole[] {
  if (isSelf || isTechnician(user)) return [user.role];
  return USER_ROLES.filter((r) => r !== TECHNICIAN_ROLE && mayManageRole(actor, r));
}

/**
 * Whose Tech Scorecard rows a user sees: every technician's (null) for the office, only their own
 * for a technician (their user id is their technician id), none for anyone else.
 */
export function scorecardScope(user: { role: UserRole; id: string }): { technicianId: string | null } | 'none' {
  if (can(user.role, 'scorecard.everyone')) return { technicianId: null };
  if (isTechnician(user)) return { technicianId: user.id };
  return 'none';
}

/**
 * The roles of an API token (decision 047) and the user role each one acts as on a route's
 * `allow(...)` config: an admin token as an admin, an office token as office staff (role `user`),
 * and a read-only token as office staff that may only read (GET and HEAD).
 */
export const API_TOKEN_ROLES = ['read-only', 'office', 'admin'] as const;
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];
const TOKEN_ACTS_AS: Record<ApiTokenRole, UserRole> = { 'read-only': 'user', office: 'user', admin: 'admin' };

/** The user role a token of this role acts as (its request's `user.role`). */
export function tokenActsAs(role: ApiTokenRole): UserRole {
  return TOKEN_ACTS_AS[role];
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * May a token of this role call a route with this method and `allow(...)` config? The same rule
 * as the role it acts as; a read-only token only reads.
 */
export function tokenMayCall(role: ApiTokenRole, method: string, routeRoles: readonly UserRole[] | undefined): boolean {
  if (role === 'read-only' && !READ_METHODS.has(method.toUpperCase())) return false;
  return routeAllows(routeRoles, tokenActsAs(role));
}
