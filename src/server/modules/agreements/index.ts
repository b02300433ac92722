/** The agreements module's entry (docs/decisions/028, 043). It owns agreements, agreement_units, agreement_visits and agreement_generator_runs. */
export { agreementList, createAgreementsRepo, type AgreementsRepo } from './agreements.repo.js';
export { agreementsRoutes } from './agreements.routes.js';
export { createAgreementsService, type AgreementsService, type VisitJobs } from './agreements.service.js';
export { createVisitGeneratorWorker, type VisitGeneratorWorker } from './visit-generator.worker.js';
export { agreementBillingRoutes } from './agreement-billing.routes.js';
export { createAgreementBillingRepo } from './agreement-billing.repo.js';
export { createAgreementReportsRepo, type AgreementReportsRepo } from './agreement-reports.repo.js';
export { agreementReportsRoutes } from './agreement-reports.routes.js';
export { createAgreementReportsService, type AgreementReportsService } from './agreement-reports.service.js';
