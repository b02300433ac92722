import { useSyncExternalStore } from 'react';
import { Button } from '../ui/button';
import { reloadToUpdate, updateStore } from './service-worker';

/**
 * "A new version is available" with a Reload button, at the bottom of every screen (sign-in
 * included) once a new build has installed. The live region is always there, so screen readers
 * announce the message when it appears; the button is an ordinary tab stop.
 */
export function UpdatePrompt() {
  const available = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => false);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
    >
      {available ? (
        <div className="pointer-events-auto flex items-center gap-4 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          <p>A new version of HVAC Administration is available.</p>
          <Button size="sm" onClick={reloadToUpdate}>
            Reload
          </Button>
        </div>
      ) : null}
    </div>
  );
}
