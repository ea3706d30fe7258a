import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

type Props = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** Accessible name when the visible label is not text (e.g. in a table cell). */
  'aria-label'?: string;
};

/** A small checkbox with its label; clicking the label toggles it. */
export function Checkbox({ checked, onCheckedChange, label, disabled, id, className, ...rest }: Props) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the Radix checkbox (a button) is nested, which labels it.
    <label
      className={cn(
        'inline-flex cursor-pointer select-none items-center gap-1.5 text-xs text-fg',
        disabled && 'cursor-not-allowed opacity-50',
        className,
      )}
    >
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        aria-label={rest['aria-label']}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        className={cn(
          'grid size-3.5 shrink-0 place-items-center rounded-[3px] border border-border-strong bg-surface-2',
          'data-[state=checked]:border-accent data-[state=checked]:bg-accent',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        <RadixCheckbox.Indicator>
          <Check className="size-3 text-white" strokeWidth={3} aria-hidden />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      {label}
    </label>
  );
}
