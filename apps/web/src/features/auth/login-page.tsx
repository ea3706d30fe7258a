import { type FormEvent, useState } from 'react';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { SubmitButton } from '../../ui/submit-button';
import { PasswordField, TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { useLogin } from './api/login';

/** `/`: email-or-phone and password. No client-side checks: the server decides. */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [passcode, setPasscode] = useState('');
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username, passcode });
  };

  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <CardTitle>Log in to continue</CardTitle>
      <CardDescription className="mt-1">Welcome back. Your trading terminal is a step away.</CardDescription>
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        <TextField
          id="username"
          label="Email or Phone"
          name="username"
          autoComplete="username"
          placeholder="you@example.com or 9876543210"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <PasswordField
          id="password"
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={passcode}
          onChange={(event) => setPasscode(event.target.value)}
        />
        <div className="flex justify-end">
          <TextLink to="/forgot-password" className="text-xs">
            Forgot Password?
          </TextLink>
        </div>
        <SubmitButton loading={login.isPending}>Log in</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        New to X-Trader? <TextLink to="/signup">Sign up</TextLink>
      </p>
    </Card>
  );
}
