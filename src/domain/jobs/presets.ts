import { z } from 'zod';
import { JOB_LIMITS } from './constants.js';
import { requiredText } from './fields.js';
import { JOB_MESSAGES } from './messages.js';

// Presets: the form (as typed) plus its technicians, saved per user

const presetValue = z.union([z.string().max(JOB_LIMITS.textLength), z.number(), z.boolean(), z.null()]);
/** A copy of the Create Job form's values (any subset) and the chosen technicians. */
export const presetData = z
  .record(z.string().max(50), z.union([presetValue, z.array(z.string().max(100)).max(JOB_LIMITS.maxTechnicians)]), {
    error: 'Preset data must be the form values',
  })
  .refine((v) => Object.keys(v).length <= 60, 'Preset data has too many fields');
export type PresetData = z.infer<typeof presetData>;

export const presetInput = z.object({
  name: requiredText(JOB_MESSAGES.presetNameRequired, JOB_LIMITS.presetNameLength, 'Preset name'),
  data: presetData,
});
export type PresetInput = z.output<typeof presetInput>;

export const jobPreset = z.object({ id: z.string(), name: z.string(), data: presetData, createdAt: z.string() });
export type JobPreset = z.infer<typeof jobPreset>;
export const jobPresetList = z.object({ items: z.array(jobPreset) });
