/** The companies module's entry: what app.ts and other modules may use (docs/decisions/028). */
export { createCompaniesRepo, type CompaniesRepo } from './companies.repo.js';
export { companiesRoutes } from './companies.routes.js';
export { createCompaniesService, type CompaniesService } from './companies.service.js';
