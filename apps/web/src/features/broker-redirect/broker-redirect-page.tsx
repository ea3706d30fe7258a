import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { errorToastText } from '../../api/toast-error';
import { Spinner } from '../../ui/spinner';
import { useCompleteBrokerLogin } from './api/complete-broker-login';
import { callbackRequestFor } from './callback-request';

const REDIRECT_FAILED = 'Failed: something went wrong';

/**
 * `/redirect/:broker`: the broker sends the browser back here after its login; the page posts the
 * grant to the server once, then goes to the dashboard, with an error toast when the login failed.
 */
export function BrokerRedirectPage() {
  const { broker = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const complete = useCompleteBrokerLogin();
  // The grant is single-use: StrictMode's second effect run (or a re-render) must not post it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const done = () => void navigate('/dashboard', { replace: true });
    const request = callbackRequestFor(broker, search);
    if ('error' in request) {
      toast.error(REDIRECT_FAILED);
      done();
      return;
    }
    complete.mutate(request, {
      onSuccess: ({ data, message }) => {
        if (!data.tradingAvailable) toast.info(message);
        done();
      },
      onError: (error) => {
        toast.error(errorToastText(error, REDIRECT_FAILED));
        done();
      },
    });
  }, [broker, search, navigate, complete]);

  return (
    <main className="grid min-h-full place-items-center p-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <Spinner className="size-6 text-accent" />
        <h1 className="text-lg font-semibold">Connecting your broker</h1>
        <p className="text-sm text-muted">Finishing the {broker} login…</p>
      </div>
    </main>
  );
}
