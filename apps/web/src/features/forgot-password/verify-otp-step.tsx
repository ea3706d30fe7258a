import { useMutation } from '@tanstack/react-query';
import type { OtpChannel } from '@xtrader/core/api/auth';
import { useEffect, useRef, useState } from 'react';
import { toastError } from '../../api/toast-error';
import { OTP_LENGTH } from '../../lib/account-rules';
import { otpDestination } from '../../lib/otp-destination';
import { OtpBoxes, type OtpBoxesHandle } from '../../ui/otp-boxes';
import { Spinner } from '../../ui/spinner';
import { verifyResetOtp } from './api/reset-requests';

const emptyDigits = () => Array.from({ length: OTP_LENGTH }, () => '');

/** Step 2: four boxes, verified as soon as the last one is filled; a wrong code clears them. */
export function VerifyOtpStep({
  phone,
  email,
  channels,
  onVerified,
}: {
  phone: string;
  email: string;
  /** Where the server says the code went. */
  channels: readonly OtpChannel[] | undefined;
  onVerified: (requestId: string) => void;
}) {
  const [digits, setDigits] = useState(emptyDigits);
  const boxes = useRef<OtpBoxesHandle>(null);
  const [refocus, setRefocus] = useState(false);
  const verify = useMutation({
    mutationFn: (otp: string) => verifyResetOtp(phone, otp),
    onSuccess: ({ data }) => onVerified(data.requestId),
    onError: (error) => {
      toastError(error, 'Invalid OTP');
      setDigits(emptyDigits());
      setRefocus(true);
    },
  });

  // A disabled box cannot take focus: wait until the failed request has re-enabled the boxes.
  useEffect(() => {
    if (!refocus || verify.isPending) return;
    boxes.current?.focus(0);
    setRefocus(false);
  }, [refocus, verify.isPending]);

  const change = (next: string[]) => {
    setDigits(next);
    if (next.every((digit) => digit !== '')) verify.mutate(next.join(''));
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Enter the {OTP_LENGTH}-digit code sent{' '}
        <span className="font-medium text-fg">{otpDestination(channels, phone, email)}</span>.
        {/* The server answers alike whether or not the email and phone match an account (it reveals none). */}{' '}
        If none arrives, check that the email and phone are those of your account.
      </p>
      <OtpBoxes ref={boxes} digits={digits} onChange={change} disabled={verify.isPending} autoFocus />
      <p className="flex h-5 items-center gap-2 text-xs text-muted" aria-live="polite">
        {verify.isPending && (
          <>
            <Spinner className="size-3.5" /> Verifying…
          </>
        )}
      </p>
    </div>
  );
}
