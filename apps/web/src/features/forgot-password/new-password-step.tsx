import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { toastError } from '../../api/toast-error';
import { ConfirmPasswordField, NewPasswordField } from '../../ui/account-fields';
import { FormError } from '../../ui/form-error';
import { SubmitButton } from '../../ui/submit-button';
import { resetPasscode } from './api/reset-requests';
import { isAcceptablePassword, RESET_MESSAGES } from './reset-validation';

/** Step 3: the new password, twice; success returns to the login page. */
export function NewPasswordStep({ phone, requestId }: { phone: string; requestId: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => resetPasscode(phone, password, requestId),
    onSuccess: () => {
      toast.success(RESET_MESSAGES.success);
      void navigate('/', { replace: true });
    },
    onError: (error) => toastError(error, 'Password reset failed. Please try again!'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const acceptable = isAcceptablePassword(password, confirmation);
    setProblem(acceptable ? null : RESET_MESSAGES.badPassword);
    if (acceptable) reset.mutate();
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <NewPasswordField id="reset-password" label="New Password" value={password} onChange={setPassword} />
      <ConfirmPasswordField id="reset-confirm" value={confirmation} onChange={setConfirmation} />
      <FormError problem={problem} />
      <SubmitButton loading={reset.isPending}>Reset Password</SubmitButton>
    </form>
  );
}
