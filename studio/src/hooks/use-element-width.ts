import { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** The element's inner width, followed as it resizes (never below `minimum`). */
export function useElementWidth(element: RefObject<HTMLElement | null>, initial: number, minimum: number): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const target = element.current!;
    const observer = new ResizeObserver(() => setWidth(Math.max(minimum, target.clientWidth)));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, minimum]);
  return width;
}
