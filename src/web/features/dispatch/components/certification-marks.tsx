import { AlertTriangle, Clock } from 'lucide-react';
import type { BoardTechnician } from '../../../../domain/dispatch';
import { formatDate } from '../../../lib/format';
import { DISPATCH_TEXTS } from '../dispatch-texts';

/** A technician's expired certifications and those expiring soon (panel and timeline rows). */
export function CertificationMarks({
  technician,
}: {
  technician: Pick<BoardTechnician, 'expiredCertifications' | 'expiringCertifications'>;
}) {
  const expiring = technician.expiringCertifications;
  return (
    <>
      {technician.expiredCertifications.length ? (
        <span className="mt-0.5 flex items-start gap-1 text-xs text-amber-800">
          <AlertTriangle className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          <span>{DISPATCH_TEXTS.expired(technician.expiredCertifications)}</span>
        </span>
      ) : null}
      {expiring.length ? (
        <span className="mt-0.5 flex items-start gap-1 text-xs text-slate-700" data-certification-expiring>
          <Clock className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          <span>
            {DISPATCH_TEXTS.expiring(expiring.map((c) => ({ name: c.name, date: formatDate(c.expiryDate) })))}
          </span>
        </span>
      ) : null}
    </>
  );
}
