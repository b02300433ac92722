/** The auth module's entry: what app.ts, the auth plugin and other modules may use (docs/decisions/028). */
export { createAuthRepo, type AuthRepo, type LiveSession } from './auth.repo.js';
export { authRoutes } from './auth.routes.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { hashPassword } from './passwords.js';
export { createSessionCache, SESSION_CHANGE_CHANNEL, type SessionCache } from './session-cache.js';
