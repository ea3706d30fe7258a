import { cn } from './cn';

type Option<T extends string> = { value: T; label: string };

type Props<T extends string> = {
  'aria-label': string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
};

/** A two-or-three-way toggle (NRML/MIS, Bracket/Cover, Broker/Local); buttons with aria-pressed. */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  disabled,
  className,
  ...rest
}: Props<T>) {
  return (
    <fieldset
      aria-label={rest['aria-label']}
      disabled={disabled}
      className={cn(
        'inline-flex h-7 shrink-0 rounded-md border border-border bg-surface-2 p-0.5 disabled:opacity-50',
        className,
      )}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded px-2 text-[11px] font-semibold text-muted transition-colors hover:text-fg disabled:cursor-not-allowed',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === option.value && 'bg-surface-3 text-fg shadow-sm',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
