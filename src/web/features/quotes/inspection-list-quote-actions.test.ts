import { describe, expect, it } from 'vitest';
import type { JobQuoteHistoryItem, JobQuotesView, QuoteCardState } from '../../../domain/quotes';
import type { QuoteType } from '../../../domain/quote-templates';
import { inspectionListOffer } from './inspection-list-quote-actions';

const quote = (type: QuoteType): JobQuoteHistoryItem => ({
  id: 'q1',
  number: 'QT-1001-1234',
  type,
  status: 'sent',
  amountCents: 18000,
  email: 'a@example.com',
  sentAt: '2026-11-20T10:00:00.000Z',
  sentByName: null,
  expiresAt: '2026-12-20T10:00:00.000Z',
  decidedAt: null,
  signerName: null,
  signatureUrl: null,
  chosenOptions: null,
  declineReason: null,
  declineComment: null,
  decisionIp: null,
  decisionUserAgent: null,
  pdfSha256: null,
  feeInvoice: null,
});

const state = (type: QuoteType, over: Partial<QuoteCardState> = {}): QuoteCardState => ({
  type,
  latest: null,
  sent: false,
  awaitingCustomer: false,
  needsUpdate: false,
  inspectionChanged: false,
  buttonLabel: 'Send Quote',
  canSend: true,
  canWithdraw: false,
  reason: null,
  content: { lines: [], totalCents: 0, declineFeeCents: null },
  ...over,
});

const view = (
  latest: JobQuoteHistoryItem | null,
  types: Partial<Record<QuoteType, Partial<QuoteCardState>>> = {},
): JobQuotesView => ({
  jobId: 'j1',
  jobNumber: 1001,
  contactEmail: null,
  badges: {
    quoteSent: latest !== null,
    quoteConfirmed: false,
    repairApproved: false,
    repairDeclined: false,
    approvedTypes: [],
    declinedTypes: [],
  },
  latest,
  types: {
    inspection: state('inspection', types.inspection),
    repair: state('repair', types.repair),
    replacement: state('replacement', types.replacement),
    other: state('other', types.other),
  },
  history: latest ? [latest] : [],
});

describe('inspectionListOffer', () => {
  it('offers Send Quote (the Inspection Quote) when a completed inspection exists and nothing was sent', () => {
    expect(inspectionListOffer(view(null))).toEqual({ type: 'inspection', label: 'Send Quote' });
  });

  it('offers nothing without a completed inspection (or a default template)', () => {
    expect(
      inspectionListOffer(
        view(null, {
          inspection: { canSend: false, reason: 'Complete an inspection before sending an inspection quote' },
        }),
      ),
    ).toBeNull();
  });

  it('offers nothing once a quote was sent and nothing changed', () => {
    expect(
      inspectionListOffer(view(quote('repair'), { repair: { sent: true, buttonLabel: 'Resend Quote' } })),
    ).toBeNull();
  });

  it("offers the sent quote's type again when the inspections changed after the send", () => {
    expect(
      inspectionListOffer(
        view(quote('repair'), { repair: { sent: true, inspectionChanged: true, buttonLabel: 'Resend Quote' } }),
      ),
    ).toEqual({ type: 'repair', label: 'Resend Quote' });
    expect(
      inspectionListOffer(
        view(quote('replacement'), {
          replacement: { sent: true, inspectionChanged: true, needsUpdate: true, buttonLabel: 'Update Quote' },
        }),
      ),
    ).toEqual({
      type: 'replacement',
      label: 'Update Quote',
    });
  });

  it('offers nothing for a quote of job items, which inspections do not change', () => {
    expect(
      inspectionListOffer(
        view(quote('other'), { other: { sent: true, inspectionChanged: true, buttonLabel: 'Resend Quote' } }),
      ),
    ).toBeNull();
  });
});
