import { brokerNameOf } from '@xtrader/core/brokers/catalog';
import { isPracticeBroker, PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { HOVER_CARD_OPEN_DELAY_MS } from '@xtrader/core/constants';
import { CircleDot } from 'lucide-react';
import { HoverCard } from 'radix-ui';
import { useState } from 'react';
import { useUserInfo } from '../../api/account-queries';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/dialog';
import { useBrokerStatus } from './broker-status-query';
import { useReconnectBroker, useResetFunds } from './practice-requests';

const BROKER_NAMES: Record<string, string> = { [PRACTICE_BROKER_ID]: 'Paper Trading' };
const UPDATES_LABELS = { live: 'Live', reconnecting: 'Reconnecting…', off: 'Off' } as const;
const CHANNEL_LABELS = { stream: 'stream', postback: 'postbacks', polling: 'order book every 2 s' } as const;

/** When the broker session ends, in IST as a trader reads it ("Wed 25 Nov, 03:30"). */
const expiryText = (epochMs: number) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);

const RESET_FUNDS_QUESTION =
  'Reset your Practice funds to the starting capital? This clears all your Practice positions, orders and order history, and cannot be undone.';

/**
 * Broker status: which broker is active and its client id, with Reconnect; in Practice Mode also Reset Funds and
 * Trade with Broker; for a live broker its session end and how its order updates arrive, and Subscribe Updates where
 * they can be re-subscribed. Opens on hover after 1 ms.
 */
export function BrokerStatusCard({ onTradeWithBroker }: { onTradeWithBroker: () => void }) {
  const user = useUserInfo().data?.user;
  const broker = user?.activeBroker ?? null;
  const practice = isPracticeBroker(broker);
  const reset = useResetFunds();
  const [confirmReset, setConfirmReset] = useState(false);
  const reconnect = useReconnectBroker();
  const name = broker ? (BROKER_NAMES[broker] ?? brokerNameOf(broker)) : 'No broker';
  // GET /broker/status says whether the broker session is alive (Kite's ends at 06:00 IST) and updates stream.
  const status = useBrokerStatus();
  const expired = status.data?.state === 'expired';
  const connected = broker !== null && !expired && status.data?.state !== 'disconnected';
  const reconnectNow = () => reconnect.mutate(undefined, { onSettled: () => void status.refetch() });
  return (
    <HoverCard.Root openDelay={HOVER_CARD_OPEN_DELAY_MS} closeDelay={150}>
      <HoverCard.Trigger asChild>
        <button
          type="button"
          className="inline-flex h-7 items-center gap-1.5 rounded-md border border-border px-2 text-xs text-fg hover:bg-surface-2"
        >
          <CircleDot
            className={cn('size-3', connected ? (practice ? 'text-warn' : 'text-buy') : 'text-sell')}
            aria-hidden
          />
          {name}
        </button>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 rounded-lg border border-border bg-surface p-3 text-xs shadow-xl"
        >
          <p className="font-semibold text-fg">{name}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted">
            <dt>Status</dt>
            <dd className={connected ? 'text-buy' : 'text-sell'}>
              {expired ? 'Session expired' : connected ? 'Connected' : 'Not connected'}
            </dd>
            <dt>Client ID</dt>
            <dd className="font-mono text-fg">{status.data?.clientId ?? user?.clientId ?? '-'}</dd>
            {status.data && broker && !practice && (
              <>
                <dt>Order updates</dt>
                <dd className="text-fg">
                  {UPDATES_LABELS[status.data.updates]}
                  {status.data.updateChannel && ` (${CHANNEL_LABELS[status.data.updateChannel]})`}
                </dd>
                {status.data.expiresAt !== null && (
                  <>
                    <dt>Session ends</dt>
                    <dd className="text-fg">{expiryText(status.data.expiresAt)}</dd>
                  </>
                )}
              </>
            )}
            {practice && (
              <>
                <dt>Data</dt>
                <dd className="text-fg">Delayed by 5 seconds</dd>
              </>
            )}
          </dl>
          <div className="mt-3 flex flex-wrap gap-1.5">
            {expired && (
              <Button size="sm" onClick={onTradeWithBroker}>
                Log in again
              </Button>
            )}
            {broker && !expired && (
              <Button size="sm" variant="secondary" loading={reconnect.isPending} onClick={reconnectNow}>
                Reconnect
              </Button>
            )}
            {status.data?.canSubscribeUpdates && !expired && (
              <Button size="sm" variant="secondary" loading={reconnect.isPending} onClick={reconnectNow}>
                Subscribe Updates
              </Button>
            )}
            {practice && (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={reset.isPending}
                  onClick={() => setConfirmReset(true)}
                >
                  Reset Funds
                </Button>
                <Button size="sm" onClick={onTradeWithBroker}>
                  Trade with Broker
                </Button>
              </>
            )}
          </div>
        </HoverCard.Content>
      </HoverCard.Portal>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset Funds"
        description={RESET_FUNDS_QUESTION}
        confirmLabel="Reset Funds"
        variant="danger"
        loading={reset.isPending}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirmReset(false) })}
      />
    </HoverCard.Root>
  );
}
