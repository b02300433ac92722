import { useNavigate } from 'react-router';
import { useState } from 'react';
import {
  escalatedPriceCents,
  nextTerm,
  percentToBasisPoints,
  type AgreementDetail,
} from '../../../../domain/agreements';
import { api, errorMessage } from '../../../lib/api-client';
import { formatCents, formatDate } from '../../../lib/format';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';
import { useInvalidateAgreements } from '../api/agreements-api';

/** Renew: the next term and the escalated price, stated before the new agreement is made. */
export function RenewAgreementDialog({
  agreement,
  open,
  onOpenChange,
}: {
  agreement: AgreementDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const invalidate = useInvalidateAgreements();
  const [error, setError] = useState<string | null>(null);
  const term = nextTerm(agreement.startDate, agreement.endDate);
  const price = escalatedPriceCents(agreement.priceCents, percentToBasisPoints(agreement.escalatorPercent) ?? 0);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        onOpenChange(next);
      }}
      tone="primary"
      title={`Renew ${agreement.name}?`}
      description={`A new active agreement runs from ${formatDate(term.startDate)} to ${formatDate(term.endDate)} at ${formatCents(price)} (${formatCents(agreement.priceCents)} plus the ${Number(agreement.escalatorPercent)}% escalator), with the same units, plan and checklist.`}
      confirmLabel="Renew Agreement"
      pendingLabel="Renewing..."
      error={error}
      onConfirm={async () => {
        try {
          const renewed = await api.post<AgreementDetail>(`/api/agreements/${agreement.id}/renew`);
          await invalidate();
          toast.success('Agreement renewed');
          onOpenChange(false);
          void navigate(`/agreements/${renewed.id}`);
        } catch (e) {
          setError(errorMessage(e, 'Renewing the agreement failed; please try again.'));
        }
      }}
    />
  );
}
