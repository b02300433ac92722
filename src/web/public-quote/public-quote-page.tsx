import { useEffect, useId, useMemo, useState } from 'react';
import { formatCents } from '../../domain/money';
import { publicQuoteTotalCents, QUOTE_WORDING } from '../../domain/quote-summary';
import {
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  QUOTE_MESSAGES,
  type DeclineReason,
  type PublicQuoteView,
} from '../../domain/quotes';
import type { RepairPhase } from '../../domain/repairs';
import { formatDateTimeInZone } from '../../domain/dates';
import { SignaturePad } from '../ui/signature-pad';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  | { kind: 'view'; view: PublicQuoteView; processing: boolean; error: string | null };

async function readError(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    return body.error?.message || fallback;
  } catch {
    return fallback;
  }
}

const na = (value: string | number | null | undefined, suffix = '') =>
  value === null || value === undefined || value === '' ? 'N/A' : `${value}${suffix}`;

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main id="main-content" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      {children}
    </main>
  );
}

function Processing() {
  return (
    <Shell>
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
        <span
          aria-hidden="true"
          className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-blue-600"
        />
        <p>Processing your request...</p>
      </div>
    </Shell>
  );
}

function Failed({ title, message }: { title: string; message: string }) {
  return (
    <Shell>
      <section className="rounded-lg border border-red-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-red-800">{title}</h1>
        <p className="mt-3 text-slate-700">{message}</p>
        <a href="/" className="mt-6 inline-block font-medium text-blue-700 underline">
          Return to Home
        </a>
      </section>
    </Shell>
  );
}

function SignedBy({ decision, timeZone }: { decision: NonNullable<PublicQuoteView['decision']>; timeZone: string }) {
  return (
    <section aria-labelledby="signed-by" className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-4">
      <h2 id="signed-by" className="text-base font-semibold">
        Signed by
      </h2>
      <p className="mt-1">{decision.signerName ?? 'N/A'}</p>
      {decision.signatureDataUrl && (
        <img
          src={decision.signatureDataUrl}
          alt={`Signature of ${decision.signerName ?? 'the customer'}`}
          className="mt-2 h-20 max-w-full rounded border border-slate-200 bg-white"
        />
      )}
      <p className="mt-2 text-sm text-slate-600">{formatDateTimeInZone(decision.decidedAt, timeZone)}</p>
    </section>
  );
}

