import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import {
  CUSTOMER_MESSAGES,
  containsFilter,
  coordinates,
  customerPaging,
  optionalUuidFilter,
  requiredText,
  stateCode,
  zipCode,
} from './customers.js';

/**
 * The Add / Edit Location form: the company must be picked through the search
 * ("Please select a company first"); name, building name, address, city, state (max 2) and zip
 * (max 10) are required.
 */
export const locationInput = z.object({
  companyId: z
    .string({ error: CUSTOMER_MESSAGES.selectCompany })
    .trim()
    .refine((v) => isUuidV4(v), CUSTOMER_MESSAGES.selectCompany),
  name: requiredText('Location name', 200),
  buildingName: requiredText('Building name', 200),
  address: requiredText('Address', 200),
  city: requiredText('City', 100),
  state: stateCode(),
  zip: zipCode(),
});
export type LocationInput = z.output<typeof locationInput>;
export type LocationFormValues = z.input<typeof locationInput>;

export const location = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  name: z.string(),
  buildingName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  ...coordinates,
  unitCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof location>;

/**
 * /locations: `q` searches name, building name, address, city and company name (every word must
 * match one of them); the other filters are case-insensitive "contains" on their own field.
 */
export const locationListQuery = z.object({
  q: containsFilter,
  name: containsFilter,
  buildingName: containsFilter,
  city: containsFilter,
  state: containsFilter,
  zip: containsFilter,
  companyId: optionalUuidFilter(CUSTOMER_MESSAGES.invalidCompanyId),
  ...customerPaging,
});
export type LocationListQuery = z.output<typeof locationListQuery>;
export const locationExportQuery = locationListQuery.omit({ page: true, pageSize: true });
export type LocationExportQuery = z.output<typeof locationExportQuery>;

/** The filters of /locations that the Reset filters link clears. */
export const LOCATION_FILTER_KEYS = ['q', 'name', 'buildingName', 'city', 'state', 'zip', 'companyId'] as const;
