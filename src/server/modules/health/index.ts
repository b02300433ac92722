/** The health module's entry (docs/decisions/028). */
export { healthRoutes } from './health.routes.js';
export { createHealthService } from './health.service.js';
