import { Maximize, Minimize } from 'lucide-react';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullscreen = () => document.fullscreenElement !== null && document.fullscreenElement !== undefined;

/** Enters or leaves browser fullscreen; the icon follows Esc and F11 too. */
export function FullscreenToggle() {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const Icon = fullscreen ? Minimize : Maximize;
  const toggle = () => {
    const request = fullscreen ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    request?.catch(() => {});
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={fullscreen ? 'Exit fullscreen' : 'Enter fullscreen'}
      aria-pressed={fullscreen}
      className="grid size-7 place-items-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}
