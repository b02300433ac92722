import { useNavigate, useParams } from 'react-router';
import { isUuidV4 } from '../../../domain/ids';
import { technicianFormValues, type UpdateTechnicianInput } from '../../../domain/technicians';
import { fullName } from '../../../domain/users';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { PageHeader } from '../../ui/page-header';
import { detailGate, DetailProblem } from '../../ui/detail-screen';
import { toast } from '../../ui/toast';
import { useTechnician, useUpdateTechnician } from './api/technician-queries';
import { TechnicianForm } from './components/technician-form';

const back = { to: '/settings', label: 'Back to Settings' };

/** /technicians/{id}/edit: the Add Technician form filled in; linked from the Settings users table. */
export default function TechnicianEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const allowed = useCan('technicians.manage');
  const technician = useTechnician(id, isUuidV4(id) && allowed);
  const update = useUpdateTechnician(id);

  if (!allowed)
    return (
      <DetailProblem title="Edit Technician" message="Only admins and managers can edit technicians." back={back} />
    );
  const wait = detailGate({
    id,
    query: technician,
    invalidMessage: 'Invalid technician ID format',
    notFoundMessage: 'Technician not found',
    errorMessage: 'Failed to load the technician. Please try again.',
    loadingLabel: 'Loading technician...',
    back,
  });
  if (wait || !technician.data) return wait;
  const t = technician.data;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Edit Technician"
        subtitle={`${fullName(t) || t.username} · username ${t.username}`}
        back={back}
      />
      {!t.hasPassword ? (
        <InfoBanner className="mb-6">
          This technician has no password yet and cannot sign in. Set one from Settings &gt; Users &gt; Manage.
        </InfoBanner>
      ) : null}
      <TechnicianForm
        key={t.id}
        mode="edit"
        username={t.username}
        defaultValues={technicianFormValues(t)}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        cancelTo="/settings"
        failure={
          update.isError ? (
            <ErrorBanner message="Failed to save technician. Please try again.">
              {errorMessage(update.error, '') || null}
            </ErrorBanner>
          ) : null
        }
        onSubmit={async (values) => {
          await update.mutateAsync(values as UpdateTechnicianInput);
          toast.success(`Technician ${values.firstName} ${values.lastName} saved`);
          navigate('/settings');
        }}
      />
    </div>
  );
}
