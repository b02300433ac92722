/** Where the customer screens link to. */

/** Add a location to a company (the duplicate-name warning and the company detail link here). */
export const addLocationPath = (companyId: string) => `/companies/${companyId}/location/new`;

/** The unit detail's Create Job: a new job for the unit. */
export const createJobForUnitPath = (unitId: string) => `/jobs/create?unitId=${unitId}`;

/** The unit's QR label (a PDF download; decision 046). */
export const unitLabelPdfPath = (unitId: string) => `/api/units/${unitId}/label`;

/** A company's QR label sheets, or one location's (a PDF download; decision 046). */
export const companyLabelsPdfPath = (companyId: string, locationId?: string) =>
  `/api/companies/${companyId}/labels${locationId ? `?locationId=${locationId}` : ''}`;
