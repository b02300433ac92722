/**
 * Jobs (issue 9): the list and its filters, the job detail, Create Job, presets, technicians,
 * priced items and the calendar. One schema per payload, shared by the screens, the routes and the
 * tests; the rules (status from the schedule, the duration grid, item totals, the part price) are
 * pure functions in rules.ts. Each file is one section of the contract; import from this index.
 */

export { JOB_MESSAGES, jobDeleteRefusal, JOB_STATUSES, type JobStatus } from './messages.js';
export {
  JOB_PAGE_SIZES,
  DEFAULT_JOB_PAGE_SIZE,
  JOB_CONTACT_TYPES,
  type JobContactType,
  SERVICE_CONTRACTS,
  NON_CONTRACT,
  SERVICE_CONTRACT_VALUES,
  type ServiceContract,
  DEFAULT_JOB_TYPE,
  DEFAULT_OFFICE,
  JOB_ITEM_TYPES,
  type JobItemType,
  DURATION_STEP_MINUTES,
  DEFAULT_DURATION_MINUTES,
  API_DURATION_LIMITS,
  FORM_DURATION_LIMITS,
  JOB_LIMITS,
} from './constants.js';
export {
  statusFromSchedule,
  isOnDurationGrid,
  durationChoices,
  formatDurationHm,
  parseDurationHm,
  itemTotalCents,
  jobCostTotalCents,
  itemTotalsByType,
  hasServiceContract,
  partUnitPriceCents,
  dollarsToCents,
  technicianRows,
  canComplete,
  canCancel,
} from './rules.js';
export { durationMinutes, tagList, jobIdParams, jobItemParams, presetIdParams } from './fields.js';
export {
  createJobInput,
  type CreateJobInput,
  updateJobInput,
  type UpdateJobInput,
  type CreateJobFormValues,
  createdJob,
  type CreatedJob,
  editJobInput,
  type EditJobInput,
  type EditJobFormValues,
} from './create.js';
export {
  JOB_CHANGE_FIELDS,
  type JobChangeField,
  JOB_FIELD_LABELS,
  type JobChangeKind,
  JOB_CHANGE_KINDS,
  QUOTE_COVERED_FIELDS,
  CLOSED_JOB_EDITABLE_FIELDS,
  isClosedJob,
  closedJobMessage,
  type JobChangeValue,
  jobChange,
  type JobChange,
  type JobEditableValues,
  diffJob,
  coversQuote,
  closedJobRefusedFields,
  JOB_WARNING_CODES,
  jobWarning,
  type JobWarning,
  jobWarnings,
  createJobAnswer,
  type CreateJobAnswer,
  editJobAnswer,
  type EditJobAnswer,
  jobHistoryEntry,
  type JobHistoryEntry,
  jobHistory,
  type JobHistory,
  JOB_HISTORY_LIMIT,
} from './edit.js';
export {
  presetData,
  type PresetData,
  presetInput,
  type PresetInput,
  jobPreset,
  type JobPreset,
  jobPresetList,
} from './presets.js';
export {
  assignTechniciansInput,
  type AssignTechniciansInput,
  jobItemInput,
  type JobItemInput,
  type JobItemFormValues,
  updateJobItemInput,
  type UpdateJobItemInput,
  jobItem,
  type JobItem,
  jobTechnician,
  type JobTechnicianRef,
  jobTechnicianDetail,
  type JobTechnicianDetail,
} from './items.js';
export {
  JOB_QUEUES,
  type JobQueue,
  JOB_DATE_FIELDS,
  type JobDateField,
  JOB_SORTS,
  type JobSort,
  UNASSIGNED,
  jobListQuery,
  type JobListQuery,
  type JobListSearch,
  jobExportQuery,
  jobListItem,
  type JobListItem,
  jobList,
  type JobList,
} from './list.js';
export { jobDetail, type JobDetail } from './detail.js';
export { jobOptions, type JobOptions } from './options.js';
export {
  calendarQuery,
  type CalendarQuery,
  calendarJob,
  type CalendarJob,
  calendarAnswer,
  type CalendarAnswer,
} from './calendar.js';
export {
  completionNotice,
  completionNoticeRecipient,
  completeJobDescription,
  type CompletionNoticeInput,
} from './completion-notice.js';
