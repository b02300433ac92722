/** Where the customer screens link to. */

/** Add a location to a company (the duplicate-name warning and the company detail link here). */
export const addLocationPath = (companyId: string) => `/companies/${companyId}/location/new`;

/** The unit detail's Create Job: a new job for the unit. */
export const createJobForUnitPath = (unitId: string) => `/jobs/create?unitId=${unitId}`;
