import { Download } from 'lucide-react';
import { useCan } from '../../lib/can';
import { InfoBanner } from '../../ui/banner';
import { buttonClass } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';

/**
 * /settings/data-export (decision 050): the admin downloads all of the company's data in one zip.
 * A plain link, so the browser streams the download itself (nothing is held in the page).
 */
export default function DataExportPage() {
  const allowed = useCan('data.exportAll');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Data Export"
        subtitle="All of the company's data in one file, so it can always be taken elsewhere"
        back={{ to: '/settings', label: 'Back to Settings' }}
      />
      {allowed ? (
        <Card>
          <CardHeader title="Download All Data" />
          <CardBody className="space-y-4 text-sm text-slate-700">
            <p>
              A zip file with one CSV file per kind of record (companies, locations, units, contacts, jobs and their
              items, inspections, repairs, quotes, invoices, payments, the price book, settings, users and
              technicians...) and every stored file (quote and invoice PDFs, PDF templates, inspection photos).
              README.txt in the zip explains the files.
            </p>
            <p>
              Passwords, sign-in sessions, calendar feed URLs and customers&apos; quote links are never included. A
              large company&apos;s export can take several minutes to download.
            </p>
            <a href="/api/data-export" download className={buttonClass('primary')}>
              <Download className="h-4 w-4" aria-hidden /> Download All Data
            </a>
          </CardBody>
        </Card>
      ) : (
        <InfoBanner>Only an admin can download all of the company&apos;s data.</InfoBanner>
      )}
    </div>
  );
}
