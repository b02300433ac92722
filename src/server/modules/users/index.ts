/** The users module's entry (docs/decisions/028). It owns users. */
export { createUsersRepo, type UserRow, type UsersRepo } from './users.repo.js';
export { usersRoutes } from './users.routes.js';
export { createUsersService, emailTakenMessage } from './users.service.js';
