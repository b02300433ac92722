import { useState } from 'react';
import { useCan } from '../../lib/can';
import { errorMessage } from '../../lib/api-client';
import { ErrorBanner } from '../../ui/banner';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { CreateTokenForm } from './components/create-token-form';
import { NewTokenPanel } from './components/new-token-panel';
import { OpenApiCard } from './components/openapi-card';
import { TokensCard } from './components/tokens-card';
import { useApiTokens } from './api/api-tokens-api';
import { API_TOKEN_TEXTS } from './api-tokens-texts';
import { useSession } from '../../lib/session';

/**
 * /settings/api-tokens (issue 31, decision 047): admins create named tokens with a role and an
 * expiry, copy a new token once, see every token's creator, expiry and last use, and revoke one;
 * and decide whether the OpenAPI document is public.
 */
export default function ApiTokensPage() {
  const session = useSession();
  const allowed = useCan('apiTokens.manage');
  if (!session.data) return <Spinner />;
  if (!allowed) {
    return (
      <div className="mx-auto max-w-6xl">
        <PageHeader title={API_TOKEN_TEXTS.title} back={{ to: '/settings', label: 'Back to Settings' }} />
        <ErrorBanner message={API_TOKEN_TEXTS.forbidden} />
      </div>
    );
  }
  return <ApiTokensScreen />;
}

function ApiTokensScreen() {
  const tokens = useApiTokens();
  // The token just made: held in this screen's state only, gone when the panel closes.
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={API_TOKEN_TEXTS.title}
        subtitle={API_TOKEN_TEXTS.subtitle}
        back={{ to: '/settings', label: 'Back to Settings' }}
      />
      {created ? <NewTokenPanel name={created.name} token={created.token} onDone={() => setCreated(null)} /> : null}
      <CreateTokenForm onCreated={(name, token) => setCreated({ name, token })} />
      {tokens.isError ? <ErrorBanner message={errorMessage(tokens.error, API_TOKEN_TEXTS.loadFailed)} /> : null}
      <TokensCard tokens={tokens.data?.items} loading={tokens.isPending} />
      <OpenApiCard />
    </div>
  );
}
