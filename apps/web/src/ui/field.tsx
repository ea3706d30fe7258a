import type { ReactNode } from 'react';
import { Label } from './label';

/** A labelled form row with an optional error line under the control. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-sell">
          {error}
        </p>
      )}
    </div>
  );
}
