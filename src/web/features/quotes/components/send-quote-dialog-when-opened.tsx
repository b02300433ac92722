import { lazyDialog } from '../../../lib/lazy-dialog';

/** The Send Quote dialog of the Quotes card and the inspection list: it checks with the API's schema. */
export const SendQuoteDialogWhenOpened = lazyDialog(() => import('./send-quote-dialog'), 'SendQuoteDialog');
