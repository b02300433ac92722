/** The API tokens module's entry (docs/decisions/028, 047). It owns the api_tokens table. */
export { createApiTokensRepo, type ApiTokensRepo, type LiveApiToken } from './api-tokens.repo.js';
export { apiTokensRoutes, OPENAPI_DOCUMENT_PATH } from './api-tokens.routes.js';
export { createApiTokensService, hashApiToken, type ApiTokensService } from './api-tokens.service.js';
