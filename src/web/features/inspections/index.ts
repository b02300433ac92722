export { InspectionRepairTab, type InspectionTabJob } from './inspection-repair-tab';
export { jobInspectionsRoot } from './api/inspections-queries';
