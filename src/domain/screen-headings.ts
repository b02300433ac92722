/**
 * The title row of the screens whose title, description and back link never change (decision 061):
 * the screen draws it (ui/page-header.tsx), and the server writes the same row into the page it
 * answers for that path, so a phone shows what the screen is before any script has run (the
 * largest paint of a list screen is this row, not its rows). One home for these texts: the
 * screens read them from here.
 */

export interface ScreenHeading {
  title: string;
  subtitle?: string;
  back?: { to: string; label: string };
  /** the classes of the screen's outer box, so the row sits where the screen will draw it */
  box: string;
}

const wide = 'mx-auto max-w-7xl';
const full = 'mx-auto max-w-full';

export const SCREEN_HEADINGS = {
  '/companies': { title: 'Companies', subtitle: 'Customer companies, with their address and phone', box: wide },
  '/locations': { title: 'Locations', subtitle: 'Buildings and sites of your customer companies', box: wide },
  '/units': { title: 'Units', subtitle: "Equipment and serviceable suites at your customers' locations", box: full },
  '/contacts': { title: 'Contacts', subtitle: 'The people you deal with at each company and location', box: wide },
  '/dashboard': {
    title: 'Customer Dashboard',
    subtitle: 'Companies, their locations and the units you service',
    box: wide,
  },
  '/jobs': { title: 'Jobs', subtitle: 'Service jobs: schedule, technicians, items and their cost', box: full },
  '/jobs/dispatch': { title: 'Dispatch & Schedule', box: 'space-y-4' },
  '/jobs/opportunities': {
    title: 'Service Opportunities',
    subtitle:
      'Work not yet sold: repairs never quoted, quotes awaiting the customer, declined quotes and units due for replacement',
    box: wide,
  },
  '/invoices': {
    title: 'Invoices',
    subtitle: 'Every invoice, its customer and its status',
    back: { to: '/', label: 'Back to Home' },
    box: wide,
  },
  '/invoices/pending': {
    title: 'Pending Invoices',
    subtitle: 'Issued invoices awaiting payment',
    back: { to: '/invoices', label: 'Back to Invoices' },
    box: wide,
  },
  '/invoices/paid': {
    title: 'Paid Invoices',
    subtitle: 'Payments received',
    back: { to: '/invoices', label: 'Back to Invoices' },
    box: wide,
  },
  '/invoices/payments': {
    title: 'Payments',
    subtitle: 'Payments received against invoices',
    back: { to: '/invoices', label: 'Back to Invoices' },
    box: wide,
  },
  '/invoices/reports': {
    title: 'Financial Reports',
    subtitle: 'Invoiced, paid and outstanding amounts for a period',
    back: { to: '/invoices', label: 'Back to Invoices' },
    box: wide,
  },
  '/item-prices': {
    title: 'Service',
    subtitle: 'Price book: parts, labor and other items',
    back: { to: '/', label: 'Back' },
    box: wide,
  },
  '/agreements': {
    title: 'Service Agreements',
    subtitle: 'Maintenance contracts: their terms, prices and the visits they schedule',
    box: wide,
  },
  '/help': {
    title: 'Help',
    subtitle: 'How to do the everyday tasks, the keyboard shortcuts, and the API documentation.',
    box: 'space-y-6',
  },
} as const satisfies Record<string, ScreenHeading>;

export type HeadedScreen = keyof typeof SCREEN_HEADINGS;

/**
 * The classes of Home's outer box. Home's title is the company's line, which the server draws into
 * a signed-in person's page (decision 062): its row sits where Home draws it.
 */
export const HOME_BOX = 'mx-auto max-w-7xl';

/** The fixed title row of a path, if it has one (a path as the router or the browser names it). */
export function screenHeadingOf(path: string): ScreenHeading | undefined {
  return Object.hasOwn(SCREEN_HEADINGS, path) ? SCREEN_HEADINGS[path as HeadedScreen] : undefined;
}

/** The classes of the title row's parts, shared by the screen's component and the server's copy. */
export const PAGE_HEADER_CLASSES = {
  row: 'mb-6 space-y-2',
  back: 'inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800',
  line: 'flex flex-wrap items-center justify-between gap-3',
  title: 'text-2xl font-semibold tracking-tight text-slate-900',
  subtitle: 'mt-1 text-sm text-slate-500',
  actions: 'flex flex-wrap items-center gap-2',
} as const;

/** Text as HTML, the way React writes it into the page (the server's copy of a title row, decision 061). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** lucide's ArrowLeft, as the screen's back link draws it. */
const ARROW_LEFT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-arrow-left h-4 w-4" aria-hidden="true"><path d="m12 19-7-7 7-7"></path><path d="M19 12H5"></path></svg>';

/** The title row as HTML, the markup PageHeader renders for it (the server's copy in the page). */
export function screenHeadingHtml(heading: ScreenHeading): string {
  const c = PAGE_HEADER_CLASSES;
  const back = heading.back
    ? `<a class="${c.back}" href="${escapeHtml(heading.back.to)}">${ARROW_LEFT} ${escapeHtml(heading.back.label)}</a>`
    : '';
  const subtitle = heading.subtitle ? `<p class="${c.subtitle}">${escapeHtml(heading.subtitle)}</p>` : '';
  return `<div class="${heading.box}"><div class="${c.row}">${back}<div class="${c.line}"><div><h1 class="${c.title}">${escapeHtml(heading.title)}</h1>${subtitle}</div></div></div></div>`;
}
