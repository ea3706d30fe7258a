import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../../ui/cn';
import { type ThemePreference, useThemeStore } from './theme';

const OPTIONS: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'System theme', Icon: Monitor },
  { value: 'light', label: 'Light theme', Icon: Sun },
  { value: 'dark', label: 'Dark theme', Icon: Moon },
];

/** Three-way system / light / dark switch, small enough for a screen corner or a menu row. */
export function ThemeToggle({ className }: { className?: string }) {
  const preference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  return (
    <fieldset
      aria-label="Theme"
      className={cn(
        'inline-flex items-center gap-0.5 rounded-md border border-border bg-surface p-0.5',
        className,
      )}
    >
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={preference === value}
          title={label}
          onClick={() => setPreference(value)}
          className={cn(
            'grid size-6 place-items-center rounded text-muted transition-colors hover:text-fg',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            preference === value && 'bg-surface-3 text-fg',
          )}
        >
          <Icon className="size-3.5" aria-hidden />
        </button>
      ))}
    </fieldset>
  );
}
