import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
// From react-router/dom: it hands ReactDOM.flushSync to the router (a URL filter's change commits
// within its event, lib/url-state.ts).
import { RouterProvider } from 'react-router/dom';
import { ApiError, onUnauthorized } from '../lib/api-client';
import { companyInfoQuery } from '../lib/company';
import { authOptionsQuery, rememberSignedIn, sessionKey, sessionQuery, wasSignedIn } from '../lib/session';
import { appRouter } from './router';
import { UpdatePrompt } from './update-prompt';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * Every screen first asks who is signed in (index.html preloads that answer): ask at start, while
 * the screen's code is still loading, not after it has run. Every signed-in screen shows the
 * company (the header; Home's title is the largest paint): a browser that was signed in last time
 * (wasSignedIn) asks for it beside the session, not once the session has answered, which on a
 * tablet came after the entry's first render, a round trip later; any other asks once the session
 * says it is signed in, so a signed-out visitor never gets a 401 in the console for it. /login
 * shows its options instead.
 * Called by main.tsx once the modules have run, not while they run: a request started inside a
 * module's evaluation made Chromium re-parse the whole entry chunk for its source positions when
 * DevTools records the request's initiator (~100 ms on the tablet profile, decision 020).
 */
export function startFirstRequests(): void {
  void queryClient.prefetchQuery(sessionQuery).then(() => {
    if (queryClient.getQueryData(sessionKey)) void queryClient.prefetchQuery(companyInfoQuery);
  });
  if (window.location.pathname === '/login') void queryClient.prefetchQuery(authOptionsQuery);
  else if (wasSignedIn()) void queryClient.prefetchQuery(companyInfoQuery);
}

export function Providers() {
  // When any request says the session is gone, the gate sends the user to sign in again.
  useEffect(
    () =>
      onUnauthorized(() => {
        rememberSignedIn(false);
        queryClient.setQueryData(sessionKey, null);
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
