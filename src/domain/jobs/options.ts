import { z } from 'zod';

// Options for the form and the filters

export const jobOptions = z.object({
  jobTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  serviceLines: z.array(z.object({ code: z.string(), name: z.string() })),
  offices: z.array(z.string()),
  technicians: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  ),
  serviceContracts: z.array(z.string()),
  defaultJobType: z.string(),
  defaultOffice: z.string(),
  /** today in the company's time zone (the default start and due dates) */
  today: z.string(),
  timeZone: z.string(),
});
export type JobOptions = z.infer<typeof jobOptions>;
