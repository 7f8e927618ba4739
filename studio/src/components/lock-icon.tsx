/** A padlock, closed or open: drawn here, since the emoji padlocks are not in every font (Debian's chromium draws a chain). */
export function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg class="lock-icon" width="12" height="14" viewBox="0 0 12 14" aria-hidden="true">
      <path d={locked ? 'M3 6V4a3 3 0 0 1 6 0v2' : 'M3 6V4a3 3 0 0 1 5.8-1'} fill="none" stroke="currentColor" stroke-width="1.6" />
      <rect x="1" y="6" width="10" height="7.5" rx="1.5" fill={locked ? 'currentColor' : 'none'} stroke="currentColor" stroke-width="1.4" />
    </svg>
  );
}
