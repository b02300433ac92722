/**
 * A signed-in screen's first API answers at its plain path, preloaded with its code (decision
 * 042): the URLs the screen asks for with its default filters (another URL only costs a wasted
 * request). `route-preload-data.test.ts` checks each path is a route of the router and each URL
 * is one the web app asks for, exactly as written here. A URL may name the path's parameters
 * (`/api/jobs/:id` on `/jobs/:id`): the server writes those into the page's Link header with the
 * path's own id (decision 062).
 */
export const ROUTE_PRELOAD_DATA: Record<string, string[]> = {
  '*': ['/api/settings/company', '/api/auth/options'],
  '/': ['/api/home/options', '/api/home/stats?period=last-month'],
  '/jobs': ['/api/jobs/options', '/api/jobs?dateField=due&sort=created&dir=desc&page=1&pageSize=25'],
  '/jobs/dispatch': ['/api/config', '/api/dispatch/options'],
  '/field': ['/api/field/bundle'],
  '/dashboard': ['/api/customers/dashboard'],
  '/companies': ['/api/companies?page=1&pageSize=25'],
  '/locations': ['/api/locations?page=1&pageSize=25'],
  '/units': ['/api/units?page=1&pageSize=25'],
  '/invoices': ['/api/invoices?page=1&pageSize=25'],
  '/invoices/pending': ['/api/invoices/pending?page=1&pageSize=25'],
  '/invoices/paid': ['/api/invoices/paid?page=1&pageSize=25'],
  '/item-prices': ['/api/price-book?page=1&pageSize=25', '/api/price-book/options'],
  '/settings': ['/api/users?page=1&pageSize=25', '/api/settings/service-types', '/api/settings/job-types'],
  // Settings > Integrations (issue 31): admin screens, each one or two small reads.
  '/settings/api-tokens': ['/api/api-tokens', '/api/settings/api-access'],
  '/settings/webhooks': ['/api/webhooks'],
  '/settings/accounting': ['/api/settings/accounting', '/api/settings/service-types'],
  '/invoices/accounting-export': ['/api/accounting-exports'],
  // Detail screens: the answers naming the path's id go in the page's Link header (decision 062).
  // Only what the first paint draws: the cards a job page draws after it ask for their own.
  '/jobs/:id': ['/api/jobs/:id', '/api/jobs/options', '/api/config', '/api/agreements/by-job/:id'],
  '/invoices/:id': ['/api/invoices/:id'],
  '/companies/:id': ['/api/companies/:id', '/api/contacts?companyId=:id&pageSize=100', '/api/config'],
};
