import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Label({ className, children, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control.
    <label className={cn('mb-1.5 block text-xs font-medium text-muted', className)} {...props}>
      {children}
    </label>
  );
}
