import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp } from 'lucide-react';
import { cn } from '../ui/cn';

// The product's keyboard map: up buys CE, down buys PE, left sells CE, right sells PE.
const KEYS = [
  { Icon: ArrowLeft, action: 'Sell CE', side: 'sell', area: '[grid-area:left]' },
  { Icon: ArrowUp, action: 'Buy CE', side: 'buy', area: '[grid-area:up]' },
  { Icon: ArrowDown, action: 'Buy PE', side: 'buy', area: '[grid-area:down]' },
  { Icon: ArrowRight, action: 'Sell PE', side: 'sell', area: '[grid-area:right]' },
] as const;

/** Keycap picture of the one-key order shortcuts, shown beside the login and signup forms. */
export function ShortcutKeysCard() {
  return (
    <figure className="w-fit rounded-lg border border-border bg-surface-2/60 p-5 backdrop-blur">
      <div className="grid w-fit grid-cols-[repeat(3,5.5rem)] gap-2 [grid-template-areas:'._up_.'_'left_down_right']">
        {KEYS.map(({ Icon, action, side, area }) => (
          <div
            key={action}
            className={cn(
              'flex flex-col items-center gap-1 rounded-md border border-border-strong bg-surface px-2 py-2',
              'shadow-[inset_0_-2px_0_var(--xt-border)]',
              area,
            )}
          >
            <Icon className="size-4 text-fg" aria-hidden />
            <span className={cn('text-[11px] font-semibold', side === 'buy' ? 'text-buy' : 'text-sell')}>
              {action}
            </span>
          </div>
        ))}
      </div>
      <figcaption className="mt-4 max-w-[17.5rem] text-xs text-muted">
        Arrow keys place a market order. Hold <kbd className="rounded border border-border px-1">Shift</kbd>{' '}
        for a stop-loss order.
      </figcaption>
    </figure>
  );
}
