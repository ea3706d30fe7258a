import { useMutation } from '@tanstack/react-query';
import { type BrokerKey, brokerRedirectPath } from '@xtrader/core/api/brokers';
import { API_BASE } from '@xtrader/core/api/envelope';
import { BROKER_LISTINGS } from '@xtrader/core/brokers/catalog';
import { ChevronDown } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toastError } from '../../api/toast-error';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { ExternalLink } from '../../ui/text-link';
import {
  addZerodhaAccount,
  brokerRedirect,
  startBrokerLogin,
  startZerodhaLogin,
  type ZerodhaLogin,
} from './broker-login-requests';
import { CopyField } from './copy-field';

const FAILED = 'Failed: something went wrong';
const LOGIN_FAILED = 'Something went wrong!';
const KITE_TUTORIAL_URL = 'https://kite.trade/docs/connect/v3/';

function useBrokerLogins(onNeedsCredentials: () => void) {
  const follow = (result: ZerodhaLogin) =>
    result.kind === 'redirect' ? brokerRedirect.go(result.url) : onNeedsCredentials();
  return {
    zerodha: useMutation({
      mutationFn: startZerodhaLogin,
      onSuccess: follow,
      onError: (e) => toastError(e, FAILED),
    }),
    add: useMutation({
      mutationFn: addZerodhaAccount,
      onSuccess: follow,
      onError: (e) => toastError(e, FAILED),
    }),
    // Every other broker: its login page from the server (which says so when the broker is not set up here).
    broker: useMutation({
      mutationFn: startBrokerLogin,
      onSuccess: (url) => brokerRedirect.go(url),
      onError: (e) => toastError(e, LOGIN_FAILED),
    }),
  };
}

function AddZerodhaForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (input: { apiKey: string; apiSecret: string }) => void;
}) {
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const origin = window.location.origin;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ apiKey: apiKey.trim(), apiSecret: apiSecret.trim() });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-xs text-muted">
        Create a Kite Connect app, paste its API key and secret, and use these URLs in the app:
      </p>
      <CopyField label="Postback URL" value={`${origin}${API_BASE}/broker/postback/zerodha`} />
      <CopyField label="Redirect URL" value={`${origin}${brokerRedirectPath('zerodha')}`} />
      <div>
        <Label htmlFor="zerodha-api-key">API Key</Label>
        <Input
          id="zerodha-api-key"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          autoComplete="off"
          required
        />
      </div>
      <div>
        <Label htmlFor="zerodha-api-secret">API Secret</Label>
        <Input
          id="zerodha-api-secret"
          type="password"
          value={apiSecret}
          onChange={(e) => setApiSecret(e.target.value)}
          autoComplete="off"
          required
        />
      </div>
      <div className="flex items-center justify-between">
        <ExternalLink href={KITE_TUTORIAL_URL} className="text-xs">
          How to create a Kite Connect app
        </ExternalLink>
        <Button type="submit" size="sm" loading={pending} disabled={!apiKey.trim() || !apiSecret.trim()}>
          Add Zerodha Account
        </Button>
      </div>
    </form>
  );
}

/**
 * Login With Broker: every supported broker, an expandable Open Demat Account list, and the Add Zerodha
 * Account form when the server has no Kite credentials for the user.
 */
export function LoginWithBrokerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [view, setView] = useState<'brokers' | 'add-zerodha'>('brokers');
  const [dematOpen, setDematOpen] = useState(false);
  const logins = useBrokerLogins(() => setView('add-zerodha'));
  const login = (key: BrokerKey) => (key === 'zerodha' ? logins.zerodha.mutate() : logins.broker.mutate(key));
  useEffect(() => {
    if (open) setView('brokers');
  }, [open]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={view === 'brokers' ? 'Login With Broker' : 'Add Zerodha Account'}
      className="max-w-md"
    >
      {view === 'add-zerodha' ? (
        <AddZerodhaForm pending={logins.add.isPending} onSubmit={(input) => logins.add.mutate(input)} />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="grid grid-cols-3 gap-2">
            {BROKER_LISTINGS.map((listing) => (
              <Button
                key={listing.key}
                variant="secondary"
                loading={
                  listing.key === 'zerodha'
                    ? logins.zerodha.isPending
                    : logins.broker.isPending && logins.broker.variables === listing.key
                }
                onClick={() => login(listing.key)}
              >
                {listing.name}
              </Button>
            ))}
          </div>
          <button
            type="button"
            aria-expanded={dematOpen}
            onClick={() => setDematOpen((o) => !o)}
            className="inline-flex items-center gap-1 self-start text-xs text-accent"
          >
            Open Demat Account
            <ChevronDown className={dematOpen ? 'size-3.5 rotate-180' : 'size-3.5'} aria-hidden />
          </button>
          {dematOpen && (
            <ul className="flex flex-col gap-1 pl-2 text-xs">
              {BROKER_LISTINGS.map((listing) => (
                <li key={listing.key}>
                  <ExternalLink href={listing.openAccountUrl}>Open a {listing.name} account</ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
