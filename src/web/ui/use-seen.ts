import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element has come within 200 px of the viewport: a map's Leaflet (its chunk, its
 * tiles and its work on the main thread) loads only for a map that is seen, not one below the fold
 * of a phone (decision 042). Without IntersectionObserver it is true at once.
 */
export function useSeen<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}
