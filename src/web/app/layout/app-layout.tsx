import { useQueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { displayName } from '../../../domain/auth';
import { api } from '../../lib/api-client';
import { useCompanyInfo } from '../../lib/company';
import { sessionKey, useAuthOptions, useSession } from '../../lib/session';
import { Spinner } from '../../ui/spinner';
import { toast, Toaster } from '../../ui/toast';
import { HeaderSearch } from './header-search';
import { Sidebar } from './sidebar';

/** The authenticated layout: sidebar, header with title and search, and the current screen. */
export function AppLayout() {
  const { data: user } = useSession();
  const { data: company } = useCompanyInfo();
  const { data: options } = useAuthOptions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  const logout = async () => {
    setLoggingOut(true);
    try {
      await api.post('/api/auth/logout');
    } catch {
      toast.error('Could not reach the server; you are signed out on this device.');
    } finally {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
      setLoggingOut(false);
      navigate('/login', { replace: true });
    }
  };

  const sidebar = <Sidebar demo={Boolean(options?.demo)} onLogout={() => void logout()} loggingOut={loggingOut} onNavigate={() => setMenuOpen(false)} />;

  return (
    <div className="flex min-h-screen">
      <Toaster position="top-right" richColors closeButton />
      <aside className="hidden w-64 shrink-0 bg-slate-900 lg:block">
        <div className="sticky top-0 h-screen">{sidebar}</div>
      </aside>
      {menuOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-slate-900/50" onClick={() => setMenuOpen(false)} aria-hidden />
          <aside className="absolute inset-y-0 left-0 w-64">{sidebar}</aside>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center gap-4 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:px-6">
          <button type="button" className="lg:hidden" onClick={() => setMenuOpen((v) => !v)} aria-label={menuOpen ? 'Close menu' : 'Open menu'}>
            {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
          </button>
          <div className="min-w-0">
            <p className="text-base font-semibold leading-tight text-slate-900">HVAC Administration</p>
            <p className="truncate text-xs text-slate-500">{company?.managementTitle ?? '\u00a0'}</p>
          </div>
          <div className="flex flex-1 justify-center">
            <HeaderSearch />
          </div>
          {user ? (
            <div className="hidden text-right sm:block">
              <p className="text-sm font-medium text-slate-800">{displayName(user)}</p>
              <p className="text-xs capitalize text-slate-500">{user.role}</p>
            </div>
          ) : null}
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Suspense fallback={<Spinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
