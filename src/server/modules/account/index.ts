/** The account module's entry: what app.ts and other modules may use (docs/decisions/028). */
export { accountRoutes } from './account.routes.js';
export { createAccountService, type AccountService } from './account.service.js';
