export { InspectionRepairTab, type InspectionTabJob } from './inspection-repair-tab';
