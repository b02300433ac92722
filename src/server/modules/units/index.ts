/** The units module's entry (docs/decisions/028). */
export { createUnitsRepo } from './units.repo.js';
export { unitsRoutes } from './units.routes.js';
export { createUnitsService } from './units.service.js';
