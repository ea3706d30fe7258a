import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { startSession } from '../../api/session';
import { isAccessTokenLive } from '../../state/access-token';
import { Spinner } from '../../ui/spinner';

/**
 * `/auth?authToken=...`: logs in with the token as the access token and goes to the dashboard. The entry
 * holding the token is replaced, so the token never stays in the address bar or the history.
 */
export function AuthLandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const authToken = params.get('authToken');

  useEffect(() => {
    if (authToken && isAccessTokenLive(authToken, Date.now())) {
      startSession(authToken);
      void navigate('/dashboard', { replace: true });
      return;
    }
    toast.error(authToken ? 'This sign-in link has expired. Please log in.' : 'Sign-in link is incomplete.');
    void navigate('/', { replace: true });
  }, [authToken, navigate]);

  return (
    <main className="grid min-h-full place-items-center">
      <div className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> Signing you in…
      </div>
    </main>
  );
}
