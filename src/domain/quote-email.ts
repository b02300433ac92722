/**
 * The quote e-mail written from an e-mail template and a job's values: the subject, the plain text
 * and the HTML. The send flow writes exactly this into the outbox, and the template screen's live
 * preview renders it with sample values, so what is previewed is what is sent.
 */
import type { EmailTemplateContent } from './quote-templates.js';

export interface QuoteEmailValues {
  customerName: string;
  companyName: string;
  jobNumber: number | string;
  jobName: string;
  quoteNumber: string;
  quoteType: string;
  locationName: string;
  unitNumber: string;
  /** "$1,234.50": the quote's grand total (quoteSummary) */
  totalAmount: string;
  /** what the quote lists (quoteSummaryLines): each offered option and item with its amount */
  lines?: { label: string; amount: string }[];
  /** "$180.00": charged if the customer declines; never the total */
  declineFee?: string | null;
  /** PUBLIC_URL/quote/confirm/{token}?approve=true, and ?approve=false */
  approveUrl: string;
  denyUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const QUOTE_EMAIL_PLACEHOLDERS = [
  'customerName',
  'companyName',
  'jobNumber',
  'jobName',
  'quoteNumber',
  'quoteType',
  'locationName',
  'unitNumber',
  'totalAmount',
] as const;

/** Sample values for the template screen's preview. */
export const SAMPLE_QUOTE_EMAIL_VALUES: QuoteEmailValues = {
  customerName: 'Jordan Lee',
  companyName: 'Summit Air Mechanical',
  jobNumber: 1042,
  jobName: 'RTU-1 not cooling',
  quoteNumber: 'QT-1042-4821',
  quoteType: 'repair',
  locationName: 'Midtown Medical Plaza',
  unitNumber: 'RTU-1',
  totalAmount: '$4,250.00',
  lines: [
    { label: 'Inspection 1: Economy Option', amount: '$2,500.00' },
    { label: 'Inspection 1: Standard Option (selected)', amount: '$4,010.00' },
    { label: 'Run capacitor x 2', amount: '$240.00' },
  ],
  declineFee: '$180.00',
  approveUrl: 'https://example.com/quote/confirm/sample?approve=true',
  denyUrl: 'https://example.com/quote/confirm/sample?approve=false',
};

/** {name} placeholders filled in; an unknown placeholder is left as typed, a missing value becomes empty. */
export function fillPlaceholders(text: string, values: QuoteEmailValues): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (QUOTE_EMAIL_PLACEHOLDERS as readonly string[]).includes(name)
      ? String(values[name as keyof QuoteEmailValues] ?? '')
      : whole,
  );
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Paragraphs split on blank lines; single line breaks kept as <br>. */
function htmlParagraphs(text: string, style: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="${style}">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

const BODY = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937';
const NOTE = 'margin:0 0 12px;font-size:13px;line-height:1.5;color:#4b5563';
const button = (href: string, label: string, color: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;margin:0 8px 8px 0;border-radius:6px;background:${color};color:#ffffff;font-size:15px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>`;

/**
 * The e-mail for one quote. Every text comes from the template (placeholders filled); the job
 * summary lines (quote number, job, location, unit, total) are added so the customer sees what the
 * quote is about even when the wording is short.
 */
export function renderQuoteEmail(template: EmailTemplateContent, values: QuoteEmailValues): RenderedEmail {
  const t = Object.fromEntries(
    Object.entries(template).map(([k, v]) => [k, fillPlaceholders(v, values).trim()]),
  ) as EmailTemplateContent;
  const summary: [string, string][] = (
    [
      ['Quote number', values.quoteNumber],
      ['Job', `#${values.jobNumber}${values.jobName ? ` ${values.jobName}` : ''}`],
      ['Location', values.locationName],
      ['Unit', values.unitNumber],
    ] as [string, string][]
  ).filter(([, v]) => v && v.trim());
  // What the quote is for, its total, and what declining costs (decision 031).
  const amounts: [string, string][] = [
    ...(values.lines ?? []).map((l): [string, string] => [l.label, l.amount]),
    ['Total', values.totalAmount] as [string, string],
    ...(values.declineFee ? ([['Inspection fee if declined', values.declineFee]] as [string, string][]) : []),
  ].filter(([, v]) => v && v.trim());

  const text = [
    t.greeting,
    t.introText,
    summary.map(([k, v]) => `${k}: ${v}`).join('\n'),
    amounts.map(([k, v]) => `${k}: ${v}`).join('\n'),
    t.approvalText,
    `${t.approveButtonText}: ${values.approveUrl}`,
    `${t.denyButtonText}: ${values.denyUrl}`,
    t.approvalNote,
    t.denialNote,
    t.closingText,
    t.signature,
  ]
    .filter(Boolean)
    .join('\n\n');

  const rows = [...summary, ...amounts]
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#6b7280;font-size:14px">${escapeHtml(k)}</td><td style="padding:4px 0;font-size:14px;color:#111827"><strong>${escapeHtml(v)}</strong></td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:8px;padding:28px 24px">
${htmlParagraphs(t.greeting, BODY)}
${htmlParagraphs(t.introText, BODY)}
${rows ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 20px">${rows}</table>` : ''}
${htmlParagraphs(t.approvalText, BODY)}
<div style="margin:0 0 16px">${button(values.approveUrl, t.approveButtonText, '#15803d')}${button(values.denyUrl, t.denyButtonText, '#b91c1c')}</div>
${htmlParagraphs(t.approvalNote, NOTE)}
${htmlParagraphs(t.denialNote, NOTE)}
${htmlParagraphs(t.closingText, BODY)}
${htmlParagraphs(t.signature, BODY)}
</div>
</div>
</body></html>`;
  return { subject: t.subject.replace(/\s+/g, ' '), text, html };
}
