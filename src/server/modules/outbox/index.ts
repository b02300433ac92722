/** The outbox screen's module entry (docs/decisions/028); the outbox table is src/server/outbox's. */
export { createOutboxRepo } from './outbox.repo.js';
export { outboxRoutes } from './outbox.routes.js';
export { createOutboxService } from './outbox.service.js';
