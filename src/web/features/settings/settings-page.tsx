import { can } from '../../../domain/policy';
import { usersQuery } from '../../../domain/users';
import { useCompanyInfo } from '../../lib/company';
import { useCan } from '../../lib/can';
import { useSession } from '../../lib/session';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { useReferenceTypes, useUsers } from './api/settings-queries';
import { CompanyInfoCard } from './components/company-info-card';
import { IntegrationsCard } from './components/integrations-card';
import { OpportunitySettingsCard } from './components/opportunity-settings-card';
import { ReferenceTypesCard } from './components/reference-types-card';
import { UsersCard } from './components/users-card';
import { TaxGroupsCard } from './components/tax-groups-card';

/**
 * /settings: Company Information, Users, Service Types and Job Types. Everyone signed in may look;
 * only admins and managers see the controls that change things (the server enforces the same).
 */
export default function SettingsPage() {
  const session = useSession();
  const company = useCompanyInfo();
  // The cards ask for the same queries (shared by key); here they only tell whether loading failed.
  // The users list (e-mails, phones, last sign-in) is for admin and manager only.
  const users = useUsers(useUrlFilters(usersQuery).values, { enabled: useCan('users.manage') });
  const serviceTypes = useReferenceTypes('service-types');
  const jobTypes = useReferenceTypes('job-types');
  const user = session.data;
  if (!user) return <Spinner />;
  const canEdit = can(user.role, 'settings.manage');
  const loadFailed = company.isError || users.isError || serviceTypes.isError || jobTypes.isError;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Settings"
        subtitle={
          canEdit
            ? 'Company information, users, service types and job types'
            : 'Company information, service types and job types (read-only)'
        }
        actions={
          canEdit ? (
            <ButtonLink variant="secondary" to="/settings/outbox">
              Outbox
            </ButtonLink>
          ) : null
        }
      />
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
    </div>
  );
}
