import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
// texts.ts, not the agreements index (which builds schemas).
import { repairLimitText } from '../../../domain/agreements/texts';
import { formatDate } from '../../lib/format';
import { useAgreementOfJob } from './api/agreements-api';

/**
 * On a job that is an agreement's visit: which agreement, a link to it, and how much repair work
 * the customer agreed to without a new approval (the agreement's not-to-exceed; nothing otherwise).
 */
export function JobAgreementNote({ jobId }: { jobId: string }) {
  const found = useAgreementOfJob(jobId);
  const agreement = found.data?.agreement;
  if (!agreement) return null;
  return (
    <p
      className="flex items-center gap-2 rounded-md border border-blue-200 bg-blue-50 px-4 py-2 text-sm text-slate-800"
      data-testid="job-agreement-note"
    >
      <ClipboardList className="h-4 w-4 text-blue-700" aria-hidden />
      <span>
        Visit of {formatDate(agreement.visitDate)} under service agreement{' '}
        <Link to={`/agreements/${agreement.agreementId}`} className="font-medium text-blue-700 hover:underline">
          #{agreement.number} {agreement.name}
        </Link>
        . {repairLimitText(agreement.notToExceedCents)}
      </span>
    </p>
  );
}
