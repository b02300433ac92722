import { Link } from 'react-router';
import { can, type Action, type UserRole } from '../../../../domain/policy';
import { Card, CardBody, CardHeader } from '../../../ui/card';

/** One entry of Settings > Integrations: a screen, what it is for, and who may open it. */
interface Integration {
  to: string;
  label: string;
  description: string;
  action: Action;
}

/**
 * Settings > Integrations (issue 31): the ways the company's data reaches other systems. Each
 * integration adds its row here; a role that may use none sees no section.
 */
const INTEGRATIONS: Integration[] = [
  {
    to: '/settings/accounting',
    label: 'Accounting',
    description: 'The accounts invoices, payments, sales tax and discounts post to.',
    action: 'accounting.export',
  },
  {
    to: '/invoices/accounting-export',
    label: 'Accounting Export',
    description: 'Export invoices, payments and customers for QuickBooks Desktop, QuickBooks Online or Xero.',
    action: 'accounting.export',
  },
];

export function IntegrationsCard({ role }: { role: UserRole }) {
  const shown = INTEGRATIONS.filter((i) => can(role, i.action));
  if (shown.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Integrations" />
      <CardBody>
        <ul className="divide-y divide-slate-200">
          {shown.map((i) => (
            <li key={i.to} className="py-2 first:pt-0 last:pb-0">
              <Link to={i.to} className="font-medium text-blue-700 hover:underline">
                {i.label}
              </Link>
              <p className="text-sm text-slate-600">{i.description}</p>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
