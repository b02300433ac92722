/** The technicians module's entry (docs/decisions/028). */
export { createTechniciansRepo, type TechniciansRepo } from './technicians.repo.js';
export { techniciansRoutes } from './technicians.routes.js';
export { createTechniciansService } from './technicians.service.js';
