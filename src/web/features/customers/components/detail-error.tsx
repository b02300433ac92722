import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../ui/banner';

/** A detail screen's error ("Company not found", "Invalid unit ID format", ...) with its way back. */
export function DetailError({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <ErrorBanner message={message} />
      <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {backLabel}
      </Link>
    </div>
  );
}
