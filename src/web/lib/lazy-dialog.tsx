import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useOpenedOnce } from './use-opened-once';

/**
 * A dialog whose code loads on its first opening (decision 057): a dialog that checks with a schema
 * costs the page nothing until it is used. From its first opening on it stays mounted, so closing it
 * returns focus as a dialog mounted with the page does (`useOpenedOnce`). `name` is the dialog's
 * export in the module `load` imports; the result takes the dialog's own props (`open` among them).
 */
export function lazyDialog<M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  const Dialog = lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<{ open: boolean }> }));
  function DialogFromFirstOpening(props: { open: boolean }) {
    const used = useOpenedOnce(props.open);
    return used ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  }
  return DialogFromFirstOpening as unknown as M[K];
}
