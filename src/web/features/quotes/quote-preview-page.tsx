import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { ApiErrorBody } from '../../../domain/api';
import { quotePdfFileName } from '../../../domain/quotes';
import { QUOTE_TYPE_LABELS, QUOTE_TYPES } from '../../../domain/quote-templates';
import { ApiError, errorMessage, withQuery } from '../../lib/api-client';
import { ErrorBanner } from '../../ui/banner';
import { Button, buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { DetailProblem, validId } from '../../ui/detail-screen';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { PREVIEW_TEXTS } from './quote-texts';

const typeParam = z.enum(QUOTE_TYPES);

/** The quote PDF as bytes: a problem answer (JSON) becomes the ApiError with the server's message. */
async function fetchQuotePdf(jobId: string, type: string, quoteNumber: string | null): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(withQuery(`/api/jobs/${jobId}/quote-preview`, { type, quoteNumber }), {
      credentials: 'same-origin',
      headers: { accept: 'application/pdf, application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error.code ?? 'INTERNAL_ERROR',
      body?.error.message ?? PREVIEW_TEXTS.noPdf,
      body?.error.fields ?? {},
    );
  }
  const blob = await response.blob();
  if (blob.size === 0) throw new ApiError(500, 'INTERNAL_ERROR', PREVIEW_TEXTS.noPdf);
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

/**
 * /jobs/:id/quote-preview?type=repair: the quote PDF on the type's default template, in a frame
 * 800px high, with Print Quote, Download PDF (quote-{jobId}-{type}.pdf) and Back to Job Details.
 */
export default function QuotePreviewPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const jobId = validId(id);
  const parsedType = typeParam.safeParse(params.get('type') ?? 'repair');
  const type = parsedType.success ? parsedType.data : null;
  const quoteNumber = params.get('quoteNumber');
  const frame = useRef<HTMLIFrameElement>(null);

  const pdf = useQuery({
    queryKey: ['quote-preview', jobId, type, quoteNumber],
    queryFn: () => fetchQuotePdf(jobId!, type!, quoteNumber),
    enabled: Boolean(jobId && type),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdf.data) : null), [pdf.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const back = { to: jobId ? `/jobs/${jobId}` : '/jobs', label: 'Back to Job Details' };
  if (!jobId) return <DetailProblem message="Invalid job ID format" back={{ to: '/jobs', label: 'Back to Jobs' }} />;
  if (!type) return <DetailProblem message="Quote type must be inspection, repair, replacement or other" back={back} />;

  const fileName = quotePdfFileName(jobId, type);
  const print = () => {
    const win = frame.current?.contentWindow;
    try {
      win?.focus();
      win?.print();
    } catch {
      // A browser that will not print a framed PDF: open it on its own, where its viewer prints.
      if (url) window.open(url, '_blank', 'noopener');
    }
  };

  let problem: { message: string; notFound: boolean } | null = null;
  if (pdf.isError) {
    const error = pdf.error;
    const notFound = error instanceof ApiError && error.status === 404;
    problem = { message: notFound ? error.message : errorMessage(error, PREVIEW_TEXTS.noPdf), notFound };
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={`${QUOTE_TYPE_LABELS[type]} Quote Preview`}
        subtitle={
          quoteNumber
            ? `Quote ${quoteNumber}`
            : 'The quote number and the customer links are added when the quote is sent.'
        }
        back={back}
        actions={
          <>
            <Button variant="secondary" onClick={print} disabled={!url}>
              <Printer className="h-4 w-4" aria-hidden /> Print Quote
            </Button>
            {url ? (
              <a href={url} download={fileName} className={buttonClass('primary')}>
                <Download className="h-4 w-4" aria-hidden /> Download PDF
              </a>
            ) : (
              <Button disabled>
                <Download className="h-4 w-4" aria-hidden /> Download PDF
              </Button>
            )}
          </>
        }
      />
      {problem ? (
        <ErrorBanner message={problem.message}>{problem.notFound ? null : <p>{PREVIEW_TEXTS.hint}</p>}</ErrorBanner>
      ) : pdf.isPending ? (
        <Spinner label="Generating the quote PDF..." />
      ) : url ? (
        <Card className="overflow-hidden">
          <iframe
            ref={frame}
            src={url}
            title={`${QUOTE_TYPE_LABELS[type]} quote PDF`}
            className="block h-[800px] w-full"
          />
        </Card>
      ) : (
        <ErrorBanner message={PREVIEW_TEXTS.noPdf}>
          <p>{PREVIEW_TEXTS.hint}</p>
        </ErrorBanner>
      )}
    </div>
  );
}
