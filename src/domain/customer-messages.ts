/**
 * The customer screens' shared messages, without zod (decision 057): the company page shows them
 * on its first load; customers.ts re-exports them beside its schemas.
 */
export const CUSTOMER_MESSAGES = {
  invalidCompanyId: 'Invalid company ID format',
  invalidLocationId: 'Invalid location ID format',
  invalidUnitId: 'Invalid unit ID format',
  companyNotFound: 'Company not found',
  locationNotFound: 'Location not found',
  unitNotFound: 'Unit not found',
  selectCompany: 'Please select a company first',
  selectLocation: 'Please select a location first',
  stateTooLong: 'State must be at most 2 characters',
  zipTooLong: 'Zip must be at most 10 characters',
} as const;
