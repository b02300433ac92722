/** The client-config module's entry (docs/decisions/028). */
export { clientConfigRoutes } from './client-config.routes.js';
