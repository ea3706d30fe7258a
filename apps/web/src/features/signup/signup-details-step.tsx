import { useMutation } from '@tanstack/react-query';
import type { OtpChannel } from '@xtrader/core/api/auth';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '../../api/api-error';
import { announceDevOtp } from '../../api/auth-data';
import { toastError } from '../../api/toast-error';
import { EmailField, PhoneField } from '../../ui/account-fields';
import { FormError } from '../../ui/form-error';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { requestSignupOtp, type SignupDetails } from './api/signup-requests';
import { detailsError, SIGNUP_MESSAGES } from './signup-validation';

type Props = {
  details: SignupDetails;
  onChange: (details: SignupDetails) => void;
  /** The code went out by `channels` (undefined when the server does not say). */
  onOtpSent: (channels: readonly OtpChannel[] | undefined) => void;
};

/** Step 1: who you are; 'Get OTP' sends a code to the phone. */
export function SignupDetailsStep({ details, onChange, onOtpSent }: Props) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: requestSignupOtp,
    onSuccess: ({ data }) => {
      announceDevOtp(data);
      onOtpSent(data?.channels);
    },
    onError: (error) => {
      // The server answers 400 when the email or phone already has an account: send them to log in.
      if (isApiError(error) && error.status === 400) {
        toast.error(SIGNUP_MESSAGES.accountExists);
        void navigate('/');
      } else toastError(error, 'Could not send the OTP. Please try again!');
    },
  });

  const set = (field: keyof SignupDetails, value: string) => {
    setProblem(null);
    onChange({ ...details, [field]: value });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = detailsError(details);
    setProblem(error);
    if (!error) request.mutate(details);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField
        id="signup-name"
        label="Name"
        autoComplete="name"
        placeholder="Your full name"
        value={details.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <EmailField id="signup-email" value={details.email} onChange={(text) => set('email', text)} />
      <PhoneField id="signup-phone" value={details.phone} onChange={(text) => set('phone', text)} />
      <TextField
        id="signup-referral"
        label={
          <>
            Referral Code <span className="text-subtle">(optional)</span>
          </>
        }
        autoComplete="off"
        placeholder="If a friend invited you"
        value={details.referralCode}
        onChange={(e) => set('referralCode', e.target.value)}
      />
      <FormError problem={problem} />
      <SubmitButton loading={request.isPending}>Get OTP</SubmitButton>
    </form>
  );
}
