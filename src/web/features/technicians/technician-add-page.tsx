import { useNavigate } from 'react-router';
import { newTechnicianForm, type CreateTechnicianInput } from '../../../domain/technicians';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useSession } from '../../lib/session';
import { ErrorBanner } from '../../ui/banner';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { useCreateTechnician } from './api/technician-queries';
import { TechnicianForm } from './components/technician-form';

/** /technicians/add: Cancel and success both go to the dispatch board (/jobs/dispatch). */
export default function TechnicianAddPage() {
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateTechnician();
  const mayManage = useCan('technicians.manage');

  if (session.data && !mayManage) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Add Technician" back={{ to: '/jobs/dispatch', label: 'Back to Dispatch' }} />
        <ErrorBanner message="Only admins and managers can add technicians." />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Add Technician"
        subtitle="A new technician is active and can be scheduled right away."
        back={{ to: '/jobs/dispatch', label: 'Back to Dispatch' }}
      />
      <TechnicianForm
        mode="add"
        defaultValues={newTechnicianForm()}
        submitLabel="Add Technician"
        pendingLabel="Adding..."
        cancelTo="/jobs/dispatch"
        failure={
          create.isError ? (
            <ErrorBanner message="Failed to add technician. Please try again.">
              {errorMessage(create.error, '') || null}
            </ErrorBanner>
          ) : null
        }
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values as CreateTechnicianInput);
          toast.success(`Technician ${values.firstName} ${values.lastName} added (username ${created.username})`);
          navigate('/jobs/dispatch');
        }}
      />
    </div>
  );
}
