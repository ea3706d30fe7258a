import type { Notification } from '@xtrader/core/api/notifications';
import { formatNumber, formatTime12h } from '@xtrader/core/format/format';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { cn } from '../../ui/cn';

/**
 * An order executed/failed card: time, identifier, side (buy green, sell red), status,
 * quantity, average price, and the status message when there is one.
 */
export function NotificationCard({ notification }: { notification: Notification }) {
  const failed = notification.notificationType === 'order_failed';
  // Only a complete order earns the green check: one partly filled and then cancelled is a warning.
  const partial = !failed && notification.status !== 'COMPLETE';
  const side = notification.transactionType;
  const Icon = failed ? CircleX : partial ? CircleAlert : CircleCheck;
  const tone = failed ? 'text-sell' : partial ? 'text-warn' : 'text-buy';
  return (
    <div
      role="status"
      data-notification={notification.notificationType}
      className={cn(
        'w-[356px] rounded-lg border bg-surface p-3 text-xs shadow-xl',
        failed ? 'border-sell/50' : partial ? 'border-warn/50' : 'border-buy/50',
      )}
    >
      <div className="flex items-center gap-2">
        <Icon className={cn('size-4 shrink-0', tone)} aria-hidden />
        <span className="truncate font-semibold text-fg">{notification.identifier ?? '-'}</span>
        <span className="ml-auto shrink-0 text-muted">{formatTime12h(notification.timestamp)}</span>
      </div>
      <div className="mt-2 grid grid-cols-4 gap-2">
        <Field label="Side">
          {side ? (
            <span className={cn('font-bold', side === 'buy' ? 'text-buy' : 'text-sell')}>
              {side.toUpperCase()}
            </span>
          ) : (
            '-'
          )}
        </Field>
        <Field label="Status">
          <span className={cn('font-semibold', failed ? 'text-sell' : 'text-fg')}>{notification.status}</span>
        </Field>
        <Field label="Qty">{notification.quantity ?? '-'}</Field>
        <Field label="Avg Price">
          {notification.averagePrice === null ? '-' : formatNumber(notification.averagePrice)}
        </Field>
      </div>
      {notification.statusMessage && <p className="mt-2 text-muted">{notification.statusMessage}</p>}
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="text-[10px] tracking-wide text-subtle uppercase">{label}</span>
      <span className="truncate font-mono text-fg">{children}</span>
    </div>
  );
}
