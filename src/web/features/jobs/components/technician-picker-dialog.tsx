import { useEffect, useState } from 'react';
import type { JobOptions } from '../../../../domain/jobs';
import { formatPhone } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextInput } from '../../../ui/form-field';
import { Spinner } from '../../../ui/spinner';
import { JOB_TEXTS } from '../job-texts';

type Technician = JobOptions['technicians'][number];

/**
 * The technician picker: the active technicians with a check box each, in the order they are
 * chosen; the first one chosen is primary. Used by Create Job and by Assign Technicians.
 */
export function TechnicianPickerDialog({
  open,
  onOpenChange,
  title,
  technicians,
  loading,
  selected,
  requireOne,
  confirmLabel,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  technicians: readonly Technician[] | undefined;
  loading?: boolean;
  selected: readonly string[];
  /** Assign Technicians needs at least one. */
  requireOne?: boolean;
  confirmLabel: string;
  error?: string | null;
  onConfirm: (ids: string[]) => Promise<void> | void;
}) {
  const [chosen, setChosen] = useState<string[]>([...selected]);
  const [filter, setFilter] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setChosen([...selected]);
      setFilter('');
      setProblem(null);
    }
    // Start from the current choice each time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = (technicians ?? []).filter((t) =>
    words.every((w) => `${t.name} ${t.email ?? ''}`.toLowerCase().includes(w)),
  );
  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description="The first technician chosen is the primary technician."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            disabled={pending}
            onClick={async () => {
              if (requireOne && chosen.length === 0) {
                setProblem('Select at least one technician');
                return;
              }
              setPending(true);
              try {
                await onConfirm(chosen);
              } finally {
                setPending(false);
              }
            }}
          >
            {pending ? 'Saving...' : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {error ? <ErrorBanner message={error} /> : null}
        {problem ? <ErrorBanner message={problem} /> : null}
        {(technicians?.length ?? 0) > 6 ? (
          <TextInput
            type="search"
            aria-label="Filter technicians"
            placeholder="Filter technicians..."
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        ) : null}
        {loading ? (
          <Spinner label="Loading technicians..." />
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{JOB_TEXTS.noTechniciansFound}</p>
        ) : (
          <ul
            className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
            aria-label="Active technicians"
          >
            {shown.map((t) => {
              const position = chosen.indexOf(t.id);
              return (
                <li key={t.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="h-4 w-4 rounded border-slate-300"
                      checked={position >= 0}
                      onChange={() => toggle(t.id)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium text-slate-900">{t.name}</span>
                      <span className="block truncate text-xs text-slate-600">
                        {[t.email, formatPhone(t.phone)].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                    {position === 0 ? <Badge tone="blue">Primary</Badge> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-sm text-slate-600" aria-live="polite">
          {chosen.length === 1 ? '1 technician selected' : `${chosen.length} technicians selected`}
        </p>
      </div>
    </Dialog>
  );
}
