import { z } from 'zod';
import { JOB_CONTACT_TYPES, SERVICE_CONTRACT_VALUES } from './constants.js';
import { jobItem, jobTechnicianDetail } from './items.js';
import { jobIdentity } from './list.js';
import { QUOTE_TYPES } from '../quote-templates.js';

// The detail

export const jobDetail = z.object({
  ...jobIdentity,
  typeName: z.string().nullable(),
  serviceLine: z.string(),
  serviceLineName: z.string().nullable(),
  description: z.string(),
  problemDescription: z.string().nullable(),
  customerPo: z.string().nullable(),
  isTraining: z.boolean(),
  serviceContract: z.enum(SERVICE_CONTRACT_VALUES).nullable(),
  office: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactType: z.enum(JOB_CONTACT_TYPES),
  contactId: z.string().nullable(),
  timePeriodStart: z.string(),
  timePeriodDue: z.string(),
  scheduleStart: z.string().nullable(),
  scheduleDuration: z.number().int(),
  tags: z.array(z.string()),
  subcontracted: z.boolean(),
  notes: z.string().nullable(),
  quoteSent: z.boolean(),
  quoteSentAt: z.string().nullable(),
  quoteConfirmed: z.boolean(),
  quoteConfirmedAt: z.string().nullable(),
  /** null: no decision; true: a quote was approved; false: quotes were only declined */
  repairApproved: z.boolean().nullable(),
  /** the quote types the customer approved and declined, each once (issue 26: both can hold) */
  approvedQuoteTypes: z.array(z.enum(QUOTE_TYPES)),
  declinedQuoteTypes: z.array(z.enum(QUOTE_TYPES)),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  company: z.object({ id: z.string(), name: z.string() }),
  location: z.object({
    id: z.string(),
    name: z.string(),
    buildingName: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  unit: z
    .object({
      id: z.string(),
      unitNumber: z.string(),
      status: z.string(),
      primaryContactType: z.string().nullable(),
      primaryContactEmail: z.string().nullable(),
      primaryContactPhone: z.string().nullable(),
      billingEntity: z.string().nullable(),
      billingEmail: z.string().nullable(),
      billingCity: z.string().nullable(),
      billingState: z.string().nullable(),
      billingZip: z.string().nullable(),
      office: z.string().nullable(),
      taxable: z.boolean(),
      taxGroupName: z.string().nullable(),
      taxGroupCode: z.string().nullable(),
    })
    .nullable(),
  technicians: z.array(jobTechnicianDetail),
  items: z.array(jobItem),
  costTotalCents: z.number().int(),
  /** What the signed-in user may do here (the screens hide what the server would refuse). */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    assign: z.boolean(),
    complete: z.boolean(),
    cancel: z.boolean(),
    editItems: z.boolean(),
  }),
});
export type JobDetail = z.infer<typeof jobDetail>;