/** What the customer approved: each inspected unit's option and the total, as stored with the decision. */
function ApprovedOptions({
  view,
  chosen,
}: {
  view: PublicQuoteView;
  chosen: NonNullable<NonNullable<PublicQuoteView['decision']>['chosenOptions']>;
}) {
  const choices = new Map(chosen.map((c) => [c.inspectionId, c.phase] as const));
  const rows = view.inspections.flatMap((inspection, index) => {
    const option = inspection.options?.find((o) => o.phase === choices.get(inspection.id));
    return option ? [{ key: inspection.id, label: `Inspection ${index + 1}`, option }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="approved-options" className="mt-4">
      <h2 id="approved-options" className="text-base font-semibold">
        Approved {QUOTE_WORDING[view.quoteType].subject}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
        {rows.map((row) => (
          <li key={row.key} className="flex justify-between gap-3 p-2 text-sm">
            <span className="min-w-0">
              {row.label}: {row.option.label}
            </span>
            <span className="shrink-0">{formatCents(row.option.totalCents)}</span>
          </li>
        ))}
        {view.items.map((item, i) => (
          <li key={`item-${i}`} className="flex justify-between gap-3 p-2 text-sm">
            <span className="min-w-0">
              {item.name} x {item.quantity}
            </span>
            <span className="shrink-0">{formatCents(item.totalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between font-semibold">
        <span>Total</span>
        <span>{formatCents(publicQuoteTotalCents(view, choices))}</span>
      </p>
    </section>
  );
}

function Decided({ view }: { view: PublicQuoteView }) {
  const d = view.decision!;
  const words = QUOTE_WORDING[view.quoteType];
  return (
    <Shell>
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        {d.approved ? (
          <>
            <h1 className="text-2xl font-semibold text-green-800">{words.approvedTitle}</h1>
            <p className="mt-3 text-slate-700">
              Thank you for approving the {words.subject}. {view.companyName} will contact you to schedule the service.
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-semibold text-slate-900">{words.declinedTitle}</h1>
            <p className="mt-3 text-slate-700">
              {view.declineChargesFee
                ? `You declined the ${words.subject}. An inspection fee invoice of ${formatCents(view.inspectionFeeCents)} has been generated and sent to you by e-mail.`
                : `You declined the ${words.subject}. No inspection fee was charged for this decision.`}
            </p>
            {d.invoiceNumber && (
              <p className="mt-2 text-slate-700">
                Invoice number: <strong>{d.invoiceNumber}</strong>
              </p>
            )}
            {d.declineReason && <p className="mt-2 text-slate-700">Reason: {DECLINE_REASON_LABELS[d.declineReason]}</p>}
          </>
        )}
        {d.approved && d.chosenOptions?.length ? <ApprovedOptions view={view} chosen={d.chosenOptions} /> : null}
        <p className="mt-2 text-sm text-slate-600">
          Quote {view.quoteNumber} for job #{view.jobNumber}
        </p>
        <SignedBy decision={d} timeZone={view.timeZone} />
        <a href="/" className="mt-6 inline-block font-medium text-blue-700 underline">
          Return to Home
        </a>
      </section>
    </Shell>
  );
}

const NOTICE_TITLES = { withdrawn: 'Quote Withdrawn', superseded: 'Newer Quote Sent' } as const;

/**
 * A quote the office withdrew (or whose job was cancelled), one a newer quote replaced, or a
 * decision older than 90 days: only the fact and whom to call.
 */
function Notice({ view }: { view: PublicQuoteView }) {
  const decidedOn = view.decision ? formatDateTimeInZone(view.decision.decidedAt, view.timeZone) : null;
  return (
    <Shell>
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-slate-900">
          {view.status === 'withdrawn' || view.status === 'superseded'
            ? NOTICE_TITLES[view.status]
            : 'Decision Recorded'}
        </h1>
        <p className="mt-3 text-slate-700">
          {view.status === 'withdrawn' || view.status === 'superseded'
            ? QUOTE_MESSAGES[view.status]
            : `A decision was made on quote ${view.quoteNumber}${decidedOn ? ` on ${decidedOn}` : ''}. Its details are no longer shown here.`}
        </p>
        <p className="mt-2 text-slate-700">
          Questions? Contact {view.companyName}
          {view.companyPhone ? ` at ${view.companyPhone}` : ''}.
        </p>
        <a href="/" className="mt-6 inline-block font-medium text-blue-700 underline">
          Return to Home
        </a>
      </section>
    </Shell>
  );
}

function Pending({
  view,
  preselect,
  processing,
  error,
  onDecide,
}: {
  view: PublicQuoteView;
  preselect: 'approve' | 'deny' | null;
  processing: boolean;
  error: string | null;
  onDecide: (body: Record<string, unknown>) => void;
}) {
  const ids = useId();
  const [choices, setChoices] = useState<Map<string, RepairPhase>>(
    () => new Map(view.inspections.flatMap((i) => (i.selectedPhase ? [[i.id, i.selectedPhase] as const] : []))),
  );
  const [signerName, setSignerName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [comment, setComment] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const words = QUOTE_WORDING[view.quoteType];
  // The quote's one total (quoteSummary, decision 031) for the options chosen here.
  const total = useMemo(() => publicQuoteTotalCents(view, choices), [view, choices]);

  const submit = (approve: boolean) => {
    if (!signerName.trim()) {
      setNameError(QUOTE_MESSAGES.signerRequired);
      document.getElementById(`${ids}-name`)?.focus();
      return;
    }
    setNameError(null);
    onDecide({
      approve,
      signerName: signerName.trim(),
      signature,
      options: approve ? [...choices].map(([inspectionId, phase]) => ({ inspectionId, phase })) : [],
      reason: approve ? null : reason || null,
      comment: !approve && reason === 'other' ? comment.trim() || null : null,
    });
  };

  const emphasis = (which: 'approve' | 'deny') =>
    preselect === which ? ' ring-4 ring-offset-2 ' + (which === 'approve' ? 'ring-green-300' : 'ring-red-300') : '';

  return (
    <Shell>
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h1 className="text-2xl font-semibold">{words.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{view.companyName}</p>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          {[
            ['Job Number', `#${view.jobNumber}`],
            ['Service', view.serviceName],
            ['Quote Number', view.quoteNumber],
            ['Unit Number', na(view.unitNumber)],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
          <div className="sm:col-span-2">
            <dt className="text-sm text-slate-600">Location</dt>
            <dd className="font-medium">
              {view.location.name}
              <br />
              {view.location.address}, {view.location.city}, {view.location.state} {view.location.zip}
            </dd>
          </div>
        </dl>

        {view.inspections.length > 0 && <h2 className="mt-6 text-lg font-semibold">Inspection Results</h2>}
        {view.inspections.map((inspection, index) => (
          <section
            key={inspection.id}
            aria-labelledby={`${ids}-unit-${index}`}
            className="mt-3 rounded-md border border-slate-200 p-3 sm:p-4"
          >
            <h3 id={`${ids}-unit-${index}`} className="font-semibold">
              Inspection {index + 1}
            </h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              {[
                ['Model Number', na(inspection.modelNumber)],
                ['Serial Number', na(inspection.serialNumber)],
                ['Age', na(inspection.age, ' years')],
                ['Tonnage', na(inspection.tonnage)],
                ['Unit Type', na(inspection.unitType)],
                ['System Type', na(inspection.systemType)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            {inspection.options && (
              <fieldset className="mt-3">
                <legend className="text-sm font-semibold">
                  {words.optionLegend} for inspection {index + 1}
                </legend>
                <div className="mt-2 grid gap-2">
                  {inspection.options.map((option) => (
                    <label
                      key={option.phase}
                      className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
                    >
                      <input
                        type="radio"
                        className="mt-1 h-4 w-4"
                        name={`${ids}-option-${inspection.id}`}
                        value={option.phase}
                        checked={choices.get(inspection.id) === option.phase}
                        onChange={() => setChoices((prev) => new Map(prev).set(inspection.id, option.phase))}
                      />
                      <span className="flex-1">
                        <span className="flex flex-wrap justify-between gap-2 font-medium">
                          <span>{option.label}</span>
                          <span>{formatCents(option.totalCents)}</span>
                        </span>
                        {option.description && (
                          <span className="block text-sm text-slate-600">{option.description}</span>
                        )}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          </section>
        ))}

        {view.items.length > 0 && (
          <h2 className="mt-6 text-lg font-semibold">{view.quoteType === 'other' ? 'Items' : 'Parts and Labor'}</h2>
        )}
        {view.items.length > 0 && (
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {view.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-2 p-2 text-sm">
                <span>
                  {item.name} x {item.quantity}
                </span>
                <span>{formatCents(item.totalCents)}</span>
              </li>
            ))}
          </ul>
        )}

        <p
          className="mt-4 flex justify-between border-t border-slate-200 pt-3 text-lg font-semibold"
          aria-live="polite"
        >
          <span>Total</span>
          <span>{formatCents(total)}</span>
        </p>
        {view.quoteType !== 'other' && (
          <p className="mt-1 text-sm text-slate-600">
            Inspection fee if declined: {formatCents(view.inspectionFeeCents)} (not part of the total)
          </p>
        )}

        <h2 className="mt-6 text-lg font-semibold">Your decision</h2>
        {preselect && (
          <p className="mt-1 text-sm text-slate-700" data-testid="preselected">
            You chose {preselect === 'approve' ? words.approve : words.deny} in the e-mail. Nothing has been decided
            yet: sign below and press the button to confirm.
          </p>
        )}
        <div className="mt-2">
          <label htmlFor={`${ids}-name`} className="block text-sm font-medium">
            Your full name (signature)
          </label>
          <input
            id={`${ids}-name`}
            autoComplete="name"
            value={signerName}
            onChange={(e) => setSignerName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${ids}-name-hint${nameError ? ` ${ids}-name-error` : ''}`}
            className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          />
          <p id={`${ids}-name-hint`} className="mt-1 text-sm text-slate-600">
            Typing your name signs your decision electronically.
          </p>
          {nameError && (
            <p id={`${ids}-name-error`} className="mt-1 text-sm text-red-700">
              {nameError}
            </p>
          )}
        </div>
        <div className="mt-3">
          <p id={`${ids}-sig`} className="text-sm font-medium">
            Drawn signature (optional)
          </p>
          <SignaturePad labelId={`${ids}-sig`} onChange={setSignature} />
        </div>
        <div className="mt-3">
          <label htmlFor={`${ids}-reason`} className="block text-sm font-medium">
            If you deny: reason (optional)
          </label>
          <select
            id={`${ids}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value as DeclineReason | '')}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <option value="">No reason given</option>
            {DECLINE_REASONS.map((r) => (
              <option key={r} value={r}>
                {DECLINE_REASON_LABELS[r]}
              </option>
            ))}
          </select>
          {reason === 'other' && (
            <>
              <label htmlFor={`${ids}-comment`} className="mt-3 block text-sm font-medium">
                Tell us more (optional)
              </label>
              <textarea
                id={`${ids}-comment`}
                value={comment}
                maxLength={1000}
                rows={3}
                onChange={(e) => setComment(e.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              />
            </>
          )}
        </div>

        {error && (
          <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
            {error}
          </p>
        )}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            disabled={processing}
            onClick={() => submit(true)}
            className={`rounded-md bg-green-700 px-5 py-3 text-base font-semibold text-white hover:bg-green-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-green-900 disabled:opacity-60${emphasis('approve')}`}
          >
            {words.approve}
          </button>
          <button
            type="button"
            disabled={processing}
            onClick={() => submit(false)}
            className={`rounded-md bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-900 disabled:opacity-60${emphasis('deny')}`}
          >
            {words.deny}
          </button>
        </div>
        <p className="mt-4 text-sm text-slate-700">
          By approving, you authorize {view.companyName} to proceed with the {words.subject}.{' '}
          {view.declineChargesFee
            ? `If you deny the ${words.subject}, you will be charged ${formatCents(view.inspectionFeeCents)} for the inspection.`
            : `Denying the ${words.subject} adds no inspection fee.`}
        </p>
      </section>
    </Shell>
  );
}

/** Every state of the customer's page (part 2, "Public quote confirmation"). */
export function PublicQuotePage({ token, preselect }: { token: string; preselect: 'approve' | 'deny' | null }) {
  const [state, setState] = useState<State>(() => (token ? { kind: 'loading' } : { kind: 'invalid' }));

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    (async () => {
      try {
        const response = await fetch(`/api/public/quotes/${encodeURIComponent(token)}`, {
          headers: { accept: 'application/json' },
        });
        if (cancelled) return;
        if (!response.ok)
          return setState({ kind: 'failed', message: await readError(response, 'Error fetching quote details') });
        setState({ kind: 'view', view: (await response.json()) as PublicQuoteView, processing: false, error: null });
      } catch {
        if (!cancelled) setState({ kind: 'failed', message: 'Error fetching quote details' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token]);

  const decide = async (body: Record<string, unknown>) => {
    if (state.kind !== 'view') return;
    setState({ ...state, processing: true, error: null });
    try {
      const response = await fetch(`/api/public/quotes/${encodeURIComponent(token)}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status === 400)
        return setState({
          ...state,
          processing: false,
          error: await readError(response, QUOTE_MESSAGES.confirmFailed),
        });
      if (!response.ok)
        return setState({ kind: 'failed', message: await readError(response, QUOTE_MESSAGES.confirmFailed) });
      const result = (await response.json()) as { view: PublicQuoteView };
      setState({ kind: 'view', view: result.view, processing: false, error: null });
    } catch {
      setState({ kind: 'failed', message: QUOTE_MESSAGES.confirmFailed });
    }
  };

  if (state.kind === 'invalid')
    return <Failed title="Quote Confirmation Failed" message={QUOTE_MESSAGES.invalidLink} />;
  if (state.kind === 'loading') return <Processing />;
  if (state.kind === 'failed') return <Failed title="Quote Confirmation Failed" message={state.message} />;
  if (state.processing) return <Processing />;
  if (state.view.status === 'withdrawn' || state.view.status === 'superseded' || state.view.archived)
    return <Notice view={state.view} />;
  if (state.view.decision) return <Decided view={state.view} />;
  return (
    <Pending
      view={state.view}
      preselect={preselect}
      processing={state.processing}
      error={state.error}
      onDecide={(b) => void decide(b)}
    />
  );
}
