import { useState } from 'react';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { StepIndicator } from '../../ui/step-indicator';
import { TextLink } from '../../ui/text-link';
import { NewPasswordStep } from './new-password-step';
import { RequestOtpStep, type ResetOtpSent } from './request-otp-step';
import { VerifyOtpStep } from './verify-otp-step';

type Progress = { step: 1 } | ({ step: 2 } & ResetOtpSent) | { step: 3; phone: string; requestId: string };

const HINTS = {
  1: 'Enter the email and phone number of your account.',
  2: 'Enter the one-time code we sent.',
  3: 'Choose a new password.',
} as const;

/** `/forgot-password`: email + phone, then the OTP boxes, then the new password. */
export function ForgotPasswordPage() {
  const [progress, setProgress] = useState<Progress>({ step: 1 });
  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <CardTitle>Reset your password</CardTitle>
      <CardDescription className="mt-1">{HINTS[progress.step]}</CardDescription>
      <StepIndicator step={progress.step} total={3} className="mt-5 mb-6" />
      {progress.step === 1 && <RequestOtpStep onOtpSent={(sent) => setProgress({ step: 2, ...sent })} />}
      {progress.step === 2 && (
        <VerifyOtpStep
          phone={progress.phone}
          email={progress.email}
          channels={progress.channels}
          onVerified={(requestId) => setProgress({ step: 3, phone: progress.phone, requestId })}
        />
      )}
      {progress.step === 3 && <NewPasswordStep phone={progress.phone} requestId={progress.requestId} />}
      <p className="mt-6 flex justify-center gap-4 text-sm">
        <TextLink to="/">Log In</TextLink>
        <span className="text-subtle" aria-hidden>
          ·
        </span>
        <TextLink to="/signup">Sign Up</TextLink>
      </p>
    </Card>
  );
}
