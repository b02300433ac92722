/** The customer screens' own words: failure banners, confirmations, titles. */

export const COMPANY_MESSAGES = {
  fetchList: 'Failed to fetch companies. Please try again.',
  save: 'Failed to save company. Please try again.',
  fetchDetail: 'Failed to fetch company details',
  delete: 'Failed to delete company',
} as const;

export const LOCATION_MESSAGES = {
  save: 'Failed to save location. Please try again.',
  fetchDetail: 'Failed to fetch location details',
  delete: 'Failed to delete location. Please try again.',
  fetchList: 'Failed to fetch locations. Please try again.',
} as const;

export const UNIT_MESSAGES = {
  fetchDetail: 'Failed to fetch unit details',
  add: 'Failed to add unit. Please try again.',
  update: 'Failed to update unit. Please try again.',
  delete: 'Failed to delete unit. Please try again.',
  fetchList: 'Failed to fetch units. Please try again.',
  notSpecified: 'Not specified',
} as const;

/** The title of the warning shown when the typed name is already a company's. */
export const DUPLICATE_COMPANY_TITLE = 'Company Already Exists';

/** Deleting a company deletes its locations and their units: the confirmation says how many. */
export function deleteCompanyConfirmation(name: string, locationCount: number): string {
  return `Are you sure you want to delete ${name}? This will also delete all ${locationCount} location(s) and their units. This action cannot be undone.`;
}

/** Deleting a location deletes its units: the confirmation says how many. */
export function deleteLocationConfirmation(name: string, unitCount: number): string {
  return `Are you sure you want to delete ${name}? This will also delete its ${unitCount} unit(s). This action cannot be undone.`;
}

export function deleteUnitConfirmation(unitNumber: string): string {
  return `Are you sure you want to delete unit ${unitNumber}? This action cannot be undone.`;
}
