import { describe, expect, it } from 'vitest';
import {
  availabilityFormRows,
  createTechnicianInput,
  DEFAULT_JOB_TITLE,
  defaultAvailability,
  firstFreeUsername,
  jobTitleOrDefault,
  keepAvailableDays,
  keepNamedRows,
  keepTerritoryRows,
  newTechnicianForm,
  splitZipCodes,
  technicianFormValues,
  technicianInput,
  technicianProfile,
  updateTechnicianInput,
  usernameFromEmail,
  type TechnicianDetail,
} from './technicians';

const base = { firstName: 'Ana', lastName: 'Diaz', email: 'ana@example.com', hireDate: '2024-03-01' };
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('job title', () => {
  it.each([
    [undefined, DEFAULT_JOB_TITLE],
    [null, DEFAULT_JOB_TITLE],
    ['', DEFAULT_JOB_TITLE],
    ['   ', DEFAULT_JOB_TITLE],
    [' Lead Technician ', 'Lead Technician'],
  ])('%j -> %j', (input, expected) => {
    expect(jobTitleOrDefault(input)).toBe(expected);
  });

  it('is applied by the technician profile schema', () => {
    expect(technicianProfile.parse({ hireDate: '2024-01-01', jobTitle: '' }).jobTitle).toBe('HVAC Technician');
  });
});

describe('zip codes', () => {
  it.each([
    ['30303, 30318 ,30324', ['30303', '30318', '30324']],
    [' 30303 ', ['30303']],
    ['', []],
    [' , ,', []],
    ['30303,30303', ['30303']],
    [
      ['30303, 30318', ' 30324'],
      ['30303', '30318', '30324'],
    ],
  ])('%j -> %j', (input, expected) => {
    expect(splitZipCodes(input)).toEqual(expected);
  });
});

