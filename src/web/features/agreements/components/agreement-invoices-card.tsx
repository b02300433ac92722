import { Link } from 'react-router';
import type { AgreementInvoice } from '../../../../domain/agreements';
import { billingPeriodText } from '../../../../domain/invoices';
import { errorMessage } from '../../../lib/api-client';
import { formatCents, formatDate } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { ErrorBanner } from '../../../ui/banner';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useAgreementInvoices } from '../api/agreement-billing-api';
import { AGREEMENT_TEXTS } from '../agreement-texts';

const TONES = { draft: 'gray', issued: 'blue', paid: 'green', void: 'red' } as const;

/** The agreement's invoices (decision 052): number (linked), billing period or visit, status, amounts. */
export function AgreementInvoicesCard({ agreementId }: { agreementId: string }) {
  const invoices = useAgreementInvoices(agreementId);
  const columns: DataTableColumn<AgreementInvoice>[] = [
    {
      id: 'number',
      header: 'Invoice',
      className: 'whitespace-nowrap',
      cell: (i) => (
        <Link to={`/invoices/${i.id}`} className="text-blue-700 hover:underline">
          {i.invoiceNumber}
        </Link>
      ),
    },
    {
      id: 'period',
      header: 'Bills',
      cell: (i) =>
        i.jobId ? (
          <Link to={`/jobs/${i.jobId}`} className="text-blue-700 hover:underline">
            Visit of {formatDate(i.periodStart)}
          </Link>
        ) : (
          billingPeriodText(i)
        ),
    },
    { id: 'status', header: 'Status', cell: (i) => <Badge tone={TONES[i.status]}>{i.status}</Badge> },
    {
      id: 'amount',
      header: 'Amount',
      className: 'text-right whitespace-nowrap',
      cell: (i) => formatCents(i.amountCents),
    },
    {
      id: 'balance',
      header: 'Balance Due',
      priority: 2,
      className: 'text-right whitespace-nowrap',
      cell: (i) => (i.status === 'void' ? '-' : formatCents(i.balanceCents)),
    },
    {
      id: 'due',
      header: 'Due Date',
      priority: 3,
      className: 'whitespace-nowrap',
      cell: (i) => (i.dueDate ? formatDate(i.dueDate) : '-'),
    },
  ];
  return (
    <Card>
      <CardHeader title="Invoices" />
      <CardBody>
        {invoices.isError ? (
          <ErrorBanner message={errorMessage(invoices.error, 'Failed to load the invoices')} />
        ) : null}
        <DataTable
          bare
          label="Invoices"
          columns={columns}
          rows={invoices.data?.items}
          loading={invoices.isPending}
          loadingLabel="Loading invoices..."
          getRowKey={(i) => i.id}
          getRowLabel={(i) => `invoice ${i.invoiceNumber}`}
          getRowTestId={() => 'agreement-invoice-row'}
          empty={AGREEMENT_TEXTS.noInvoices}
        />
      </CardBody>
    </Card>
  );
}
