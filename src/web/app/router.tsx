import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HOME_BOX, screenHeadingOf, type HeadedScreen } from '../../domain/screen-headings';
import { drawnCompanyLine } from '../lib/first-paint';
import { PageHeader } from '../ui/page-header';
import { Spinner } from '../ui/spinner';

/**
 * While the first screen's chunk loads: a signed-in screen keeps the header index.html drew before
 * any JavaScript ran (the same markup), so it does not vanish and come back (decision 042).
 */
function LoadingScreen() {
  const spinner = <Spinner label="Loading..." />;
  const path = window.location.pathname;
  if (path === '/login') return <main className="flex min-h-screen items-center justify-center">{spinner}</main>;
  const heading = screenHeadingOf(path);
  // Home's title is the company line the server drew with the page (decision 062).
  const homeTitle = path === '/' ? drawnCompanyLine : null;
  return (
    <div className="flex min-h-screen">
      <div className="hidden w-64 shrink-0 bg-slate-900 xl:block" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 sm:gap-4 sm:px-6">
          {/* where the menu button is, below xl */}
          <span className="-ml-2 h-12 w-12 shrink-0 xl:hidden" />
          <div className="min-w-0 shrink">
            <p className="text-base leading-tight font-semibold text-slate-900">HVAC Administration</p>
            <p className="truncate text-xs text-slate-600">{drawnCompanyLine ?? '\u00a0'}</p>
          </div>
        </div>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {/* The title row the server drew for this path, kept while the screen loads (decision 061). */}
          {heading ? (
            <div className={heading.box}>
              <PageHeader screen={path as HeadedScreen} />
            </div>
          ) : homeTitle ? (
            <div className={HOME_BOX}>
              <PageHeader title={homeTitle} />
            </div>
          ) : null}
          {spinner}
        </main>
      </div>
    </div>
  );
}

/** Each screen is its own chunk, loaded when its route is first visited. */
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const notFound = screen(() => import('../features/not-found/not-found-page'));

/**
 * The route table. A path that is not listed, or whose screen is not built
 * yet, falls through to the Not-found page. Areas add their screens in their own block.
 */
