import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field';
import { Input } from './input';
import { PasswordInput } from './password-input';

type LabelledProps = { id: string; label: ReactNode; error?: string | undefined };

/** An `Input` under its label, with the field's error line. */
export function TextField({ id, label, error, ...input }: LabelledProps & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error}>
      <Input id={id} {...input} />
    </Field>
  );
}

/** A `PasswordInput` (with its show/hide toggle) under its label, with the field's error line. */
export function PasswordField({
  id,
  label,
  error,
  ...input
}: LabelledProps & ComponentProps<typeof PasswordInput>) {
  return (
    <Field id={id} label={label} error={error}>
      <PasswordInput id={id} {...input} />
    </Field>
  );
}
