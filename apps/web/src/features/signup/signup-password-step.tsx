import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { startSession } from '../../api/session';
import { toastError } from '../../api/toast-error';
import { ConfirmPasswordField, NewPasswordField } from '../../ui/account-fields';
import { SubmitButton } from '../../ui/submit-button';
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
      <NewPasswordField
        id="signup-password"
        label="Password"
        error={passwordHint(password)}
        value={password}
        onChange={setPassword}
      />
      <ConfirmPasswordField
        id="signup-confirm"
        error={mismatch ? 'Passwords do not match.' : undefined}
        value={confirmation}
        onChange={setConfirmation}
      />
      <SubmitButton disabled={!canSubmitPassword(password, confirmation)} loading={create.isPending}>
        Sign Up
      </SubmitButton>
    </form>
  );
}
