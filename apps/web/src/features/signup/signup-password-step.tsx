import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { startSession } from '../../api/session';
import { toastError } from '../../api/toast-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { type SignupDetails, signup } from './api/signup-requests';
import { canSubmitPassword, passwordHint } from './signup-validation';

/** Step 3: choose a password; success logs the new user in and opens the dashboard. */
export function SignupPasswordStep({ details }: { details: SignupDetails }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const create = useMutation({
    mutationFn: () => signup(details, password),
    onSuccess: ({ data }) => {
      startSession(data.accessToken);
      void navigate('/dashboard', { replace: true });
    },
    onError: (error) => toastError(error, 'Sign up failed. Please try again!'),
  });
  const mismatch = confirmation !== '' && confirmation !== password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitPassword(password, confirmation)) create.mutate();
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="signup-password" label="Password" error={passwordHint(password)}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field
        id="signup-confirm"
        label="Confirm Password"
        error={mismatch ? 'Passwords do not match.' : undefined}
      >
        <PasswordInput
          id="signup-confirm"
          autoComplete="new-password"
          placeholder="Type it again"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </Field>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!canSubmitPassword(password, confirmation)}
        loading={create.isPending}
      >
        Sign Up
      </Button>
    </form>
  );
}
