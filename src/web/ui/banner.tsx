import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** The red error banner: every screen shows its errors in one. */
export function ErrorBanner({
  message,
  children,
  className,
}: {
  message: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800',
        className,
      )}
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="space-y-1">
        <div>{message}</div>
        {children}
      </div>
    </div>
  );
}

export function InfoBanner({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900', className)}>
      {children}
    </div>
  );
}
