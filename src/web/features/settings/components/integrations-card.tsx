import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/can';
import { Card, CardBody, CardHeader } from '../../../ui/card';

/** One link of Integrations: where it goes, what it is, and who sees it (a policy action). */
function IntegrationLink({
  to,
  icon,
  title,
  children,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-start gap-3 rounded-md p-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <span className="mt-0.5 text-slate-500">{icon}</span>
        <span>
          <span className="block font-medium text-blue-700">{title}</span>
          <span className="block text-sm text-slate-600">{children}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * Settings > Integrations: the ways other software connects (issue 31). Each screen adds its
 * link here; the card shows only when the user may open one of them.
 */
export function IntegrationsCard() {
  const apiTokens = useCan('apiTokens.manage');
  if (!apiTokens) return null;
  return (
    <Card>
      <CardHeader title="Integrations" />
      <CardBody>
        <ul className="grid gap-2 md:grid-cols-2">
          {apiTokens ? (
            <IntegrationLink
              to="/settings/api-tokens"
              icon={<KeyRound className="h-4 w-4" aria-hidden />}
              title="API Tokens"
            >
              Tokens for other applications to call the API, and the OpenAPI document
            </IntegrationLink>
          ) : null}
        </ul>
      </CardBody>
    </Card>
  );
}
