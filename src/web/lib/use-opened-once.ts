import { useState } from 'react';

/**
 * Whether something has been open at least once: a dialog loaded on first use (decision 057) is
 * mounted from its first opening on and kept mounted after, so closing it returns focus as a dialog
 * mounted with the page does, and opening it again shows it at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(false);
  if (!opened && open) setOpened(true);
  return opened || open;
}
