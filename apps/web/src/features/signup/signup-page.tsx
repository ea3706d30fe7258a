import type { OtpChannel } from '@xtrader/core/api/auth';
import { FREE_TRIAL_DAYS } from '@xtrader/core/constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRIVACY_PATH, RISK_DISCLOSURE_PATH, TERMS_PATH } from '../../config/product';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { StepIndicator } from '../../ui/step-indicator';
import { ExternalLink, TextLink } from '../../ui/text-link';
import type { SignupDetails } from './api/signup-requests';
import { ProductBenefits } from './product-benefits';
import { SignupDetailsStep } from './signup-details-step';
import { SignupOtpStep } from './signup-otp-step';
import { SignupPasswordStep } from './signup-password-step';

type Step = 1 | 2 | 3;

const STEP_HINTS: Record<Step, string> = {
  1: 'Tell us who you are. We will send you a one-time code.',
  2: 'Enter the code we just sent.',
  3: 'Choose a password for your account.',
};

/** `/signup`: details, then OTP, then password; success logs in and opens the dashboard. */
export function SignupPage() {
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>(1);
  const [channels, setChannels] = useState<readonly OtpChannel[] | undefined>();
  const [details, setDetails] = useState<SignupDetails>(() => ({
    name: '',
    email: '',
    phone: '',
    referralCode: params.get('referralCode') ?? '',
  }));

  return (
    <Card className="grid w-full max-w-3xl overflow-hidden md:grid-cols-[minmax(0,1fr)_15rem]">
      <div className="p-6 sm:p-8">
        <CardTitle>Sign up for your {FREE_TRIAL_DAYS}-day free trial</CardTitle>
        <CardDescription className="mt-1">{STEP_HINTS[step]}</CardDescription>
        <StepIndicator step={step} total={3} className="mt-5 mb-6" />
        {step === 1 && (
          <SignupDetailsStep
            details={details}
            onChange={setDetails}
            onOtpSent={(sentBy) => {
              setChannels(sentBy);
              setStep(2);
            }}
          />
        )}
        {step === 2 && (
          <SignupOtpStep
            phone={details.phone}
            email={details.email}
            channels={channels}
            onVerified={() => setStep(3)}
            onBack={() => setStep(1)}
          />
        )}
        {step === 3 && <SignupPasswordStep details={details} />}
        <p className="mt-6 text-center text-sm text-muted">
          Already have an account? <TextLink to="/">Sign In</TextLink>
        </p>
        <p className="mt-3 text-center text-xs text-subtle">
          By signing up you agree to our <ExternalLink href={TERMS_PATH}>Terms of Use</ExternalLink> and{' '}
          <ExternalLink href={PRIVACY_PATH}>Privacy Policy</ExternalLink>, and confirm you have read the{' '}
          <ExternalLink href={RISK_DISCLOSURE_PATH}>Risk Disclosure</ExternalLink>.
        </p>
      </div>
      <aside className="border-t border-border bg-surface-2/50 p-6 md:border-t-0 md:border-l">
        <ProductBenefits />
      </aside>
    </Card>
  );
}
