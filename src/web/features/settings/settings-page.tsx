import { lazy } from 'react';
import { can } from '../../../domain/policy';
import { useSession } from '../../lib/session';
import { AfterFirstPaint } from '../../ui/after-first-paint';
import { ButtonLink } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';

// Every card holds a form checked with a schema: drawn once the title has painted (decision 062).
const SettingsCards = lazy(() => import('./settings-cards'));

/**
 * /settings: Company Information, Users, Service Types and Job Types. Everyone signed in may look;
 * only admins and managers see the controls that change things (the server enforces the same).
 */
export default function SettingsPage() {
  const session = useSession();
  const user = session.data;
  if (!user) return <Spinner />;
  const canEdit = can(user.role, 'settings.manage');

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
      <AfterFirstPaint fallback={<Spinner label="Loading settings..." />}>
        <SettingsCards user={user} canEdit={canEdit} />
      </AfterFirstPaint>
    </div>
  );
}
