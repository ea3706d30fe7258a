import type { ChangeEvent } from 'react';
import { digitsOnly, PHONE_DIGITS } from '../lib/account-rules';
import { PasswordField, TextField } from './text-field';

/** What an account field takes: the input's id, its text and what to do with new text. */
type Props = { id: string; value: string; onChange: (text: string) => void };
/** What is wrong with a password field, shown under it. */
type WithError = { error?: string | undefined };

/** The input props for `value` that report each edit as text, passed through `clean` first. */
function textProps({ id, value, onChange }: Props, clean = (text: string) => text) {
  return {
    id,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(clean(event.target.value)),
  };
}

const EMAIL = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'you@example.com',
} as const;
const PHONE = {
  label: 'Phone',
  type: 'tel',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  placeholder: '10-digit mobile number',
} as const;
const keepPhoneDigits = (text: string) => digitsOnly(text, PHONE_DIGITS);

export function EmailField(props: Props) {
  return <TextField {...EMAIL} {...textProps(props)} />;
}

/** A 10-digit mobile number: anything but digits is dropped as it is typed. */
export function PhoneField(props: Props) {
  return <TextField {...PHONE} {...textProps(props, keepPhoneDigits)} />;
}

/** A password being chosen (signup, reset), focused on arrival. */
export function NewPasswordField({ label, error, ...props }: Props & WithError & { label: string }) {
  return (
    <PasswordField
      {...textProps(props)}
      label={label}
      error={error}
      autoComplete="new-password"
      placeholder="At least 8 characters"
      autoFocus
    />
  );
}

/** The chosen password typed a second time. */
export function ConfirmPasswordField({ error, ...props }: Props & WithError) {
  return (
    <PasswordField
      {...textProps(props)}
      label="Confirm Password"
      error={error}
      autoComplete="new-password"
      placeholder="Type it again"
    />
  );
}
