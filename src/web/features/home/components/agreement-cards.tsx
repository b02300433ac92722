import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { ErrorBanner } from '../../../ui/banner';
import { useAgreementHomeCounts } from '../api/agreement-home-queries';
import { StatCard } from './stat-card';

/**
 * The service manager's agreement cards (issue 29 item 6): visits due this month that nobody
 * scheduled, and agreements renewing in 60 days. For the roles that see agreements; each card is
 * a link to its list, and it keeps its size while it loads (the count shows "–").
 */
export function AgreementHomeCards() {
  const allowed = useCan('agreements.view');
  const counts = useAgreementHomeCounts(allowed);
  if (!allowed) return null;
  return (
    <>
      {counts.isError ? (
        <ErrorBanner
          className="sm:col-span-2 lg:col-span-3"
          message={errorMessage(counts.error, 'Failed to load the agreement counts. Please try again.')}
        />
      ) : null}
      <StatCard
        label="Visits Due This Month Not Scheduled"
        count={counts.data?.visitsDueNotScheduled.count}
        loading={counts.isFetching}
        to="/agreements/visits-due"
      />
      <StatCard
        label="Agreements Renewing in 60 Days"
        count={counts.data?.renewingSoon.count}
        loading={counts.isFetching}
        to="/agreements/renewals?days=60"
      />
    </>
  );
}
