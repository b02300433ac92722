import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers, startFirstRequests } from './app/providers';
import { appRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import './styles.css';

// Once every module has run (a microtask later), not inside their evaluation: the first requests,
// the router (which starts loading the first screen's chunks) and the first render (decision 020).
queueMicrotask(() => {
  startFirstRequests();
  appRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  );
});

registerServiceWorker();
