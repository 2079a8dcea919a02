import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the page is idle or the placeholder comes near the viewport, whichever is first: content
 * below the fold (like the download section) then renders without competing with the first screen.
 */
export function useDeferredMount<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    const idle = window.requestIdleCallback ? window.requestIdleCallback(show, { timeout: 2500 }) : window.setTimeout(show, 1200);
    const observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '400px' }) : null;
    if (ref.current) observer?.observe(ref.current);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      observer?.disconnect();
    };
  }, [ready]);
  return [ref, ready];
}
