import { cn } from './cn';

/** A row of tabs (role tablist); the caller renders the selected panel. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: { value: T; label: string; disabled?: boolean }[];
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  // On a phone the row scrolls sideways instead of widening the page (four quote types are ~510 px).
  return (
    <div className="overflow-x-auto">
      <div role="tablist" aria-label={label} className="flex w-max min-w-full gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            aria-selected={tab.value === value}
            disabled={tab.disabled}
            onClick={() => onChange(tab.value)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium transition-colors disabled:opacity-50',
              tab.value === value
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-500 hover:text-slate-800',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
    </div>
  );
}
