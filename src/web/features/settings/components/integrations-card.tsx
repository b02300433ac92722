import { Link } from 'react-router';
import { can, type Action } from '../../../../domain/policy';
import { useRole } from '../../../lib/can';
import { Card, CardBody, CardHeader } from '../../../ui/card';

interface IntegrationLink {
  to: string;
  label: string;
  description: string;
  /** Shown to those who may do any of these (src/domain/policy.ts). */
  actions: readonly Action[];
}

/** Settings > Integrations (issue 31): one line per screen that connects the product to others. */
const INTEGRATIONS: readonly IntegrationLink[] = [
  {
    to: '/invoices/accounting-export',
    label: 'Accounting Export',
    description: 'Export invoices, payments and customers for QuickBooks Desktop, QuickBooks Online or Xero',
    actions: ['accounting.export'],
  },
  {
    to: '/settings/accounting',
    label: 'Accounting',
    description: 'The accounts invoices, payments, sales tax and discounts post to',
    actions: ['accounting.export'],
  },
  {
    to: '/settings/webhooks',
    label: 'Webhooks',
    description: 'Send job, quote and invoice events to other systems, signed, as they happen',
    actions: ['webhooks.manage'],
  },
  {
    to: '/settings/api-tokens',
    label: 'API Tokens',
    description: 'Tokens for other applications to call the API, and the OpenAPI document',
    actions: ['apiTokens.manage'],
  },
  {
    to: '/settings/calendar-feeds',
    label: 'Calendar Feeds',
    description: 'Scheduled jobs in Google Calendar, Outlook or Apple Calendar',
    actions: ['calendarFeeds.manage', 'calendarFeeds.own'],
  },
  {
    to: '/settings/data-export',
    label: 'Data Export',
    description: "Download all of the company's data and files in one zip",
    actions: ['data.exportAll'],
  },
];

export function IntegrationsCard() {
  const role = useRole();
  const shown = INTEGRATIONS.filter((link) => link.actions.some((action) => can(role, action)));
  if (shown.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Integrations" />
      <CardBody className="py-0">
        <ul className="divide-y divide-slate-200">
          {shown.map((link) => (
            <li key={link.to} className="py-3">
              <Link to={link.to} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                {link.label}
              </Link>
              <p className="text-sm text-slate-600">{link.description}</p>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
