/** The header search's module entry (docs/decisions/028). */
export { createSearchRepo } from './search.repo.js';
export { searchRoutes } from './search.routes.js';
