/**
 * /jobs/{id}: the job page, composed of the features that share it (a feature never imports another).
 *
 * The slot API (features/jobs/job-detail-screen.tsx):
 *
 *   <JobDetailScreen
 *     inspectionTab={(job, { refresh }) => <InspectionRepairTab job={job} onChanged={refresh} />}   // features/inspections
 *     quotesCard={(job, { refresh }) => <QuotesCard job={job} onChanged={refresh} />}                // features/quotes
 *     invoicesCard={(job, { refresh }) => <InvoicesCard job={job} onChanged={refresh} />}            // features/invoices
 *     agreementNote={(job) => <JobAgreementNote jobId={job.id} />}                                   // features/agreements
 *     fieldCard={(job) => <JobFieldCard jobId={job.id} />}                                           // features/field
 *   />
 *
 * - Each slot is `(job: JobDetail, context: { refresh: () => void }) => ReactNode`; JobDetail is the
 *   type in src/domain/jobs.ts (GET /api/jobs/{id}).
 * - inspectionTab renders inside the Service card's "Inspection/Repair" tab (the first tab, selected
 *   by default; "Items" is the second, ?tab=items). quotesCard and invoicesCard render below the
 *   Service card, in that order, then fieldCard (the technicians' timesheet, notes, signatures and
 *   conflicts; it polls and refreshes the whole page when a technician's change lands); render your own Card (ui/card) with its CardHeader.
 * - `refresh()` marks the job (query key ['jobs', 'detail', id]), every other ['jobs'] query and the
 *   Home counts stale. Each slot keeps its queries under the job's key (`jobKeys.inspections`,
 *   `.quotes`, `.invoices`, `.history` in lib/query-keys), and every change on the page
 *   invalidates that one key (`invalidateJob`, or `refresh()`), so all of the page follows a change.
 * - A slot left out leaves nothing on the page (no tab, no empty card).
 * - Every slot but agreementNote is drawn after the page's first paint (decision 062), so each is
 *   loaded here on first use: the Summary is drawn without the code of the cards below it.
 *
 * The inspection tab's `quoteActions` holds the quotes feature's inspection-list button (Send Quote,
 * or Resend / Update Quote after a change), which opens the Quotes card's send dialog. The resend
 * banner is the tab's own, and the only one on the page (the Quotes card shows none).
 */
import { lazy } from 'react';
import { JobAgreementNote } from '../../features/agreements/job-agreement-note';
import { JobDetailScreen } from '../../features/jobs/job-detail-screen';

const JobFieldCard = lazy(() =>
  import('../../features/field/job-field-card').then((m) => ({ default: m.JobFieldCard })),
);
const InspectionRepairTab = lazy(() =>
  import('../../features/inspections').then((m) => ({ default: m.InspectionRepairTab })),
);
const JobInvoicesCard = lazy(() =>
  import('../../features/invoices/job-invoices-card').then((m) => ({ default: m.JobInvoicesCard })),
);
const InspectionListQuoteActions = lazy(() =>
  import('../../features/quotes/inspection-list-quote-actions').then((m) => ({
    default: m.InspectionListQuoteActions,
  })),
);
const JobQuotesCard = lazy(() =>
  import('../../features/quotes/job-quotes-card').then((m) => ({ default: m.JobQuotesCard })),
);

export default function JobDetailPage() {
  return (
    <JobDetailScreen
      inspectionTab={(job, { refresh }) => (
        <InspectionRepairTab
          job={job}
          onChanged={refresh}
          quoteActions={<InspectionListQuoteActions job={job} onChanged={refresh} />}
        />
      )}
      quotesCard={(job, { refresh }) => <JobQuotesCard job={job} onChanged={refresh} />}
      invoicesCard={(job, { refresh }) => <JobInvoicesCard job={job} onChanged={refresh} />}
      agreementNote={(job) => <JobAgreementNote jobId={job.id} />}
      fieldCard={(job) => <JobFieldCard jobId={job.id} />}
    />
  );
}
