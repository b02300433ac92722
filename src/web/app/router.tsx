import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

/** Each screen is its own chunk, loaded when its route is first visited. */
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const notFound = screen(() => import('../features/not-found/not-found-page'));

/**
 * The route table of part 1 section 2. A path that is not listed, or whose screen is not built
 * yet, falls through to the Not-found page. Areas add their screens in their own block.
 */
export const routes: RouteObject[] = [
  { path: '/login', ...screen(() => import('../features/auth/login-page')) },
  {
    // The gate and the layout load only once signed in, so /login stays small.
    ...screen(() => import('./protected-root')),
    children: [
      { index: true, ...screen(() => import('../features/home/home-page')) },

      // Customers: dashboard, companies, locations, units

      // Jobs: list, create, detail, dispatch

      // Quotes

      // Invoices

      // Pricing
      { path: 'item-prices', ...screen(() => import('../features/price-book/price-book-page')) },

      // Settings, users, technicians, account
      { path: 'settings', ...screen(() => import('../features/settings/settings-page')) },
      { path: 'technicians/add', ...screen(() => import('../features/technicians/technician-add-page')) },
      { path: 'technicians/:id/edit', ...screen(() => import('../features/technicians/technician-edit-page')) },
      { path: 'account', ...screen(() => import('../features/account/account-page')) },

      { path: '*', ...notFound },
    ],
  },
];

export const router = createBrowserRouter(routes);
