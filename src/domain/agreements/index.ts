export * from './payloads.js';
export * from './recurrence.js';
export * from './renewal.js';
export * from './status.js';
export * from './billing.js';
export * from './billing-payloads.js';
export * from './pull-through.js';
export * from './report-payloads.js';
