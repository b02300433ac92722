import { Loader2 } from 'lucide-react';
import { cn } from './cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 py-8 text-sm text-slate-500', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}
