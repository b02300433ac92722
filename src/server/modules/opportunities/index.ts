/** The opportunities module's entry (docs/decisions/028, 039). */
export { createOpportunitiesRepo, opportunityStatements } from './opportunities.repo.js';
export { opportunitiesRoutes, opportunityDetail } from './opportunities.routes.js';
export { createOpportunitiesService } from './opportunities.service.js';
