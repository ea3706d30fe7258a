import type { ComponentProps } from 'react';
import { cn } from './cn';

const inputClass = cn(
  'h-9 w-full rounded-md border border-border bg-surface-2 px-3 text-sm text-fg placeholder:text-subtle',
  'transition-colors hover:border-border-strong',
  'focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-[invalid=true]:border-sell aria-[invalid=true]:focus:ring-sell/30',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}
