/**
 * /field/jobs/{id}: the technician's job on a phone (features/field), with the inspections
 * feature's Inspection/Repair tab in its Inspections section (a feature never imports another).
 * The technician is on the job (the field API refused otherwise), so the tab is editable; the
 * server still decides every change.
 */
import { FieldJobScreen } from '../../features/field/field-job-page';
import { InspectionRepairTab } from '../../features/inspections';

export default function FieldJobPage() {
  return (
    <FieldJobScreen inspections={(job) => <InspectionRepairTab job={{ id: job.id, can: { editItems: true } }} />} />
  );
}
