import { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** The element's inner size, followed as it resizes. */
export function useElementSize(element: RefObject<HTMLElement | null>, initial: { width: number; height: number }): { width: number; height: number } {
  const [size, setSize] = useState(initial);
  useEffect(() => {
    const target = element.current!;
    const observer = new ResizeObserver(() => setSize({ width: target.clientWidth, height: target.clientHeight }));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
