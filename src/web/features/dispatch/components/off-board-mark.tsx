import { UserX } from 'lucide-react';
import type { BoardTechnician } from '../../../../domain/dispatch';
import { DISPATCH_TEXTS } from '../dispatch-texts';

/** The mark of a row whose technician is not one of the office's active technicians (panel and timeline). */
export function OffBoardMark({ technician }: { technician: Pick<BoardTechnician, 'offBoard' | 'office'> }) {
  if (!technician.offBoard) return null;
  return (
    <span
      className="mt-0.5 flex items-start gap-1 text-xs font-medium text-slate-700"
      data-off-board={technician.offBoard}
    >
      <UserX className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{DISPATCH_TEXTS.offBoard[technician.offBoard](technician.office)}</span>
    </span>
  );
}
