import { TriangleAlert } from 'lucide-react';
import type { JobWarning } from '../../../../../domain/jobs';

/** The form's warnings (inactive unit, scheduled after due): said as one types, never blocking the save. */
export function JobFormWarnings({ warnings }: { warnings: readonly JobWarning[] }) {
  return (
    <div aria-live="polite" data-testid="job-form-warnings">
      {warnings.length ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden /> Please check
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {warnings.map((w) => (
              <li key={w.code}>{w.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
