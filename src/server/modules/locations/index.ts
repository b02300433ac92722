/** The locations module's entry (docs/decisions/028). */
export { createLocationsRepo, type LocationsRepo } from './locations.repo.js';
export { locationsRoutes } from './locations.routes.js';
export { createLocationsService, type LocationsService } from './locations.service.js';
