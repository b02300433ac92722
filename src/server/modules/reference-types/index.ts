/** The reference types module's entry (docs/decisions/028). */
export { createReferenceTypesRepo } from './reference-types.repo.js';
export { referenceTypesRoutes } from './reference-types.routes.js';
export { createReferenceTypesService } from './reference-types.service.js';