describe('row rules', () => {
  it('keeps skill and certification rows only when named', () => {
    expect(keepNamedRows([{ n: 'Boilers' }, { n: '' }, { n: '  ' }, { n: null }], (r) => r.n)).toEqual([
      { n: 'Boilers' },
    ]);
  });

  it('keeps territory rows only with both name and state', () => {
    const rows = [
      { territoryName: 'North', state: 'GA' },
      { territoryName: 'South', state: '' },
      { territoryName: '', state: 'GA' },
      { territoryName: ' ', state: ' ' },
    ];
    expect(keepTerritoryRows(rows)).toEqual([{ territoryName: 'North', state: 'GA' }]);
  });

  it('saves only available days', () => {
    const rows = defaultAvailability();
    expect(keepAvailableDays(rows).map((r) => r.dayOfWeek)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('default availability of a new technician', () => {
  it('lists all 7 days, days 0 to 4 available 09:00 to 17:00', () => {
    expect(defaultAvailability()).toEqual([
      { dayOfWeek: 0, isAvailable: true, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 1, isAvailable: true, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 2, isAvailable: true, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 3, isAvailable: true, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 4, isAvailable: true, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 5, isAvailable: false, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 6, isAvailable: false, startTime: '09:00', endTime: '17:00' },
    ]);
  });

  it('is what the Add Technician form opens with, and what an API call without availability saves', () => {
    expect(newTechnicianForm().availability).toEqual(defaultAvailability());
    expect(technicianInput.parse(base).availability).toEqual(
      [0, 1, 2, 3, 4].map((d) => ({ dayOfWeek: d, isAvailable: true, startTime: '09:00', endTime: '17:00' })),
    );
  });

  it('turns saved days back into 7 form rows', () => {
    const rows = availabilityFormRows([{ dayOfWeek: 2, startTime: '07:30:00', endTime: '15:00:00' }]);
    expect(rows).toHaveLength(7);
    expect(rows[2]).toEqual({ dayOfWeek: 2, isAvailable: true, startTime: '07:30', endTime: '15:00' });
    expect(rows[0]).toEqual({ dayOfWeek: 0, isAvailable: false, startTime: '09:00', endTime: '17:00' });
  });
});

describe('technician payload', () => {
  it('requires First Name, Last Name, Email and Hire Date', () => {
    const result = technicianInput.safeParse({});
    expect(issuesOf(result)).toMatchObject({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      hireDate: 'Hire Date is required',
    });
    expect(issuesOf(technicianInput.safeParse({ ...base, firstName: '  ', email: 'nope' }))).toEqual({
      firstName: 'First Name is required',
      email: 'Enter a valid email address',
    });
  });

  it.each([
    [-1, 'Hourly rate must be at least 0'],
    [12.345, 'Hourly rate must be in steps of 0.01'],
    ['12', 'Hourly rate must be a number'],
  ])('refuses hourly rate %j', (hourlyRate, message) => {
    expect(issuesOf(technicianInput.safeParse({ ...base, hourlyRate }))).toEqual({ hourlyRate: message });
  });

  it.each([0, 0.01, 12.5, 45.1, 99.99, null])('accepts hourly rate %j', (hourlyRate) => {
    expect(technicianInput.safeParse({ ...base, hourlyRate }).success).toBe(true);
  });

  it('filters and normalises the lists', () => {
    const parsed = technicianInput.parse({
      ...base,
      skills: [{ skillName: 'Chillers', proficiencyLevel: 'expert', yearsExperience: 8 }, { skillName: '' }],
      certifications: [
        { certificationName: 'EPA 608', issueDate: '2020-01-01', expiryDate: '' },
        { certificationName: ' ' },
      ],
      availability: [
        { dayOfWeek: 1, isAvailable: true, startTime: '08:00', endTime: '16:00' },
        { dayOfWeek: 2, isAvailable: false },
      ],
      territories: [
        { territoryName: 'Metro', state: 'ga', zipCodes: '30303, 30318' },
        { territoryName: 'No state', state: '', zipCodes: '30000' },
      ],
    });
    expect(parsed.skills).toEqual([{ skillName: 'Chillers', proficiencyLevel: 'expert', yearsExperience: 8 }]);
    expect(parsed.certifications).toEqual([
      {
        certificationName: 'EPA 608',
        issuingOrganization: undefined,
        certificationNumber: undefined,
        issueDate: '2020-01-01',
        expiryDate: null,
        status: 'active',
      },
    ]);
    expect(parsed.availability).toEqual([{ dayOfWeek: 1, isAvailable: true, startTime: '08:00', endTime: '16:00' }]);
    expect(parsed.territories).toEqual([
      { territoryName: 'Metro', state: 'GA', zipCodes: ['30303', '30318'], isPrimary: false },
    ]);
  });

  it('refuses a territory state of 3 characters, a bad proficiency, negative years and bad times', () => {
    const result = technicianInput.safeParse({
      ...base,
      skills: [{ skillName: 'Boilers', proficiencyLevel: 'guru', yearsExperience: -1 }],
      availability: [{ dayOfWeek: 1, isAvailable: true, startTime: '17:00', endTime: '09:00' }],
      territories: [{ territoryName: 'Metro', state: 'GAA' }],
    });
    expect(issuesOf(result)).toEqual({
      'skills.0.proficiencyLevel': 'Proficiency must be one of beginner, intermediate, advanced, expert',
      'skills.0.yearsExperience': 'Years of experience must be at least 0',
      'availability.0.endTime': 'End time must be after the start time',
      'territories.0.state': 'State must be at most 2 characters',
    });
  });

  it('does not check the times of an unavailable day (its inputs are disabled)', () => {
    expect(
      technicianInput.safeParse({ ...base, availability: [{ dayOfWeek: 6, isAvailable: false, startTime: null }] })
        .success,
    ).toBe(true);
  });

  it('refuses a certification that expires before it was issued', () => {
    const result = technicianInput.safeParse({
      ...base,
      certifications: [{ certificationName: 'NATE', issueDate: '2022-01-01', expiryDate: '2021-01-01' }],
    });
    expect(issuesOf(result)).toEqual({
      'certifications.0.expiryDate': 'Expiry date must be on or after the issue date',
    });
  });

  it('takes an optional initial password of at least 8 characters on create, and a status on update', () => {
    expect(createTechnicianInput.parse({ ...base, password: '' }).password).toBeUndefined();
    expect(issuesOf(createTechnicianInput.safeParse({ ...base, password: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(issuesOf(updateTechnicianInput.safeParse({ ...base, status: 'gone' }))).toEqual({
      status: 'Status must be active or inactive',
    });
  });

  it('the form as it opens is valid once the required fields are filled, and saves the default week', () => {
    const parsed = createTechnicianInput.parse({ ...newTechnicianForm(), ...base });
    expect(parsed.jobTitle).toBe('HVAC Technician');
    expect(parsed.skills).toEqual([]);
    expect(parsed.certifications).toEqual([]);
    expect(parsed.territories).toEqual([]);
    expect(parsed.availability.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('the browser sends the parsed form; the server parses it again', () => {
  it('parsing the output again gives the same output', () => {
    const form = {
      ...newTechnicianForm(),
      ...base,
      hourlyRate: 30.1,
      skills: [{ skillName: 'Boilers', proficiencyLevel: 'advanced' as const, yearsExperience: 2 }, { skillName: '' }],
      certifications: [{ certificationName: 'NATE', issueDate: '2020-01-01', expiryDate: '' }],
      territories: [{ territoryName: 'Metro', state: 'ga', zipCodes: '30303, 30318', isPrimary: true }],
      password: 'long-enough-1',
    };
    const once = createTechnicianInput.parse(form);
    const twice = createTechnicianInput.parse(JSON.parse(JSON.stringify(once)));
    expect(twice).toEqual(JSON.parse(JSON.stringify(once)));
    expect(twice.availability.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4]);
    expect(twice.territories[0]!.zipCodes).toEqual(['30303', '30318']);
  });
});

describe('edit form values', () => {
  const saved: TechnicianDetail = {
    id: 'x',
    username: 'ana',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Diaz',
    phone: null,
    status: 'active',
    hasPassword: false,
    employeeId: null,
    hireDate: '2024-03-01',
    jobTitle: 'HVAC Technician',
    hourlyRate: 40,
    emergencyContactName: null,
    emergencyContactPhone: null,
    notes: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    licenseNumber: null,
    licenseExpiry: null,
    vehicleNumber: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleYear: null,
    shirtSize: null,
    bootSize: null,
    preferredName: null,
    taxId: null,
    directDeposit: false,
    bankName: null,
    bankRouting: null,
    bankAccount: null,
    backgroundCheckDate: null,
    drugTestDate: null,
    lastReviewDate: null,
    nextReviewDate: null,
    skills: [],
    certifications: [],
    availability: [{ dayOfWeek: 3, startTime: '10:00:00', endTime: '14:00:00' }],
    territories: [{ territoryName: 'Metro', state: 'GA', zipCodes: ['30303', '30318'], isPrimary: true }],
  };

  it('keeps a first row in each list, joins zip codes and lists 7 days', () => {
    const values = technicianFormValues(saved);
    expect(values.skills).toHaveLength(1);
    expect(values.certifications).toHaveLength(1);
    expect(values.territories).toEqual([
      { territoryName: 'Metro', state: 'GA', zipCodes: '30303, 30318', isPrimary: true },
    ]);
    expect(values.availability).toHaveLength(7);
    // and saving it unchanged gives back what was saved
    const parsed = updateTechnicianInput.parse(values);
    expect(parsed.availability).toEqual([{ dayOfWeek: 3, isAvailable: true, startTime: '10:00', endTime: '14:00' }]);
    expect(parsed.territories[0]!.zipCodes).toEqual(['30303', '30318']);
    expect(parsed.hourlyRate).toBe(40);
  });
});

describe('usernames for technicians', () => {
  it.each([
    ['Ana.Diaz@Example.com', 'ana.diaz'],
    ['  j smith+hvac@example.com', 'jsmithhvac'],
    ['@example.com', 'technician'],
  ])('%j -> %j', (email, expected) => {
    expect(usernameFromEmail(email)).toBe(expected);
  });

  it('adds a number when the name is taken', () => {
    expect(firstFreeUsername('ana', [])).toBe('ana');
    expect(firstFreeUsername('ana', ['ANA', 'ana2'])).toBe('ana3');
  });
});
