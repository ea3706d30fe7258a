import { useConnectionStatus } from '../../live';

/** 'Connecting...' until the live price socket is open; nothing once it is. */
export function ConnectionPill() {
  const status = useConnectionStatus();
  if (status === 'open') return null;
  const refused = status === 'unauthorized';
  return (
    <output
      className="inline-flex items-center gap-1.5 rounded-full border border-warn/40 bg-warn/10 px-2 py-0.5 text-[11px] font-medium text-warn"
      aria-live="polite"
    >
      <span className="size-1.5 animate-pulse rounded-full bg-warn" aria-hidden />
      {refused ? 'Disconnected' : 'Connecting...'}
    </output>
  );
}
