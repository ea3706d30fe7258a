import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accessTokenData } from '../../../api/access-token-data';
import { api } from '../../../api/client';
import { startSession } from '../../../api/session';
import { toastError } from '../../../api/toast-error';

/** POST /auth/login payload: username is the email or the phone number. */
type LoginInput = { username: string; passcode: string };

export const login = (input: LoginInput) => api.post('/auth/login', input, { data: accessTokenData });

/** Logs in, stores the token and opens the dashboard; failures toast the server's message. */
export function useLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => {
      startSession(data.accessToken);
      void navigate('/dashboard', { replace: true });
    },
    onError: (error) => toastError(error, 'Login failed'),
  });
}
