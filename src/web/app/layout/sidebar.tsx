import { ChevronDown, LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../ui/cn';
import { FOOTER_LINKS, groupForPath, NAV_GROUPS } from './navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors',
    isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800/60 hover:text-white',
  );

/** The sidebar: groups expand and collapse; the open group follows the current route. */
export function Sidebar({
  demo,
  onLogout,
  loggingOut,
  onNavigate,
}: {
  demo: boolean;
  onLogout: () => void;
  loggingOut: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | undefined>(() => groupForPath(pathname));
  useEffect(() => setOpenGroup(groupForPath(pathname)), [pathname]);

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="flex items-center gap-2 px-4 py-4">
        <span className="text-lg font-semibold tracking-tight">HVAC Admin</span>
        {demo ? (
          <span className="rounded bg-amber-400 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-slate-900">
            DEMO
          </span>
        ) : null}
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 overflow-y-auto px-2 pb-4">
        {NAV_GROUPS.map((group) => {
          const Icon = group.icon;
          if (group.to) {
            return (
              <NavLink key={group.id} to={group.to} end={group.to === '/'} className={linkClass} onClick={onNavigate}>
                <Icon className="h-4 w-4" aria-hidden />
                {group.label}
              </NavLink>
            );
          }
          const open = openGroup === group.id;
          return (
            <div key={group.id}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-slate-800/60 hover:text-white"
                aria-expanded={open}
                aria-controls={`nav-group-${group.id}`}
                onClick={() => setOpenGroup(open ? undefined : group.id)}
              >
                <Icon className="h-4 w-4" aria-hidden />
                <span className="flex-1 text-left">{group.label}</span>
                <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
              </button>
              {open ? (
                <div id={`nav-group-${group.id}`} className="mt-1 ml-7 space-y-0.5 border-l border-slate-700 pl-2">
                  {group.links!.map((link) => (
                    <NavLink key={link.to} to={link.to} end className={linkClass} onClick={onNavigate}>
                      {link.label}
                    </NavLink>
                  ))}
                </div>
              ) : null}
            </div>
          );
        })}
      </nav>
      <div className="space-y-1 border-t border-slate-800 px-2 py-3">
        {FOOTER_LINKS.map(({ label, to, icon: Icon }) => (
          <NavLink key={to} to={to} className={linkClass} onClick={onNavigate}>
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </NavLink>
        ))}
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-slate-800/60 hover:text-white disabled:opacity-50"
        >
          <LogOut className="h-4 w-4" aria-hidden />
          {loggingOut ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </div>
  );
}
