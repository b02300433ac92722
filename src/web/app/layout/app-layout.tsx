import * as RadixDialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { displayName } from '../../../domain/display-name';
import { api } from '../../lib/api-client';
import { useCompanyInfo } from '../../lib/company';
import { drawnCompanyLine } from '../../lib/first-paint';
import { rememberSignedIn, sessionKey, useAuthOptions, useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/use-media-query';
import { MAIN_CONTENT_ID } from '../../ui/return-focus';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SkipLink } from '../../ui/skip-link';
import { Spinner } from '../../ui/spinner';
import { toast, Toaster } from '../../ui/toast';
import { HeaderSearch } from './header-search';
import { Sidebar } from './sidebar';

const LAYOUT_TEXTS = {
  unsentTitle: 'Changes not sent yet',
  unsent: (n: number) =>
    n === 1
      ? '1 change made on this phone has not reached the office yet.'
      : `${n} changes made on this phone have not reached the office yet.`,
  unsentHint:
    'Stay signed in and send them when there is a connection. Signing out deletes them and the saved jobs from this phone.',
  stay: 'Stay signed in',
  signOutAnyway: 'Sign out and delete them',
} as const;

/** The authenticated layout: sidebar, header with title and search, and the current screen. */
export function AppLayout() {
  const { data: user } = useSession();
  const { data: company } = useCompanyInfo();
  const { data: options } = useAuthOptions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Tailwind's `xl` (80rem): the sidebar is open from there on; below it (a tablet) it lives in the
  // menu. The hidden sidebar is not built at all on a tablet: its links and icons are ~40 elements
  // the first screen would create and style for nothing (decision 020).
  const wide = useMediaQuery('(min-width: 80rem)');

  // Changes a technician made on this phone and not yet sent: asked about before signing out.
  const [unsent, setUnsent] = useState<number | null>(null);

  /**
   * Sign-out on a shared phone (decision 054): what waits in the field queue is sent first if it
   * can be; what still waits is counted and the person chooses to stay or to delete it.
   */
  const requestLogout = async () => {
    setLoggingOut(true);
    const queue = await import('../../lib/field-queue');
    let waiting = await queue.pendingChangeCount();
    if (waiting > 0) {
      await queue.flushQueue();
      waiting = await queue.pendingChangeCount();
    }
    if (waiting > 0) {
      setLoggingOut(false);
      // The menu (on a phone) closes: the question is asked over the screen the changes belong to.
      setMenuOpen(false);
      setUnsent(waiting);
      return;
    }
    await logout();
  };

  const logout = async () => {
    setUnsent(null);
    setLoggingOut(true);
    // The queue and the saved jobs go with the session: the next person on this phone never sees them.
    await (await import('../../lib/field-queue')).clearFieldData();
    try {
      await api.post('/api/auth/logout');
    } catch {
      toast.error('Could not reach the server; you are signed out on this device.');
    } finally {
      rememberSignedIn(false);
      queryClient.setQueryData(sessionKey, null);
      setLoggingOut(false);
      await navigate('/login', { replace: true });
      // Only once this layout is gone: cleared while it was still on screen, its queries (the
      // company) were asked again without a session, a 401 in the console (issue 8).
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
    }
  };

  const sidebar = (
    <Sidebar
      demo={Boolean(options?.demo)}
      onLogout={() => void requestLogout()}
      loggingOut={loggingOut}
      onNavigate={() => setMenuOpen(false)}
    />
  );

  return (
    <div className="flex min-h-screen">
      <SkipLink />
      {/* Bottom right: a toast never covers the header (the signed-in user's name, the search).
          dir: the page is English; without it sonner reads the computed style of <html> on every
          render, a forced style recalculation (~30 ms on the tablet) before the first screen paints. */}
      <Toaster position="bottom-right" richColors closeButton dir="ltr" />
      {/* The sidebar stays open on wide screens; on a tablet (under 1280px) it folds into the menu button. */}
      {wide ? (
        <aside className="hidden w-64 shrink-0 bg-slate-900 xl:block">
          <div className="sticky top-0 h-screen">{sidebar}</div>
        </aside>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:gap-4 sm:px-6">
          <RadixDialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <RadixDialog.Trigger
              className="-ml-2 inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 xl:hidden"
              aria-label="Open menu"
            >
              <Menu className="h-5 w-5" aria-hidden />
            </RadixDialog.Trigger>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 xl:hidden" />
              <RadixDialog.Content
                className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl focus:outline-none xl:hidden"
                aria-describedby={undefined}
              >
                <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
                <RadixDialog.Close
                  className="absolute top-3 right-2 z-10 rounded p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white"
                  aria-label="Close menu"
                >
                  <X className="h-5 w-5" aria-hidden />
                </RadixDialog.Close>
                {sidebar}
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
          <div className="min-w-0 shrink">
            <p className="text-base leading-tight font-semibold text-slate-900">HVAC Administration</p>
            <p className="truncate text-xs text-slate-600">
              {company?.managementTitle ?? drawnCompanyLine ?? '\u00a0'}
            </p>
          </div>
          <div className="flex min-w-0 flex-1 justify-center">
            <HeaderSearch />
          </div>
          {user ? (
            <div className="hidden shrink-0 text-right sm:block">
              <p className="text-sm font-medium text-slate-800">{displayName(user)}</p>
              <p className="text-xs text-slate-600 capitalize">{user.role}</p>
            </div>
          ) : null}
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <Suspense fallback={<Spinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </main>
        <Dialog
          open={unsent !== null}
          onOpenChange={(open) => !open && setUnsent(null)}
          title={LAYOUT_TEXTS.unsentTitle}
          description={LAYOUT_TEXTS.unsent(unsent ?? 0)}
          size="sm"
          footer={
            <>
              <Button variant="secondary" className="min-h-12" onClick={() => void logout()}>
                {LAYOUT_TEXTS.signOutAnyway}
              </Button>
              <Button className="min-h-12" onClick={() => setUnsent(null)} autoFocus>
                {LAYOUT_TEXTS.stay}
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-700">{LAYOUT_TEXTS.unsentHint}</p>
        </Dialog>
      </div>
    </div>
  );
}
