import type { SessionUser } from '../../../domain/auth';
import { can } from '../../../domain/policy';
import { usersQuery } from '../../../domain/users';
import { useCompanyInfo } from '../../lib/company';
import { useCan } from '../../lib/can';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { useReferenceTypes, useUsers } from './api/settings-queries';
import { CompanyInfoCard } from './components/company-info-card';
import { IntegrationsCard } from './components/integrations-card';
import { OpportunitySettingsCard } from './components/opportunity-settings-card';
import { ReferenceTypesCard } from './components/reference-types-card';
import { UsersCard } from './components/users-card';
import { TaxGroupsCard } from './components/tax-groups-card';

/**
 * The cards of /settings, loaded once the page's title has painted (decision 062): each holds a
 * form checked with the API's schemas.
 */
export default function SettingsCards({ user, canEdit }: { user: SessionUser; canEdit: boolean }) {
  const company = useCompanyInfo();
  // The cards ask for the same queries (shared by key); here they only tell whether loading failed.
  // The users list (e-mails, phones, last sign-in) is for admin and manager only.
  const users = useUsers(useUrlFilters(usersQuery).values, { enabled: useCan('users.manage') });
  const serviceTypes = useReferenceTypes('service-types');
  const jobTypes = useReferenceTypes('job-types');
  const loadFailed = company.isError || users.isError || serviceTypes.isError || jobTypes.isError;
  return (
    <>
      {loadFailed ? <ErrorBanner message="Failed to load settings data" /> : null}
      <CompanyInfoCard company={company.data} loading={company.isPending} canEdit={canEdit} />
      {canEdit ? <UsersCard actor={user} /> : null}
      <OpportunitySettingsCard canEdit={canEdit} />
      {can(user.role, 'taxGroups.manage') ? <TaxGroupsCard /> : null}
      <div className="grid gap-6 2xl:grid-cols-2">
        <ReferenceTypesCard kind="service-types" canEdit={canEdit} />
        <ReferenceTypesCard kind="job-types" canEdit={canEdit} />
      </div>
      <IntegrationsCard />
    </>
  );
}
