import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';
import { useRotateWebhookSecret, useWebhookSecret } from '../api/webhooks-api';
import { WEBHOOK_TEXTS } from '../webhooks-texts';

/**
 * The endpoint's signing secret (`whsec_...`): hidden until asked for (shown at once after Add
 * Endpoint), copied to the clipboard, or replaced (Rotate: the receiver must take the new one).
 */
export function SecretCard({ endpointId, initiallyShown }: { endpointId: string; initiallyShown: boolean }) {
  const [shown, setShown] = useState(initiallyShown);
  const [rotating, setRotating] = useState(false);
  const secret = useWebhookSecret(endpointId, shown);
  const rotate = useRotateWebhookSecret(endpointId);

  const copy = async () => {
    if (!secret.data) return;
    try {
      await navigator.clipboard.writeText(secret.data.secret);
      toast.success('Signing secret copied');
    } catch {
      toast.info('Select the secret and copy it');
    }
  };

  return (
    <Card>
      <CardHeader
        title="Signing Secret"
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={() => setShown(!shown)} aria-pressed={shown}>
              {shown ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
              {shown ? 'Hide Secret' : 'Show Secret'}
            </Button>
            {shown && secret.data ? (
              <Button variant="secondary" size="sm" onClick={() => void copy()}>
                <Copy className="h-4 w-4" aria-hidden /> Copy
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" onClick={() => setRotating(true)}>
              <RefreshCw className="h-4 w-4" aria-hidden /> Rotate Secret
            </Button>
          </>
        }
      />
      <CardBody className="space-y-2">
        <p className="text-sm text-slate-600">
          The receiver verifies each request with this secret: the webhook-signature header is <code>v1,</code> and the
          base64 HMAC-SHA256 of <code>webhook-id.webhook-timestamp.body</code>.
        </p>
        {secret.isError ? <ErrorBanner message={errorMessage(secret.error, WEBHOOK_TEXTS.secretFailed)} /> : null}
        {shown && secret.data ? (
          <p>
            <code
              data-testid="webhook-secret"
              className="block rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
            >
              {secret.data.secret}
            </code>
          </p>
        ) : shown && secret.isPending ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : (
          <p className="font-mono text-sm text-slate-600" aria-label="Secret hidden">
            whsec_••••••••••••••••
          </p>
        )}
      </CardBody>
      <ConfirmDialog
        open={rotating}
        onOpenChange={setRotating}
        title="Rotate the signing secret?"
        description="Deliveries are signed with the new secret at once; the receiving system must be given it, or it will refuse them."
        confirmLabel="Rotate Secret"
        pendingLabel="Rotating..."
        error={rotate.isError ? errorMessage(rotate.error, WEBHOOK_TEXTS.secretFailed) : null}
        onConfirm={async () => {
          try {
            await rotate.mutateAsync();
          } catch {
            return; // the dialog stays open with the error
          }
          setShown(true);
          setRotating(false);
          toast.success(WEBHOOK_TEXTS.rotated);
        }}
      />
    </Card>
  );
}
