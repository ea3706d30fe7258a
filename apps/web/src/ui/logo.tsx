import { cn } from './cn';

/** Product mark and word mark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-fg', className)}>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden>
        <rect width="32" height="32" rx="7" fill="var(--xt-accent)" />
        <path d="M9 9l14 14M23 9L9 23" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <span className="text-base">
        X-<span className="text-accent">Trader</span>
      </span>
    </span>
  );
}
