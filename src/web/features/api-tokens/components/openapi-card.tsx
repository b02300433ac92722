import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../ui/banner';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Checkbox } from '../../../ui/form-field';
import { useApiAccess, useSetApiAccess } from '../api/api-tokens-api';
import { API_TOKEN_TEXTS } from '../api-tokens-texts';

/** Whether /api/openapi.json is public (off by default: signed-in users and tokens only). */
export function OpenApiCard() {
  const access = useApiAccess();
  const save = useSetApiAccess();
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader title={API_TOKEN_TEXTS.docsTitle} />
      <CardBody className="space-y-2">
        {error ? <ErrorBanner message={error} /> : null}
        <Checkbox
          label={API_TOKEN_TEXTS.docsPublic}
          checked={access.data?.publicOpenApi ?? false}
          disabled={!access.data}
          onChange={async (e) => {
            setError(null);
            try {
              await save.mutateAsync({ publicOpenApi: e.target.checked });
            } catch (failure) {
              setError(errorMessage(failure, API_TOKEN_TEXTS.docsFailed));
            }
          }}
        />
        <p className="text-xs text-slate-600">{API_TOKEN_TEXTS.docsHint}</p>
        <p className="text-sm">
          <a href="/api/openapi.json" className="text-blue-700 hover:underline" target="_blank" rel="noreferrer">
            {API_TOKEN_TEXTS.docsLink}
          </a>
        </p>
      </CardBody>
    </Card>
  );
}
