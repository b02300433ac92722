import { useLayoutEffect, useRef } from 'react';

/** The id of the app's main landmark, the skip link's target and the last place focus can go. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Focus goes back to what opened a dialog when it closes. Radix does that only for its own Trigger
 * (without one it focuses the page body), and our dialogs are opened by state from any button, so:
 * remember the focused element when `open` turns true, and give `onCloseAutoFocus` to the dialog's
 * Content. When that element is gone (the deleted row's button) or disabled, the main landmark
 * gets the focus instead, so the keyboard user is still in the page.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves the focus into the dialog (in a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    event.preventDefault();
    const target = opener.current;
    opener.current = null;
    if (target && target.isConnected && !target.matches(':disabled')) target.focus();
    else document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
}
