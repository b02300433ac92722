import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { Button } from '../ui/button';
import { ErrorBanner } from '../ui/banner';
import { Spinner } from '../ui/spinner';

/** Shows "Verifying authentication..." while the session is checked; sends strangers to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) {
    return (
      <main className="flex min-h-screen items-center justify-center">
        <Spinner label="Verifying authentication..." />
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="mx-auto mt-24 max-w-md space-y-4 px-4">
        <ErrorBanner message="Authentication error" />
        <Button onClick={() => void session.refetch()}>Try again</Button>
      </main>
    );
  }
  if (!session.data) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const target = from === '/' ? '/login' : `/login?from=${encodeURIComponent(from)}`;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