export const routes: RouteObject[] = [
  {
    // While the first screen's chunk loads (react-router warns without a HydrateFallback).
    HydrateFallback: LoadingScreen,
    children: [
      { path: '/login', ...screen(() => import('../features/auth/login-page')) },
      {
        // The gate and the layout load only once signed in, so /login stays small.
        ...screen(() => import('./protected-root')),
        children: [
          { index: true, ...screen(() => import('../features/home/home-page')) },
          { path: 'deficiencies', ...screen(() => import('../features/home/deficiencies-page')) },
          // Units by QR code: the camera or a typed code opens the unit or the technician's job (decision 046)
          { path: 'scan', ...screen(() => import('../features/scan/scan-page')) },

          // Customers: dashboard, companies, locations, units
          { path: 'dashboard', ...screen(() => import('../features/customers/dashboard-page')) },
          { path: 'companies', ...screen(() => import('../features/customers/companies-page')) },
          { path: 'companies/create', ...screen(() => import('../features/customers/company-form-page')) },
          { path: 'companies/:id', ...screen(() => import('../features/customers/company-detail-page')) },
          { path: 'companies/:id/edit', ...screen(() => import('../features/customers/company-form-page')) },
          { path: 'companies/:id/report', ...screen(() => import('../features/customers/company-report-page')) },
          {
            path: 'companies/:companyId/location/new',
            ...screen(() => import('../features/customers/location-form-page')),
          },
          {
            path: 'companies/:companyId/locations/:locationId/edit',
            ...screen(() => import('../features/customers/location-form-page')),
          },
          { path: 'locations', ...screen(() => import('../features/customers/locations-page')) },
          // Add Location with no company chosen yet (the dashboard's quick action): the form asks for one.
          { path: 'locations/new', ...screen(() => import('../features/customers/location-form-page')) },
          { path: 'locations/:id', ...screen(() => import('../features/customers/location-detail-page')) },
          { path: 'locations/:id/edit', ...screen(() => import('../features/customers/location-form-page')) },
          { path: 'locations/:locationId/units/add', ...screen(() => import('../features/customers/unit-form-page')) },
          { path: 'units', ...screen(() => import('../features/customers/units-page')) },
          // Add Unit with no location chosen yet ("Add your first unit" links here): the form searches for one.
          { path: 'units/add', ...screen(() => import('../features/customers/unit-form-page')) },
          { path: 'units/:id', ...screen(() => import('../features/customers/unit-detail-page')) },
          { path: 'contacts', ...screen(() => import('../features/customers/contacts-page')) },
          { path: 'units/:id/edit', ...screen(() => import('../features/customers/unit-form-page')) },

          // Jobs: list, create, detail, dispatch
          { path: 'jobs', ...screen(() => import('../features/jobs/jobs-page')) },
          { path: 'jobs/create', ...screen(() => import('../features/jobs/job-create-page')) },
          // The Dispatch & Schedule board, Service Opportunities and the Tech Scorecard (before jobs/:id).
          { path: 'jobs/dispatch', ...screen(() => import('../features/dispatch/dispatch-page')) },
          { path: 'jobs/opportunities', ...screen(() => import('../features/opportunities/opportunities-page')) },
          { path: 'jobs/scorecard', ...screen(() => import('../features/scorecard/scorecard-page')) },
          // The job page combines features (jobs, inspections, quotes, invoices): composed in app/screens.
          { path: 'jobs/:id', ...screen(() => import('./screens/job-detail-page')) },
          // The technician's day on a phone (issue 30, decision 045)
          { path: 'field', ...screen(() => import('../features/field/my-day-page')) },
          { path: 'field/jobs/:id', ...screen(() => import('./screens/field-job-page')) },
          { path: 'jobs/:id/edit', ...screen(() => import('../features/jobs/job-edit-page')) },

          // Service agreements (issue 29): list, create, detail, edit
          { path: 'agreements', ...screen(() => import('../features/agreements/agreements-page')) },
          { path: 'agreements/create', ...screen(() => import('../features/agreements/agreement-form-page')) },
          {
            path: 'agreements/deferred-revenue',
            ...screen(() => import('../features/agreements/deferred-revenue-page')),
          },
          // Agreement reports (decision 053): pull-through, renewals, visits due, the generator's runs
          { path: 'agreements/report', ...screen(() => import('../features/agreements/agreement-report-page')) },
          { path: 'agreements/renewals', ...screen(() => import('../features/agreements/renewals-page')) },
          { path: 'agreements/visits-due', ...screen(() => import('../features/agreements/visits-due-page')) },
          { path: 'agreements/runs', ...screen(() => import('../features/agreements/generator-runs-page')) },
          { path: 'agreements/:id', ...screen(() => import('../features/agreements/agreement-detail-page')) },
          { path: 'agreements/:id/edit', ...screen(() => import('../features/agreements/agreement-form-page')) },

          // Quotes: templates, the e-mail wording, the quote preview of a job
          { path: 'quotes/templates', ...screen(() => import('../features/quotes/quote-templates-page')) },
          { path: 'quotes/templates/email', ...screen(() => import('../features/quotes/email-template-page')) },
          { path: 'jobs/:id/quote-preview', ...screen(() => import('../features/quotes/quote-preview-page')) },

          // Invoices: lists, reports, the invoice page and its edit screen (drafts)
          { path: 'invoices', ...screen(() => import('../features/invoices/invoices-page')) },
          { path: 'invoices/pending', ...screen(() => import('../features/invoices/pending-invoices-page')) },
          { path: 'invoices/paid', ...screen(() => import('../features/invoices/paid-invoices-page')) },
          { path: 'invoices/payments', ...screen(() => import('../features/invoices/payments-page')) },
          { path: 'invoices/reports', ...screen(() => import('../features/invoices/invoice-reports-page')) },
          {
            path: 'invoices/accounting-export',
            ...screen(() => import('../features/accounting/accounting-export-page')),
          },
          { path: 'invoices/:id', ...screen(() => import('../features/invoices/invoice-page')) },
          { path: 'invoices/:id/edit', ...screen(() => import('../features/invoices/invoice-edit-page')) },

          // Pricing
          { path: 'item-prices', ...screen(() => import('../features/price-book/price-book-page')) },

          // Settings, users, technicians, account
          { path: 'settings', ...screen(() => import('../features/settings/settings-page')) },
          { path: 'settings/outbox', ...screen(() => import('../features/outbox/outbox-page')) },
          { path: 'settings/outbox/:id', ...screen(() => import('../features/outbox/outbox-message-page')) },
          {
            path: 'settings/calendar-feeds',
            ...screen(() => import('../features/calendar-feeds/calendar-feeds-page')),
          },
          { path: 'settings/data-export', ...screen(() => import('../features/data-export/data-export-page')) },
          { path: 'settings/api-tokens', ...screen(() => import('../features/api-tokens/api-tokens-page')) },
          { path: 'settings/webhooks', ...screen(() => import('../features/webhooks/webhooks-page')) },
          { path: 'settings/webhooks/:id', ...screen(() => import('../features/webhooks/webhook-endpoint-page')) },
          { path: 'settings/accounting', ...screen(() => import('../features/accounting/accounting-settings-page')) },
          { path: 'technicians/add', ...screen(() => import('../features/technicians/technician-add-page')) },
          { path: 'technicians/:id/edit', ...screen(() => import('../features/technicians/technician-edit-page')) },
          { path: 'account', ...screen(() => import('../features/account/account-page')) },
          { path: 'help', ...screen(() => import('../features/help/help-page')) },

          { path: '*', ...notFound },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, made on first use (by main.tsx, once the modules have run): creating it starts
 * loading the first screen's chunks, and that must not happen inside the modules' evaluation
 * (decision 020).
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes);
  return router;
}
