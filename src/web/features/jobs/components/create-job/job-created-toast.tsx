import { Link } from 'react-router';
import type { CreatedJob } from '../../../../../domain/jobs';
import { toast } from '../../../../ui/toast';

/** "Job #N created" for 10 seconds, its number a link to the new job (the form goes back to /jobs). */
export function toastJobCreated(created: CreatedJob) {
  toast.success(
    <span>
      Job{' '}
      <Link to={`/jobs/${created.id}`} className="font-semibold underline">
        #{created.number}
      </Link>{' '}
      created
    </span>,
    { duration: 10_000 },
  );
}
