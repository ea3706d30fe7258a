import { useMutation } from '@tanstack/react-query';
import type { OtpChannel } from '@xtrader/core/api/auth';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { digitsOnly, isCompleteOtp, OTP_LENGTH } from '../../lib/account-rules';
import { otpDestination } from '../../lib/otp-destination';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { verifySignupOtp } from './api/signup-requests';
import { SIGNUP_MESSAGES } from './signup-validation';

type Props = {
  phone: string;
  email: string;
  /** Where the server says the code went. */
  channels: readonly OtpChannel[] | undefined;
  onVerified: () => void;
  onBack: () => void;
};

/** Step 2: the code sent to the phone; Verify OTP needs exactly four digits. */
export function SignupOtpStep({ phone, email, channels, onVerified, onBack }: Props) {
  const [otp, setOtp] = useState('');
  const verify = useMutation({
    mutationFn: (code: string) => verifySignupOtp(phone, code),
    onSuccess: onVerified,
    onError: () => toast.error(SIGNUP_MESSAGES.invalidOtp),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isCompleteOtp(otp)) verify.mutate(otp);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-muted">
        We sent a {OTP_LENGTH}-digit code{' '}
        <span className="font-medium text-fg">{otpDestination(channels, phone, email)}</span>.
      </p>
      <Field id="signup-otp" label="Enter OTP">
        <Input
          id="signup-otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          placeholder={'•'.repeat(OTP_LENGTH)}
          className="font-mono tracking-[0.5em]"
          value={otp}
          onChange={(e) => setOtp(digitsOnly(e.target.value, OTP_LENGTH))}
        />
      </Field>
      <div className="flex gap-3">
        <Button variant="secondary" size="lg" onClick={onBack} disabled={verify.isPending}>
          Back
        </Button>
        <Button
          type="submit"
          size="lg"
          className="flex-1"
          disabled={!isCompleteOtp(otp)}
          loading={verify.isPending}
        >
          Verify OTP
        </Button>
      </div>
    </form>
  );
}
