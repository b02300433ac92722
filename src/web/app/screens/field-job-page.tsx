/**
 * /field/jobs/{id}: the technician's job on a phone (features/field). Its inspections and repair
 * options are the field feature's own offline forms (decision 054), sent through the phone's queue.
 */
import { FieldJobScreen } from '../../features/field/field-job-page';

export default function FieldJobPage() {
  return <FieldJobScreen />;
}
