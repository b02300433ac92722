/** The customer-dashboard module's entry (docs/decisions/028). */
export { createCustomerDashboardRepo } from './customer-dashboard.repo.js';
export { customerDashboardRoutes } from './customer-dashboard.routes.js';
