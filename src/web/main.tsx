import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers, startFirstRequests } from './app/providers';
import { appRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import './styles.css';

// Once every module has run, not inside their evaluation (decision 020): the first requests (a
// microtask later), then the router, which starts loading the first screen's chunks, and the
// first render, each in a task of its own: on a phone's CPU the evaluation of the modules and the
// router's start were one main-thread task of 150-480 ms, one that no tap could interrupt.
queueMicrotask(startFirstRequests);
setTimeout(() => {
  appRouter();
  setTimeout(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers />
      </StrictMode>,
    ),
  );
});

// The first date formatter of a visit loads the locale's data (~15 ms on a phone's CPU, 60 ms of
// Lighthouse's 4x slower one, half of a job page's first render): done while the main thread waits
// for the network, not inside the first screen's render (decision 062).
const warmDateFormats = () =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'full', timeStyle: 'short' }).format(0);
if (typeof requestIdleCallback === 'function') requestIdleCallback(warmDateFormats, { timeout: 2000 });
else setTimeout(warmDateFormats, 50);

registerServiceWorker();
