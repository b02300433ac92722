/** Success toasts (and the occasional info toast) for every screen. Errors use ErrorBanner. */
export { toast, Toaster } from 'sonner';
