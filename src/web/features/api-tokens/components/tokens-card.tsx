import { useState } from 'react';
import type { ApiToken, ApiTokenState } from '../../../../domain/api-tokens';
import { errorMessage } from '../../../lib/api-client';
import { useFormatDateTime } from '../../../lib/company';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, CardHeader } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { toast } from '../../../ui/toast';
import { useRevokeApiToken } from '../api/api-tokens-api';
import { API_TOKEN_TEXTS, ROLE_LABELS, STATE_LABELS } from '../api-tokens-texts';

const STATE_TONES: Record<ApiTokenState, BadgeTone> = { active: 'green', expired: 'amber', revoked: 'gray' };

/** Every token (newest first) with its creator, dates and last use; Revoke on a live one. */
export function TokensCard({ tokens, loading }: { tokens: ApiToken[] | undefined; loading: boolean }) {
  const formatDateTime = useFormatDateTime();
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);

  const columns: DataTableColumn<ApiToken>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (t) => (
        <span>
          <span className="font-medium text-slate-900">{t.name}</span>
          <span className="block font-mono text-xs text-slate-500">…{t.hint}</span>
        </span>
      ),
    },
    { id: 'role', header: 'Role', className: 'whitespace-nowrap', cell: (t) => ROLE_LABELS[t.role] },
    {
      id: 'state',
      header: 'Status',
      cell: (t) => <Badge tone={STATE_TONES[t.state]}>{STATE_LABELS[t.state]}</Badge>,
    },
    { id: 'createdBy', header: 'Created By', priority: 2, cell: (t) => t.createdBy },
    { id: 'createdAt', header: 'Created', priority: 2, cell: (t) => formatDateTime(t.createdAt) },
    {
      id: 'expiresAt',
      header: 'Expires',
      priority: 2,
      cell: (t) => (t.expiresAt ? formatDateTime(t.expiresAt) : API_TOKEN_TEXTS.never),
    },
    {
      id: 'lastUsedAt',
      header: 'Last Used',
      cell: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : API_TOKEN_TEXTS.notUsed),
    },
  ];

  return (
    <Card>
      <CardHeader title={API_TOKEN_TEXTS.listTitle} />
      <DataTable
        bare
        label="API tokens"
        columns={columns}
        rows={tokens}
        loading={loading}
        getRowKey={(t) => t.id}
        getRowLabel={(t) => `API token ${t.name}`}
        empty={API_TOKEN_TEXTS.empty}
        actions={{
          header: 'Actions',
          cell: (t) =>
            t.state === 'revoked' ? null : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${API_TOKEN_TEXTS.revoke} ${t.name}`}
                onClick={() => {
                  setError(null);
                  setConfirming(t);
                }}
              >
                {API_TOKEN_TEXTS.revoke}
              </Button>
            ),
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? API_TOKEN_TEXTS.revokeTitle(confirming.name) : ''}
        description={API_TOKEN_TEXTS.revokeDescription}
        confirmLabel={API_TOKEN_TEXTS.revokeConfirm}
        pendingLabel="Revoking..."
        error={error}
        onConfirm={async () => {
          if (!confirming) return;
          try {
            await revoke.mutateAsync(confirming.id);
            toast.success(`API token "${confirming.name}" revoked`);
            setConfirming(null);
          } catch (e) {
            setError(errorMessage(e, API_TOKEN_TEXTS.revokeFailed));
          }
        }}
      />
    </Card>
  );
}
