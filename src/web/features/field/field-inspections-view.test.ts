import { describe, expect, it } from 'vitest';
import type { Inspection } from '../../../domain/inspections';
import type { QueuedChange } from '../../lib/field-queue';
import { inspectionsOnPhone, repairFormOfPayload, totalOf } from './field-inspections-view';

const JOB = 'job-1';
const saved: Inspection = {
  id: 'i-saved',
  jobId: JOB,
  modelNumber: 'XR-14',
  serialNumber: null,
  age: 9,
  tonnage: '5',
  unitType: 'Gas',
  systemType: 'RTU',
  completed: true,
  createdAt: '2026-11-27T14:00:00.000Z',
  updatedAt: '2026-11-27T14:00:00.000Z',
  repair: null,
  photos: [],
};

let seq = 0;
const change = (method: QueuedChange['method'], url: string, body: unknown, jobId = JOB): QueuedChange => ({
  seq: ++seq,
  key: `k-${seq}`,
  method,
  url,
  body,
  label: 'x',
  jobId,
  createdAt: '2026-11-27T14:00:00.000Z',
  refused: null,
});

describe('inspectionsOnPhone', () => {
  it('lays the waiting changes over what the server sent, in queue order', () => {
    const views = inspectionsOnPhone(
      [saved],
      [
        change('POST', `/api/field/jobs/${JOB}/inspections`, { id: 'i-new', modelNumber: 'RTU-48', age: 12 }),
        // Standard Option $1,200 and $300 labor: (1,200 + 300) / 0.6 = $2,500.
        change('PUT', `/api/field/jobs/${JOB}/inspections/i-new/repair`, {
          phase2: { description: 'Compressor', cost: 1200 },
          labor: 300,
          selectedPhase: 'phase2',
        }),
        change('PUT', `/api/field/jobs/${JOB}/inspections/i-saved`, { modelNumber: 'XR-15', unitType: '' }),
        // Another job's change is not this job's.
        change('POST', '/api/field/jobs/job-2/inspections', { id: 'i-other' }, 'job-2'),
        // Not an inspection change at all.
        change('POST', `/api/field/jobs/${JOB}/notes`, { body: 'x' }),
      ],
      JOB,
    );
    expect(views.map((v) => v.id)).toEqual(['i-new', 'i-saved']);
    expect(views[0]).toMatchObject({ waiting: true, totalCents: 250000, fields: { modelNumber: 'RTU-48', age: 12 } });
    expect(views[0]!.repair?.phase2).toEqual({ description: 'Compressor', cost: '1200' });
    expect(views[0]!.repair?.phase1.description).toBe('Economy Option');
    expect(views[1]).toMatchObject({
      waiting: true,
      completed: true,
      fields: { modelNumber: 'XR-15', unitType: null },
    });
  });

  it('shows the saved ones as sent, and ignores a create the server already has', () => {
    const views = inspectionsOnPhone(
      [saved],
      [change('POST', `/api/field/jobs/${JOB}/inspections`, { id: 'i-saved', modelNumber: 'dup' })],
      JOB,
    );
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ waiting: false, fields: { modelNumber: 'XR-14' }, repair: null, totalCents: 0 });
  });
});

describe('repairFormOfPayload and totalOf', () => {
  it('turns dollars back into the form texts; the total follows the selected option', () => {
    const form = repairFormOfPayload({
      phase1: { description: 'Clean', cost: 80.5 },
      phase3: { description: 'Replace', cost: 6000 },
      selectedPhase: 'phase3',
    });
    expect(form.phase1).toEqual({ description: 'Clean', cost: '80.50' });
    expect(form.labor).toBe('');
    // $6,000 / 0.6 = $10,000.
    expect(totalOf(form)).toBe(1_000_000);
    expect(totalOf({ ...form, selectedPhase: 'phase2' })).toBe(0);
    expect(totalOf(null)).toBe(0);
  });
});
