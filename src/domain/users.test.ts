import { describe, expect, it } from 'vitest';
import { createUserInput, fullName, setPasswordInput, updateUserInput } from './users';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
const base = { username: 'rita', email: 'rita@example.com', password: 'long-enough-1' };

describe('Add User', () => {
  it('requires username, e-mail, role and an initial password of at least 8 characters', () => {
    expect(issuesOf(createUserInput.safeParse({ role: 'user' }))).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Initial password is required',
    });
    expect(issuesOf(createUserInput.safeParse({ ...base }))).toEqual({
      role: 'Role must be one of user, technician, manager, admin',
    });
    expect(issuesOf(createUserInput.safeParse({ ...base, role: 'owner' }))).toEqual({
      role: 'Role must be one of user, technician, manager, admin',
    });
    expect(issuesOf(createUserInput.safeParse({ ...base, role: 'user', password: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(issuesOf(createUserInput.safeParse({ ...base, role: 'user', username: 'has space' }))).toEqual({
      username: 'Username may use letters, digits and . _ - + @ only (no spaces)',
    });
  });

  it.each(['user', 'manager', 'admin'] as const)(
    'accepts role %s without technician fields, and drops any sent',
    (role) => {
      const parsed = createUserInput.parse({ ...base, role, technician: { hireDate: '' } });
      expect(parsed.role).toBe(role);
      expect('technician' in parsed).toBe(false);
      expect(parsed.status).toBe('active');
    },
  );

  it('for a technician requires Hire Date, falls back to "HVAC Technician" and checks the hourly rate', () => {
    expect(issuesOf(createUserInput.safeParse({ ...base, role: 'technician', technician: {} }))).toEqual({
      'technician.hireDate': 'Hire Date is required',
    });
    expect(
      issuesOf(
        createUserInput.safeParse({
          ...base,
          role: 'technician',
          technician: { hireDate: '2024-01-01', hourlyRate: -5 },
        }),
      ),
    ).toEqual({
      'technician.hourlyRate': 'Hourly rate must be at least 0',
    });
    const parsed = createUserInput.parse({
      ...base,
      role: 'technician',
      technician: { hireDate: '2024-01-01', jobTitle: '', hourlyRate: 32.25 },
    });
    expect(parsed.role === 'technician' && parsed.technician).toMatchObject({
      hireDate: '2024-01-01',
      jobTitle: 'HVAC Technician',
      hourlyRate: 32.25,
    });
  });

  it('stores empty optional values as null', () => {
    const parsed = createUserInput.parse({ ...base, role: 'user', firstName: ' ', lastName: '', phone: '' });
    expect(parsed).toMatchObject({ firstName: null, lastName: null, phone: null });
  });
});

describe('the browser sends the parsed form; the server parses it again', () => {
  it('parsing the output again gives the same output', () => {
    const once = createUserInput.parse({
      ...base,
      role: 'technician',
      firstName: '',
      technician: { hireDate: '2024-01-01', jobTitle: '', state: 'ga', vehicleYear: 2020 },
    });
    const json = JSON.parse(JSON.stringify(once));
    expect(createUserInput.parse(json)).toEqual(json);
  });
});

describe('edit user and set password', () => {
  it('checks role and status', () => {
    expect(issuesOf(updateUserInput.safeParse({ email: 'a@b.co', role: 'boss', status: 'gone' }))).toEqual({
      role: 'Role must be one of user, technician, manager, admin',
      status: 'Status must be active or inactive',
    });
    expect(issuesOf(setPasswordInput.safeParse({ password: '1234567' }))).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('helpers', () => {
  it('joins the name', () => {
    expect(fullName({ firstName: 'Rita', lastName: null })).toBe('Rita');
    expect(fullName({ firstName: 'Rita', lastName: 'Alvarez' })).toBe('Rita Alvarez');
  });
});
