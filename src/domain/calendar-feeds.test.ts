import { describe, expect, it } from 'vitest';
import { feedEventDescription, feedEventLocation, feedWindow, jobEvent, type FeedJob } from './calendar-feeds';

const job: FeedJob = {
  id: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 1042,
  name: 'Spring maintenance',
  status: 'scheduled',
  description: 'Replace filters.\nCheck belts.',
  scheduleStart: new Date('2026-12-01T14:00:00Z'),
  durationMinutes: 90,
  office: 'Main Office',
  companyName: 'Acme Foods',
  locationName: 'Warehouse',
  buildingName: 'Building B',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  latitude: null,
  longitude: null,
  unitNumber: 'RTU-7',
  contactName: 'Dana Reyes',
  contactPhone: '5551234567',
  technicians: ['Pat Lee', 'Sam Ortiz'],
  modifiedAt: new Date('2026-11-20T00:00:00Z'),
};

describe('calendar feed events', () => {
  it('covers 30 days back to 90 days ahead', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(feedWindow(now)).toEqual({
      from: new Date('2026-10-30T12:00:00Z'),
      to: new Date('2027-02-27T12:00:00Z'),
    });
  });

  it('turns a job into an event: start, end by its duration, the address, a stable UID, the link back', () => {
    const event = jobEvent(job, { publicUrl: 'https://hvac.example.com/', withTechnicians: false });
    expect(event.uid).toBe(`job-${job.id}@hvac-field-service`);
    expect(event.start.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-12-01T15:30:00.000Z');
    expect(event.summary).toBe('Job 1042: Spring maintenance');
    expect(event.location).toBe('12 Main St, Springfield, IL 62701');
    expect(event.url).toBe(`https://hvac.example.com/jobs/${job.id}`);
    expect(event.geo).toBeNull();
    expect(event.description).toBe(
      [
        'Customer: Acme Foods',
        'Location: Warehouse (Building B)',
        'Unit: RTU-7',
        'Contact: Dana Reyes',
        'Phone: 5551234567',
        '',
        'Replace filters.\nCheck belts.',
        '',
        `Open the job: https://hvac.example.com/jobs/${job.id}`,
      ].join('\n'),
    );
  });

  it('names the technicians in the office feed, and Unassigned when there are none', () => {
    expect(feedEventDescription(job, 'u', true)).toContain('Technicians: Pat Lee, Sam Ortiz');
    expect(feedEventDescription({ ...job, technicians: [] }, 'u', true)).toContain('Technicians: Unassigned');
  });

  it('gives a later change a larger SEQUENCE', () => {
    const before = jobEvent(job, { publicUrl: 'x', withTechnicians: false }).sequence;
    const after = jobEvent(
      { ...job, modifiedAt: new Date('2026-11-20T00:00:01Z') },
      { publicUrl: 'x', withTechnicians: false },
    ).sequence;
    expect(after).toBe(before + 1);
    expect(before).toBeLessThan(2 ** 31);
  });

  it('leaves out the empty parts of an address', () => {
    expect(feedEventLocation({ address: '1 A St', city: '', state: 'IL', zip: '' })).toBe('1 A St, IL');
  });
});
