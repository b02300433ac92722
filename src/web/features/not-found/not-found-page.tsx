import { ButtonLink } from '../../ui/button';

/** Any path not in the route table, or whose screen is not built yet. */
export default function NotFoundPage() {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <p className="text-5xl font-bold text-slate-500">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Page Not Found</h1>
      <p className="mt-2 text-sm text-slate-500">
        The page you are looking for does not exist or is not available yet.
      </p>
      <ButtonLink to="/" className="mt-6">
        Return to Dashboard
      </ButtonLink>
    </div>
  );
}
