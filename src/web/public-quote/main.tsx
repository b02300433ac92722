/**
 * The customer's quote page /quote/confirm/{token}: its own small bundle (quote-confirm.html), so a
 * customer on a phone never downloads the staff application (decision 018).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { PublicQuotePage } from './public-quote-page';

const token = decodeURIComponent(window.location.pathname.replace(/^\/quote\/confirm\/?/, '').split('/')[0] ?? '');
const approve = new URLSearchParams(window.location.search).get('approve');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicQuotePage token={token} preselect={approve === 'true' ? 'approve' : approve === 'false' ? 'deny' : null} />
  </StrictMode>,
);
