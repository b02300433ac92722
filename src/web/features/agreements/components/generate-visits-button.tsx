import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useGenerateVisits } from '../api/agreements-api';
import { AGREEMENT_TEXTS } from '../agreement-texts';

/** "Generate visits now" (admin and manager): runs the visit generator and says what it made. */
export function GenerateVisitsButton() {
  const allowed = useCan('agreements.generate');
  const generate = useGenerateVisits();
  if (!allowed) return null;
  return (
    <Button
      variant="secondary"
      disabled={generate.isPending}
      onClick={() =>
        generate.mutate(undefined, {
          onSuccess: (run) => toast.success(AGREEMENT_TEXTS.generated(run.visitsCreated)),
          onError: (error) => toast.error(errorMessage(error, 'Generating visits failed; please try again.')),
        })
      }
    >
      <RefreshCw className="h-4 w-4" aria-hidden />{' '}
      {generate.isPending ? 'Generating visits...' : 'Generate visits now'}
    </Button>
  );
}
