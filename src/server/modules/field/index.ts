/**
 * The field module's entry (issue 30, decision 045): the technician's day on a phone. It owns
 * field_time_events, field_notes, field_checklist_marks, field_signatures, field_conflicts and
 * field_idempotency; the job's own values and its completion change through the jobs service.
 */
export { createFieldRepo, type FieldRepo } from './field.repo.js';
export { fieldRoutes } from './field.routes.js';
export { createFieldService, type FieldService } from './field.service.js';
