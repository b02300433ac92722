/** The tech scorecard module's entry (docs/decisions/028, 039): reads only, owns no table. */
export { createTechScorecardRepo, scorecardStatement } from './tech-scorecard.repo.js';
export { techScorecardRoutes } from './tech-scorecard.routes.js';
export { createTechScorecardService } from './tech-scorecard.service.js';
