import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { toastError } from '../../api/toast-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
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
      <Field id="reset-password" label="New Password">
        <PasswordInput
          id="reset-password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field id="reset-confirm" label="Confirm Password">
        <PasswordInput
          id="reset-confirm"
          autoComplete="new-password"
          placeholder="Type it again"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </Field>
      {problem && (
        <p role="alert" className="text-sm text-sell">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
        Reset Password
      </Button>
    </form>
  );
}
