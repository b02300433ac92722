import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  allow,
  assignableRoles,
  can,
  isAssignedTo,
  isTechnician,
  mayManageRole,
  mayRecordFieldWork,
  mayWorkOnJob,
  rolesFor,
  routeAllows,
  switchableRoles,
  USER_ROLES,
  scorecardScope,
  tokenActsAs,
  tokenMayCall,
  type Action,
} from './policy';

/** Each action with the roles the specification gives it (the route manifest, tests/api/route-access.ts, agrees). */
const EXPECTED: Record<Action, string> = {
  'settings.manage': 'admin manager',
  'taxGroups.manage': 'admin manager',
  'users.manage': 'admin manager',
  'technicians.manage': 'admin manager',
  'outbox.manage': 'admin manager',
  'webhooks.manage': 'admin',
  'customers.edit': 'admin manager user',
  'unitLabels.print': 'admin manager user',
  'companyTags.manage': 'admin manager user',
  'customers.delete': 'admin manager',
  'priceBook.edit': 'admin manager',
  'jobs.edit': 'admin manager user',
  'dispatch.view': 'admin manager user',
  'invoices.issue': 'admin manager user',
  'invoices.lists': 'admin manager user',
  'invoices.void': 'admin manager',
  'invoices.voidPayment': 'admin manager',
  'quotes.send': 'admin manager user',
  'quoteTemplates.manage': 'admin manager user',
  'opportunities.manage': 'admin manager user',
  'recommendations.resolve': 'admin manager user',
  'scorecard.everyone': 'admin manager user',
  'calendarFeeds.manage': 'admin manager',
  'calendarFeeds.own': 'technician',
  'data.exportAll': 'admin',
  'apiTokens.manage': 'admin',
  'accounting.export': 'admin manager',
  'agreements.view': 'admin manager user',
  'agreements.edit': 'admin manager user',
  'agreements.cancel': 'admin manager',
  'agreements.generate': 'admin manager',
  'agreements.report': 'admin manager',
  'fieldConflicts.resolve': 'admin manager user',
};

describe('policy', () => {
  it.each(ACTIONS)('%s: the roles allowed, in the route config and in can()', (action) => {
    expect(rolesFor(action).join(' ')).toBe(EXPECTED[action]);
    expect(allow(action)).toEqual({ roles: rolesFor(action) });
    for (const role of USER_ROLES) expect(can(role, action)).toBe(EXPECTED[action].split(' ').includes(role));
  });

  it('no role (signed out, loading) may do nothing', () => {
    for (const action of ACTIONS) {
      expect(can(undefined, action)).toBe(false);
      expect(can(null, action)).toBe(false);
    }
  });

  it("a route's roles let in only those roles; none listed lets every role in", () => {
    expect(routeAllows(rolesFor('invoices.void'), 'manager')).toBe(true);
    expect(routeAllows(rolesFor('invoices.void'), 'user')).toBe(false);
    for (const role of USER_ROLES) expect(routeAllows(undefined, role)).toBe(true);
  });

  it('only technicians have a technician record', () => {
    expect(isTechnician({ role: 'technician' })).toBe(true);
    expect(isTechnician({ role: 'manager' })).toBe(false);
  });

  it('an admin manages every role; a manager every role but admin; others none', () => {
    expect(mayManageRole('admin', 'admin')).toBe(true);
    expect(mayManageRole('manager', 'technician')).toBe(true);
    expect(mayManageRole('manager', 'admin')).toBe(false);
    expect(mayManageRole('user', 'user')).toBe(false);
    expect(mayManageRole('technician', 'user')).toBe(false);
    expect(assignableRoles('manager')).toEqual(['user', 'technician', 'manager']);
    expect(assignableRoles('user')).toEqual([]);
  });

  it('a role switch never goes into or out of technician, and never for oneself', () => {
    expect(switchableRoles('admin', { role: 'user' }, false)).toEqual(['user', 'manager', 'admin']);
    expect(switchableRoles('manager', { role: 'user' }, false)).toEqual(['user', 'manager']);
    expect(switchableRoles('admin', { role: 'technician' }, false)).toEqual(['technician']);
    expect(switchableRoles('admin', { role: 'admin' }, true)).toEqual(['admin']);
  });

  it('office staff work on any job; a technician only on one assigned to them', () => {
    for (const role of ['admin', 'manager', 'user'] as const) {
      expect(mayWorkOnJob(role, false)).toBe(true);
      expect(mayWorkOnJob(role, true)).toBe(true);
    }
    expect(mayWorkOnJob('technician', true)).toBe(true);
    expect(mayWorkOnJob('technician', false)).toBe(false);
    expect(mayWorkOnJob(undefined, true)).toBe(false);
  });

  it('only a technician assigned to the job records field work (decision 045)', () => {
    expect(mayRecordFieldWork('technician', true)).toBe(true);
    expect(mayRecordFieldWork('technician', false)).toBe(false);
    for (const role of ['admin', 'manager', 'user'] as const) expect(mayRecordFieldWork(role, true)).toBe(false);
    expect(mayRecordFieldWork(undefined, true)).toBe(false);
  });

  it('is assigned when the user is among the job technicians', () => {
    expect(isAssignedTo([{ id: 'a' }, { id: 'b' }], 'b')).toBe(true);
    expect(isAssignedTo([{ id: 'a' }], 'b')).toBe(false);
    expect(isAssignedTo([], 'b')).toBe(false);
    expect(isAssignedTo([{ id: 'a' }], undefined)).toBe(false);
  });
});

describe('scorecardScope', () => {
  it('shows the office every technician, a technician only their own row', () => {
    expect(scorecardScope({ role: 'admin', id: 'a' })).toEqual({ technicianId: null });
    expect(scorecardScope({ role: 'user', id: 'u' })).toEqual({ technicianId: null });
    expect(scorecardScope({ role: 'technician', id: 't' })).toEqual({ technicianId: 't' });
  });
});

describe('API token roles (decision 047)', () => {
  it('acts as the user role it maps onto', () => {
    expect(tokenActsAs('admin')).toBe('admin');
    expect(tokenActsAs('office')).toBe('user');
    expect(tokenActsAs('read-only')).toBe('user');
  });

  it.each([
    // role, method, route config, may call
    ['read-only', 'GET', undefined, true],
    ['read-only', 'HEAD', undefined, true],
    ['read-only', 'GET', allow('invoices.lists').roles, true],
    ['read-only', 'GET', allow('settings.manage').roles, false],
    ['read-only', 'POST', allow('customers.edit').roles, false],
    ['read-only', 'POST', undefined, false],
    ['read-only', 'DELETE', undefined, false],
    ['office', 'POST', allow('customers.edit').roles, true],
    ['office', 'DELETE', allow('customers.delete').roles, false],
    ['office', 'PUT', allow('settings.manage').roles, false],
    ['office', 'GET', allow('apiTokens.manage').roles, false],
    ['admin', 'DELETE', allow('customers.delete').roles, true],
    ['admin', 'PUT', allow('settings.manage').roles, true],
    ['admin', 'GET', allow('apiTokens.manage').roles, true],
  ] as const)('a %s token calling %s on a route for %s: %s', (role, method, roles, expected) => {
    expect(tokenMayCall(role, method, roles)).toBe(expected);
  });
});
