import type { LucideIcon } from 'lucide-react';
import {
  Building2,
  CircleHelp,
  ClipboardList,
  DollarSign,
  FileText,
  Home,
  ScanQrCode,
  Settings,
  Tag,
  UserCircle,
  Wrench,
} from 'lucide-react';

export interface NavLinkItem {
  label: string;
  to: string;
}
export interface NavGroup {
  id: string;
  label: string;
  icon: LucideIcon;
  /** a group with one destination is a plain link */
  to?: string;
  links?: NavLinkItem[];
}

/** The sidebar's groups and links, in the order they are shown. */
export const NAV_GROUPS: NavGroup[] = [
  { id: 'home', label: 'Home', icon: Home, to: '/' },
  // Every role: a unit's QR label opens the unit, or a technician's open job on it (decision 046).
  { id: 'scan', label: 'Scan Unit', icon: ScanQrCode, to: '/scan' },
  {
    id: 'customers',
    label: 'Customers',
    icon: Building2,
    links: [
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Companies', to: '/companies' },
      { label: 'Locations', to: '/locations' },
      { label: 'Units', to: '/units' },
      { label: 'Contacts', to: '/contacts' },
    ],
  },
  {
    id: 'jobs',
    label: 'Jobs',
    icon: Wrench,
    links: [
      { label: 'All Jobs', to: '/jobs' },
      { label: 'My Day', to: '/field' },
      { label: 'Dispatch & Schedule', to: '/jobs/dispatch' },
      { label: 'Service Opportunities', to: '/jobs/opportunities' },
      { label: 'Tech Scorecard', to: '/jobs/scorecard' },
    ],
  },
  { id: 'agreements', label: 'Agreements', icon: ClipboardList, to: '/agreements' },
  { id: 'quotes', label: 'Quotes', icon: FileText, links: [{ label: 'Quote Templates', to: '/quotes/templates' }] },
  {
    id: 'invoices',
    label: 'Invoices',
    icon: DollarSign,
    links: [
      { label: 'All Invoices', to: '/invoices' },
      { label: 'Pending', to: '/invoices/pending' },
      { label: 'Paid', to: '/invoices/paid' },
      { label: 'Payments', to: '/invoices/payments' },
      { label: 'Financial Reports', to: '/invoices/reports' },
    ],
  },
  { id: 'pricing', label: 'Pricing', icon: Tag, to: '/item-prices' },
  { id: 'settings', label: 'Settings', icon: Settings, to: '/settings' },
];

export const FOOTER_LINKS = [
  { label: 'My Account', to: '/account', icon: UserCircle },
  { label: 'Help', to: '/help', icon: CircleHelp },
];

/** Which group a path belongs to: the one with the longest matching link prefix. */
export function groupForPath(pathname: string): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const group of NAV_GROUPS) {
    const targets = group.links?.map((l) => l.to) ?? (group.to ? [group.to] : []);
    for (const to of targets) {
      const matches = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
      if (matches && (!best || to.length > best.length)) best = { id: group.id, length: to.length };
    }
  }
  // Detail screens live under their list's path prefix (e.g. /technicians belongs to settings).
  if (!best && pathname.startsWith('/technicians')) return 'settings';
  return best?.id;
}
