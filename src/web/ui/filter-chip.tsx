import { X } from 'lucide-react';

/** A filter the list was opened with (from a Home card), shown with a button that removes it. */
export function FilterChip({ label, onRemove, testId }: { label: string; onRemove: () => void; testId?: string }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-800 ring-1 ring-blue-200 ring-inset"
      {...(testId ? { 'data-testid': testId } : {})}
    >
      {label}
      <button
        type="button"
        className="rounded-full p-0.5 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600"
        aria-label={`Remove filter: ${label}`}
        onClick={onRemove}
      >
        <X className="h-3 w-3" aria-hidden />
      </button>
    </span>
  );
}
