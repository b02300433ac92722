/** The home module's entry (docs/decisions/028). */
export { createHomeRepo } from './home.repo.js';
export { homeRoutes } from './home.routes.js';
export { createHomeService } from './home.service.js';
