import { Ban, Eye, FileEdit, Send } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { JobDetail } from '../../../domain/jobs';
import {
  DECLINE_REASON_LABELS,
  isDecidedQuoteStatus,
  QUOTE_MESSAGES,
  type JobQuoteHistoryItem,
  type QuoteCardState,
} from '../../../domain/quotes';
import { inspectedUnitName } from '../../../domain/quote-notices';
import { REPAIR_PHASE_LABELS } from '../../../domain/repairs';
import type { TemplateQuoteType } from '../../../domain/quote-templates';
import { ApiError, errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { formatCents } from '../../lib/format';
import { CompanyDate } from '../../lib/company-date';
import { useCan } from '../../lib/can';
import { useFormatDateTime } from '../../lib/company';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { useJobQuotes, useWithdrawQuote } from './api/job-quotes-api';
import { SendQuoteDialogWhenOpened } from './components/send-quote-dialog-when-opened';
import { emailTemplatePath, QUOTE_TYPE_TITLES, QUOTES_CARD_TEXTS, quotePreviewPath } from './quote-texts';

type CardTab = TemplateQuoteType | 'all';
const TABS: { value: CardTab; label: string }[] = [
  { value: 'inspection', label: 'Inspection Quote' },
  { value: 'repair', label: 'Repair Quote' },
  { value: 'replacement', label: 'Replacement Quote' },
  { value: 'all', label: 'All Quotes' },
];

/** Sent, or Confirmed with Approved or Declined (section 4); superseded, expired and withdrawn as such. */
export function QuoteStatusBadges({ status }: { status: JobQuoteHistoryItem['status'] }) {
  if (isDecidedQuoteStatus(status))
    return (
      <span className="inline-flex flex-wrap gap-1">
        <Badge tone="blue">Confirmed</Badge>
        {status === 'approved' ? <Badge tone="green">Approved</Badge> : <Badge tone="red">Declined</Badge>}
      </span>
    );
  if (status === 'superseded') return <Badge tone="gray">Superseded</Badge>;
  if (status === 'expired') return <Badge tone="amber">Expired</Badge>;
  if (status === 'withdrawn') return <Badge tone="gray">Withdrawn</Badge>;
  return <Badge tone="purple">Sent</Badge>;
}

const HISTORY_COLUMNS: DataTableColumn<JobQuoteHistoryItem>[] = [
  { id: 'number', header: 'Quote Number', cell: (q) => <span className="font-medium text-slate-900">{q.number}</span> },
  { id: 'type', header: 'Type', cell: (q) => QUOTE_TYPE_TITLES[q.type] },
  { id: 'amount', header: 'Amount', align: 'right', cell: (q) => formatCents(q.amountCents) },
  {
    id: 'sent',
    header: 'Sent',
    priority: 2,
    className: 'whitespace-nowrap',
    cell: (q) => <CompanyDate value={q.sentAt} />,
  },
  { id: 'status', header: 'Status', cell: (q) => <QuoteStatusBadges status={q.status} /> },
  { id: 'email', header: 'Sent To', priority: 3, className: 'break-all', cell: (q) => q.email },
];

/**
 * The job page's Quotes card (part 2, "Job detail"; section 4 "Quote"): a tab per quote type and
 * All Quotes (the history, newest first); Edit Template, Preview Quote and Send / Resend / Update
 * Quote; the sent state and what the customer decided.
 */
export function JobQuotesCard({ job, onChanged }: { job: JobDetail; onChanged?: () => void }) {
  const quotes = useJobQuotes(job.id);
  const mayEdit = useCan('quotes.send');
  // Until a tab is chosen, the card opens on the latest quote's type (so its state and the
  // customer's decision are in view), or on Repair Quote when none was sent (decision 018).
  const [picked, setPicked] = useState<CardTab | null>(null);
  const [sending, setSending] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useWithdrawQuote(job.id);

  // /jobs/{id}#quotes (Service Opportunities' Send Quote): bring the card into view once it has loaded.
  const { hash } = useLocation();
  const cardRef = useRef<HTMLDivElement>(null);
  const loaded = Boolean(quotes.data);
  useEffect(() => {
    if (hash !== '#quotes' || !loaded) return;
    cardRef.current?.scrollIntoView({ block: 'start' });
    cardRef.current?.focus({ preventScroll: true });
  }, [hash, loaded]);

  const view = quotes.data;
  const latestType = view?.latest?.type;
  const tab: CardTab = picked ?? (latestType === 'other' ? 'all' : (latestType ?? 'repair'));
  const setTab = (next: CardTab) => setPicked(next);
  const state: QuoteCardState | null = tab === 'all' || !view ? null : view.types[tab];
  const sendLabel = state?.buttonLabel ?? 'Send Quote';
  // A decided quote is final (issue 26): no Resend or Update is offered for it.
  const decided = isDecidedQuoteStatus(state?.latest?.status);
  const sendDisabledReason =
    tab === 'all' ? QUOTE_MESSAGES.allQuotesTab : state && !state.canSend ? state.reason : null;

  return (
    <div id="quotes" ref={cardRef} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
      <Card>
        <CardHeader
          title={QUOTES_CARD_TEXTS.title}
          actions={
            <>
              {tab === 'all' ? (
                <>
                  <Button size="sm" variant="secondary" disabled>
                    <FileEdit className="h-4 w-4" aria-hidden /> Edit Template
                  </Button>
                  <Button size="sm" variant="secondary" disabled>
                    <Eye className="h-4 w-4" aria-hidden /> Preview Quote
                  </Button>
                </>
              ) : (
                <>
                  <ButtonLink size="sm" variant="secondary" to={emailTemplatePath(tab, job.id)}>
                    <FileEdit className="h-4 w-4" aria-hidden /> Edit Template
                  </ButtonLink>
                  <ButtonLink size="sm" variant="secondary" to={quotePreviewPath(job.id, tab)}>
                    <Eye className="h-4 w-4" aria-hidden /> Preview Quote
                  </ButtonLink>
                </>
              )}
              {mayEdit && state?.canWithdraw ? (
                <Button size="sm" variant="secondary" onClick={() => setWithdrawing(true)}>
                  <Ban className="h-4 w-4" aria-hidden /> Withdraw Quote
                </Button>
              ) : null}
              {mayEdit && !decided ? (
                <Button
                  size="sm"
                  disabled={!state || !state.canSend || !view}
                  onClick={() => setSending(true)}
                  aria-describedby={sendDisabledReason ? `send-reason-${job.id}` : undefined}
                >
                  <Send className="h-4 w-4" aria-hidden /> {sendLabel}
                </Button>
              ) : null}
            </>
          }
        />
        <CardBody className="space-y-4">
          <Tabs label="Quote type" value={tab} onChange={setTab} tabs={TABS} />
          <div role="tabpanel" aria-label={TABS.find((t) => t.value === tab)!.label} className="space-y-4">
            {quotes.isError ? (
              <ErrorBanner
                message={
                  quotes.error instanceof ApiError && quotes.error.status === 404
                    ? QUOTES_CARD_TEXTS.loadFailed
                    : errorMessage(quotes.error, QUOTES_CARD_TEXTS.loadFailed)
                }
              />
            ) : null}
            {quotes.isPending ? <Spinner label="Loading quotes..." /> : null}
            {mayEdit && sendDisabledReason ? (
              <p id={`send-reason-${job.id}`} className="text-sm text-slate-600">
                {sendDisabledReason}
              </p>
            ) : null}
            {view && tab === 'all' ? (
              <DataTable
                bare
                label="Quote history"
                columns={HISTORY_COLUMNS}
                rows={view.history}
                getRowKey={(q) => q.id}
                getRowLabel={(q) => `quote ${q.number}`}
                getRowTestId={(q) => `quote-${q.number}`}
                empty={QUOTES_CARD_TEXTS.noHistory}
              />
            ) : null}
            {state ? <QuoteTypeState state={state} unitNumber={job.unit?.unitNumber ?? null} /> : null}
          </div>
        </CardBody>
        {view && state && tab !== 'all' ? (
          <SendQuoteDialogWhenOpened
            open={sending}
            onOpenChange={setSending}
            jobId={job.id}
            locationId={job.location?.id}
            jobNumber={job.number}
            type={tab}
            defaultEmail={view.contactEmail ?? job.contactEmail ?? ''}
            actionLabel={sendLabel}
            onSent={() => onChanged?.()}
          />
        ) : null}
        {state?.latest ? (
          <ConfirmDialog
            open={withdrawing}
            onOpenChange={(next) => {
              setWithdrawing(next);
              if (!next) withdraw.reset();
            }}
            title="Withdraw Quote"
            description={QUOTES_CARD_TEXTS.withdrawConfirm(state.latest.number)}
            confirmLabel="Withdraw Quote"
            pendingLabel="Withdrawing..."
            error={withdraw.isError ? errorMessage(withdraw.error, QUOTES_CARD_TEXTS.withdrawFailed) : null}
            onConfirm={async () => {
              try {
                const result = await withdraw.mutateAsync(state.latest!.id);
                toast.success(result.message);
                setWithdrawing(false);
                onChanged?.();
              } catch {
                // shown in the dialog (withdraw.error)
              }
            }}
          />
        ) : null}
      </Card>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** One type's tab: the latest quote of the type, its state and the customer's decision. */
function QuoteTypeState({ state, unitNumber }: { state: QuoteCardState; unitNumber: string | null }) {
  const formatDateTime = useFormatDateTime();
  const q = state.latest;
  return (
    <div className="space-y-4">
      {state.awaitingCustomer ? (
        <div
          className="rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
          data-testid="quote-awaiting"
        >
          <p className="font-semibold">{QUOTES_CARD_TEXTS.sent}</p>
          <p>{QUOTES_CARD_TEXTS.waiting}</p>
        </div>
      ) : null}
      {state.needsUpdate ? (
        <InfoBanner>
          <p className="font-semibold">{QUOTES_CARD_TEXTS.needsUpdate}</p>
          <p>{QUOTES_CARD_TEXTS.needsUpdateHint}</p>
        </InfoBanner>
      ) : null}
      {/* The resend banner for changed inspections is shown once, on the Inspection/Repair tab beside the change (decision 018). */}
      {q ? (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Quote Number">{q.number}</Fact>
          <Fact label="Amount">{formatCents(q.amountCents)}</Fact>
          <Fact label="Sent">
            {formatDateTime(q.sentAt)}
            {q.sentByName ? <span className="block text-xs text-slate-600">by {q.sentByName}</span> : null}
          </Fact>
          <Fact label="Status">
            <QuoteStatusBadges status={q.status} />
          </Fact>
          <Fact label="Sent To">{q.email}</Fact>
          {q.decidedAt ? (
            <Fact label="Decided">{formatDateTime(q.decidedAt)}</Fact>
          ) : (
            <Fact label="Link Expires">
              <CompanyDate value={q.expiresAt} />
            </Fact>
          )}
          {q.feeInvoice ? (
            <Fact label="Inspection Fee Invoice">
              <Link to={`/invoices/${q.feeInvoice.id}`} className="text-blue-700 hover:underline">
                {q.feeInvoice.number}
              </Link>
            </Fact>
          ) : null}
          {q.declineReason ? (
            <Fact label="Reason">
              {DECLINE_REASON_LABELS[q.declineReason]}
              {q.declineComment ? <span className="block text-slate-600">{q.declineComment}</span> : null}
            </Fact>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">{QUOTES_CARD_TEXTS.notSent}</p>
      )}
      {q?.signerName ? <SignedBy quote={q} unitNumber={unitNumber} /> : null}
      <QuoteLines state={state} />
    </div>
  );
}

/** The lines and the one total a send states (quoteSummary, decision 031), and the fee if declined. */
function QuoteLines({ state }: { state: QuoteCardState }) {
  const { lines, totalCents, declineFeeCents } = state.content;
  if (!lines.length) return null;
  const changed = state.sent && (state.needsUpdate || state.inspectionChanged);
  return (
    <section aria-label="Quote lines" className="rounded-md border border-slate-200 p-3" data-testid="quote-lines">
      <h3 className="text-sm font-semibold text-slate-900">{QUOTES_CARD_TEXTS.linesTitle}</h3>
      {changed ? <p className="text-xs text-slate-600">{QUOTES_CARD_TEXTS.linesChanged}</p> : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-3 py-1">
            <span className="min-w-0 break-words">{line.label}</span>
            <span className="shrink-0 tabular-nums">{line.amount}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatCents(totalCents)}</span>
      </p>
      {declineFeeCents !== null ? (
        <p className="mt-1 text-xs text-slate-600">
          Inspection fee if declined: {formatCents(declineFeeCents)} (not part of the total)
        </p>
      ) : null}
    </section>
  );
}

/** The proof of the customer's decision: who, when, what they chose, from where. */
function SignedBy({ quote, unitNumber }: { quote: JobQuoteHistoryItem; unitNumber: string | null }) {
  const formatDateTime = useFormatDateTime();
  return (
    <section aria-label="Signed by" className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Signed by</h3>
      <div className="mt-2 flex flex-wrap items-start gap-6 text-sm">
        <div>
          <p className="font-medium text-slate-900">{quote.signerName}</p>
          {quote.decidedAt ? <p className="text-slate-600">{formatDateTime(quote.decidedAt)}</p> : null}
          {quote.decisionIp ? <p className="text-xs text-slate-600">From {quote.decisionIp}</p> : null}
        </div>
        {quote.signatureUrl ? (
          <img
            src={quote.signatureUrl}
            alt={`Signature of ${quote.signerName}`}
            className="h-16 max-w-60 rounded border border-slate-200 bg-white object-contain"
          />
        ) : null}
        {quote.chosenOptions?.length ? (
          <div>
            <p className="text-slate-600">Chosen options</p>
            <ul className="list-inside list-disc text-slate-900">
              {quote.chosenOptions.map((o, i) => (
                <li key={o.inspectionId}>
                  {inspectedUnitName(unitNumber, i, quote.chosenOptions!.length, null)}: {REPAIR_PHASE_LABELS[o.phase]}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
