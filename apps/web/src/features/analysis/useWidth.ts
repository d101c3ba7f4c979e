import { useEffect, useRef, useState } from 'react';

/**
 * Width of an element in pixels, rounded down to `step` so a few pixels of layout jitter do not re-query the
 * server (the history API downsamples to this width).
 */
export function useWidth<T extends HTMLElement>(step = 100, fallback = 1000) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.clientWidth / step) * step;
      if (w > 0) setWidth(Math.max(step, w));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [step]);
  return { ref, width };
}
