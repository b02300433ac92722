/**
 * The jobs module's entry (docs/decisions/028). It owns jobs, job_technicians, job_items and
 * job_presets: other modules change them through createJobDecisionsRepo, in their own transaction.
 */
export { createDispatchRepo } from './dispatch.repo.js';
export { dispatchRoutes } from './dispatch.routes.js';
export { createDispatchService } from './dispatch.service.js';
export { isTechnicianAssigned, technicianAssigned } from './job-assignment.js';
export { readJobItemAmounts, type JobItemAmounts } from './job-items-read.repo.js';
export { createJobDecisionsRepo, type FeeItem, type JobDecisionsRepo } from './job-decisions.repo.js';
export { createJobsRepo, type JobsRepo } from './jobs.repo.js';
export { jobsRoutes } from './jobs.routes.js';
export { createJobsService, type AgreementVisitJob, type JobsService, type VisitJobOutcome } from './jobs.service.js';
