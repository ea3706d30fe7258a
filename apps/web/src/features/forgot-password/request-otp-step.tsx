import { useMutation } from '@tanstack/react-query';
import type { OtpChannel } from '@xtrader/core/api/auth';
import { type FormEvent, useState } from 'react';
import { announceDevOtp } from '../../api/auth-data';
import { toastError } from '../../api/toast-error';
import { EmailField, PhoneField } from '../../ui/account-fields';
import { SubmitButton } from '../../ui/submit-button';
import { requestResetOtp } from './api/reset-requests';
import { canRequestResetOtp } from './reset-validation';

/** Where the reset code was sent: the account's phone and email, and the channels the server names. */
export type ResetOtpSent = { phone: string; email: string; channels: readonly OtpChannel[] | undefined };

/** Step 1: the account's email and phone; a code goes to the phone (and/or the email). */
export function RequestOtpStep({ onOtpSent }: { onOtpSent: (sent: ResetOtpSent) => void }) {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const request = useMutation({
    mutationFn: () => requestResetOtp(email.trim(), phone),
    onSuccess: ({ data }) => {
      announceDevOtp(data);
      onOtpSent({ phone, email: email.trim(), channels: data?.channels });
    },
    onError: (error) => toastError(error, 'Could not send the OTP. Please try again!'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRequestResetOtp(email, phone)) request.mutate();
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <EmailField id="reset-email" value={email} onChange={setEmail} />
      <PhoneField id="reset-phone" value={phone} onChange={setPhone} />
      <SubmitButton disabled={!canRequestResetOtp(email, phone)} loading={request.isPending}>
        Get OTP
      </SubmitButton>
    </form>
  );
}
