import { describe, expect, it } from 'vitest';
import type { JobPreset } from '../../../domain/jobs';
import { blankJobForm, formFromPreset, presetDataOf, tagsError } from './job-form-values';

const preset = (data: JobPreset['data']): JobPreset => ({
  id: 'p1',
  name: 'Quarterly PM',
  data,
  createdAt: '2026-11-01T00:00:00.000Z',
});

describe('Create Job presets', () => {
  it('keeps the form as typed without its dates, with the company name for the picker', () => {
    const values = {
      ...blankJobForm('2026-11-27'),
      companyId: 'c1',
      name: 'Roof units',
      scheduleDate: '2026-12-01',
      technicianIds: ['t1', 't2'],
      tags: ['rooftop'],
    };
    const data = presetDataOf(values, 'Juniper Towers');
    expect(data).not.toHaveProperty('timePeriodStart');
    expect(data).not.toHaveProperty('timePeriodDue');
    expect(data).not.toHaveProperty('scheduleDate');
    expect(data).toMatchObject({
      companyId: 'c1',
      name: 'Roof units',
      technicianIds: ['t1', 't2'],
      tags: ['rooftop'],
      companyName: 'Juniper Towers',
    });
    expect(presetDataOf(values, null)).not.toHaveProperty('companyName');
  });

  it('fills a blank form from a preset, keeping the dates on screen', () => {
    const current = {
      ...blankJobForm('2026-11-27'),
      timePeriodDue: '2026-11-30',
      scheduleDate: '2026-11-28',
      name: 'typed before',
    };
    const { values, company } = formFromPreset(
      preset({ companyId: 'c1', companyName: 'Juniper Towers', name: 'Roof units', timePeriodDue: '2026-01-01' }),
      current,
      blankJobForm('2026-11-27'),
    );
    expect(values.name).toBe('Roof units');
    expect(values.timePeriodDue).toBe('2026-11-30');
    expect(values.scheduleDate).toBe('2026-11-28');
    expect(values).not.toHaveProperty('companyName');
    expect(company).toEqual({ id: 'c1', label: 'Juniper Towers' });
    expect(formFromPreset(preset({ companyId: 'c1' }), current, current).company).toEqual({
      id: 'c1',
      label: 'Company',
    });
    expect(formFromPreset(preset({ name: 'No company' }), current, current).company).toBeNull();
  });

  it('reads the message of the tags list or of its first bad tag', () => {
    expect(tagsError(undefined)).toBeUndefined();
    expect(tagsError({ message: 'At most 20 tags' })).toBe('At most 20 tags');
    expect(tagsError({ 2: { message: 'A tag must be at most 50 characters' } })).toBe(
      'A tag must be at most 50 characters',
    );
  });
});
