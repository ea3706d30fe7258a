import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from './cn';

type Props = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  'aria-label': string;
  disabled?: boolean;
  className?: string;
};

/** An on/off switch (Practice Mode, profit protection). */
export function Switch({ checked, onCheckedChange, disabled, className, ...rest }: Props) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={rest['aria-label']}
      className={cn(
        'relative h-4 w-7 shrink-0 rounded-full border border-border-strong bg-surface-3 transition-colors',
        'data-[state=checked]:border-accent data-[state=checked]:bg-accent disabled:opacity-50',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <RadixSwitch.Thumb className="block size-3 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-3" />
    </RadixSwitch.Root>
  );
}
