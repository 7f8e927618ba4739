import { useEffect, useRef } from 'preact/hooks';

/** Asks before the page is left while `dirty`. */
export function useLeaveGuard(dirty: boolean): void {
  // Read at leave time from a ref set while rendering: an effect would attach the guard only after paint, so
  // leaving in the frame right after a change would not be asked about.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const guard = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);
}
