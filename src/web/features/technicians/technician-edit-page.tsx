import { Link, useNavigate, useParams } from 'react-router';
import { canAdminister } from '../../../domain/auth';
import { isUuidV4 } from '../../../domain/ids';
import { technicianFormValues, type UpdateTechnicianInput } from '../../../domain/technicians';
import { fullName } from '../../../domain/users';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useTechnician, useUpdateTechnician } from './api/technician-queries';
import { TechnicianForm } from './components/technician-form';

const back = { to: '/settings', label: 'Back to Settings' };

/** /technicians/{id}/edit: the Add Technician form filled in; linked from the Settings users table. */
export default function TechnicianEditPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const validId = isUuidV4(id);
  const allowed = Boolean(session.data && canAdminister(session.data.role));
  const technician = useTechnician(id, validId && allowed);
  const update = useUpdateTechnician(id);

  const problem = !allowed
    ? 'Only admins and managers can edit technicians.'
    : !validId
      ? 'Invalid technician ID format'
      : technician.isError
        ? technician.error instanceof ApiError && technician.error.status === 404
          ? 'Technician not found'
          : errorMessage(technician.error, 'Failed to load the technician. Please try again.')
        : null;

  if (problem) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Edit Technician" back={back} />
        <ErrorBanner message={problem}>
          <Link to="/settings" className="font-medium underline">
            Back to Settings
          </Link>
        </ErrorBanner>
      </div>
    );
  }
  if (!technician.data) return <Spinner label="Loading technician..." />;
  const t = technician.data;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Edit Technician" subtitle={`${fullName(t) || t.username} · username ${t.username}`} back={back} />
      {!t.hasPassword ? (
        <InfoBanner className="mb-6">This technician has no password yet and cannot sign in. Set one from Settings &gt; Users &gt; Manage.</InfoBanner>
      ) : null}
      <TechnicianForm
        key={t.id}
        mode="edit"
        username={t.username}
        defaultValues={technicianFormValues(t)}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        cancelTo="/settings"
        failure={update.isError ? <ErrorBanner message="Failed to save technician. Please try again.">{errorMessage(update.error, '') || null}</ErrorBanner> : null}
        onSubmit={async (values) => {
          await update.mutateAsync(values as UpdateTechnicianInput);
          toast.success(`Technician ${values.firstName} ${values.lastName} saved`);
          navigate('/settings');
        }}
      />
    </div>
  );
}
