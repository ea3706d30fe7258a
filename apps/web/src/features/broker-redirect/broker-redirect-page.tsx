import { useParams } from 'react-router';
import { Spinner } from '../../ui/spinner';

/** Broker login callback; exchanging the broker's token arrives with the brokers issue. */
export function BrokerRedirectPage() {
  const { broker = '' } = useParams();
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
