import { Link } from 'react-router';
import { useCan } from '../../../lib/can';

/**
 * The agreements list's way to its reports: renewals (office), pull-through (admin, manager),
 * deferred revenue (who sees the invoice lists), the generator's runs (admin, manager).
 */
export function AgreementReportLinks() {
  const canReport = useCan('agreements.report');
  const canGenerate = useCan('agreements.generate');
  const canSeeInvoices = useCan('invoices.lists');
  const link =
    'rounded px-1 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';
  return (
    <nav aria-label="Agreement reports" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Link to="/agreements/renewals" className={link}>
        Renewals
      </Link>
      {canReport ? (
        <Link to="/agreements/report" className={link}>
          Pull-through
        </Link>
      ) : null}
      {canSeeInvoices ? (
        <Link to="/agreements/deferred-revenue" className={link}>
          Deferred revenue
        </Link>
      ) : null}
      {canGenerate ? (
        <Link to="/agreements/runs" className={link}>
          Generator runs
        </Link>
      ) : null}
    </nav>
  );
}
