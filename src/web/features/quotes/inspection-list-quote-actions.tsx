import { Send } from 'lucide-react';
import { useState } from 'react';
import type { JobDetail } from '../../../domain/jobs';
import type { JobQuotesView, QuoteCardState } from '../../../domain/quotes';
import type { QuoteType } from '../../../domain/quote-templates';
import { useCan } from '../../lib/can';
import { Button } from '../../ui/button';
import { useJobQuotes } from './api/job-quotes-api';
import { SendQuoteDialogWhenOpened } from './components/send-quote-dialog-when-opened';

export interface InspectionListOffer {
  type: QuoteType;
  label: QuoteCardState['buttonLabel'];
}

/**
 * What the inspection list offers (part 2, section 4 "Quote"): Send Quote (the Inspection Quote:
 * the inspection results with the recommended repairs) when a completed inspection exists and no
 * quote was sent for the job; once a quote was sent, Resend / Update Quote of that quote's type when
 * the inspections or repairs changed after the send (the resend banner's situation). Nothing else:
 * the Quotes card is the place for every other send.
 */
export function inspectionListOffer(view: JobQuotesView): InspectionListOffer | null {
  if (!view.latest) {
    const state = view.types.inspection;
    return state.canSend ? { type: 'inspection', label: state.buttonLabel } : null;
  }
  const type = view.latest.type;
  if (type === 'other') return null;
  const state = view.types[type];
  return state.inspectionChanged && state.canSend ? { type, label: state.buttonLabel } : null;
}

/**
 * The quote button of the inspection list (filled into InspectionRepairTab's `quoteActions` slot by
 * the job page). It opens the Quotes card's own send dialog, for the type above.
 */
export function InspectionListQuoteActions({
  job,
  onChanged,
}: {
  job: Pick<JobDetail, 'id' | 'number' | 'contactEmail'> & { location?: { id: string } | null };
  onChanged?: () => void;
}) {
  const quotes = useJobQuotes(job.id);
  const maySend = useCan('quotes.send');
  const [open, setOpen] = useState(false);
  const [offered, setOffered] = useState<InspectionListOffer | null>(null);
  const view = quotes.data;
  const offer = view && maySend ? inspectionListOffer(view) : null;
  // The dialog keeps the type it was opened for while the quotes refresh underneath it.
  const shown = open ? offered : offer;
  if (!shown || !view) return null;
  return (
    <>
      <Button
        className="h-11"
        onClick={() => {
          setOffered(shown);
          setOpen(true);
        }}
        data-testid="inspection-list-send-quote"
      >
        <Send className="h-4 w-4" aria-hidden /> {shown.label}
      </Button>
      <SendQuoteDialogWhenOpened
        open={open}
        onOpenChange={setOpen}
        jobId={job.id}
        locationId={job.location?.id}
        jobNumber={job.number}
        type={shown.type}
        defaultEmail={view.contactEmail ?? job.contactEmail ?? ''}
        actionLabel={shown.label}
        onSent={() => onChanged?.()}
      />
    </>
  );
}
