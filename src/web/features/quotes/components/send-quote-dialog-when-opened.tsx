import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { SendQuoteDialog as Dialog } from './send-quote-dialog';

// Checks with the API's schema: loaded and mounted on first opening (decision 057).
const SendQuoteDialog = lazy(() => import('./send-quote-dialog').then((m) => ({ default: m.SendQuoteDialog })));

/** The Send Quote dialog, loaded with its first opening and mounted from then on. */
export function SendQuoteDialogWhenOpened(props: ComponentProps<typeof Dialog>) {
  const used = useOpenedOnce(props.open);
  return used ? (
    <Suspense fallback={null}>
      <SendQuoteDialog {...props} />
    </Suspense>
  ) : null;
}
