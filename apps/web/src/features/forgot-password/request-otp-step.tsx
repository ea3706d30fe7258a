import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { announceDevOtp } from '../../api/auth-data';
import { toastError } from '../../api/toast-error';
import { digitsOnly, PHONE_DIGITS } from '../../lib/account-rules';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { requestResetOtp } from './api/reset-requests';
import { canRequestResetOtp } from './reset-validation';

/** Step 1: the account's email and phone; a code goes to the phone. */
export function RequestOtpStep({ onOtpSent }: { onOtpSent: (phone: string) => void }) {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const request = useMutation({
    mutationFn: () => requestResetOtp(email.trim(), phone),
    onSuccess: ({ data }) => {
      announceDevOtp(data);
      onOtpSent(phone);
    },
    onError: (error) => toastError(error, 'Could not send the OTP. Please try again!'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRequestResetOtp(email, phone)) request.mutate();
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="reset-email" label="Email">
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="reset-phone" label="Phone">
        <Input
          id="reset-phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          value={phone}
          onChange={(e) => setPhone(digitsOnly(e.target.value, PHONE_DIGITS))}
        />
      </Field>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!canRequestResetOtp(email, phone)}
        loading={request.isPending}
      >
        Get OTP
      </Button>
    </form>
  );
}
