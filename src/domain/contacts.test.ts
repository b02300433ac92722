import { describe, expect, it } from 'vitest';
import {
  contactDeleteRefusal,
  contactInput,
  contactListQuery,
  contactRolesText,
  sendSuggestions,
  type ContactRole,
} from './contacts';

const COMPANY = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const LOCATION = '4f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('contactInput', () => {
  it('trims, stores empty values as null, keeps each role once in the form order', () => {
    const parsed = contactInput.parse({
      companyId: COMPANY,
      locationId: '',
      name: '  Dana Reyes ',
      email: '',
      roles: ['billing', 'site_contact', 'billing'],
    });
    expect(parsed).toMatchObject({
      name: 'Dana Reyes',
      locationId: null,
      email: null,
      title: null,
      roles: ['site_contact', 'billing'],
      isPrimary: false,
    });
  });

  it.each([
    [{ companyId: 'nope', name: 'A' }, 'companyId', 'Please select a company'],
    [{ companyId: COMPANY, name: ' ' }, 'name', 'Name is required'],
    [{ companyId: COMPANY, name: 'A', email: 'x@' }, 'email', 'Email must be a valid email address'],
    [
      { companyId: COMPANY, name: 'A', roles: ['janitor'] },
      'roles',
      'Role must be Site Contact, Billing, Management, Owner or Tenant',
    ],
    [
      { companyId: COMPANY, name: 'A', isPrimary: true },
      'isPrimary',
      'A primary contact needs a location: choose the location it is the primary contact of',
    ],
    [{ companyId: COMPANY, locationId: 'x', name: 'A' }, 'locationId', 'Invalid location ID format'],
  ])('refuses %j on %s', (body, field, message) => {
    const result = contactInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('a primary contact has a location', () => {
    expect(
      contactInput.safeParse({ companyId: COMPANY, locationId: LOCATION, name: 'A', isPrimary: true }).success,
    ).toBe(true);
  });
});

describe('contactListQuery', () => {
  it('takes a known role, drops an empty one, refuses another', () => {
    expect(contactListQuery.parse({ role: 'billing' }).role).toBe('billing');
    expect(contactListQuery.parse({ role: '' }).role).toBeUndefined();
    expect(contactListQuery.safeParse({ role: 'janitor' }).success).toBe(false);
  });
});

describe('contactDeleteRefusal', () => {
  it('is null when no job names the contact', () => {
    expect(contactDeleteRefusal([])).toBeNull();
  });

  it('names the jobs in number order, and their quotes when there are some', () => {
    expect(
      contactDeleteRefusal([
        { number: 1010, quotes: 0 },
        { number: 1004, quotes: 0 },
      ]),
    ).toBe('This contact is the primary contact of 2 jobs (Job #1004, Job #1010) and cannot be deleted');
    expect(contactDeleteRefusal([{ number: 1004, quotes: 2 }])).toBe(
      'This contact is the primary contact of 1 job (Job #1004) and is on their 2 quotes and cannot be deleted',
    );
  });

  it('names five jobs and counts the rest', () => {
    const holders = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ number: 1000 + n, quotes: 0 }));
    expect(contactDeleteRefusal(holders)).toBe(
      'This contact is the primary contact of 7 jobs (Job #1001, Job #1002, Job #1003, Job #1004, Job #1005, 2 more) and cannot be deleted',
    );
  });
});

describe('sendSuggestions', () => {
  const c = (name: string, roles: ContactRole[], email: string | null = `${name}@x.example`, isPrimary = false) => ({
    name,
    roles,
    email,
    isPrimary,
  });
  const contacts = [
    c('zed', ['billing']),
    c('amy', ['site_contact'], 'amy@x.example', true),
    c('bob', ['owner', 'billing']),
    c('cal', ['tenant']),
    c('dee', ['billing'], null),
    c('eve', ['management']),
  ];

  it('invoices: billing contacts with an e-mail, by name', () => {
    expect(sendSuggestions(contacts, 'invoice').map((x) => x.name)).toEqual(['bob', 'zed']);
  });

  it('quotes: site contact, management and owner, the primary first', () => {
    expect(sendSuggestions(contacts, 'quote').map((x) => x.name)).toEqual(['amy', 'bob', 'eve']);
  });

  it('names the roles', () => {
    expect(contactRolesText(['site_contact', 'billing'])).toBe('Site Contact, Billing');
  });
});
