/**
 * The inspections module's entry (docs/decisions/028). It owns job_inspections and their photos,
 * changes, repairs and repair lines: other modules write them through this repo.
 */
export { createInspectionsRepo, type InspectionsRepo } from './inspections.repo.js';
export { inspectionsRoutes } from './inspections.routes.js';
export { createInspectionsService, type InspectionsService } from './inspections.service.js';
