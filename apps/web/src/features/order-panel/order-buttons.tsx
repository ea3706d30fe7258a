import { keyLabel } from '../../state/key-map';
import { useTradingSettings } from '../../state/trading-settings-store';
import { cn } from '../../ui/cn';
import { intentLabel, keyForIntent, type OrderCard, type OrderIntent } from './order-intent';

const BUTTONS = [
  { optionType: 'CE', side: 'buy' },
  { optionType: 'CE', side: 'sell' },
  { optionType: 'PE', side: 'buy' },
  { optionType: 'PE', side: 'sell' },
] as const;

/** Buy/Sell CE/PE buttons with their shortcut keys as the key map binds them (Shift on the stop-loss card). */
export function OrderButtons({
  card,
  onIntent,
  disabled,
}: {
  card: OrderCard;
  onIntent: (intent: OrderIntent) => void;
  disabled?: boolean;
}) {
  const keyMap = useTradingSettings((s) => s.keyMap);
  return (
    <div className="grid grid-cols-4 gap-1.5">
      {BUTTONS.map(({ optionType, side }) => {
        const label = intentLabel({ optionType, side });
        const key = keyForIntent(keyMap, { optionType, side });
        return (
          <button
            key={label}
            type="button"
            disabled={disabled}
            aria-keyshortcuts={card === 'stopLoss' ? `Shift+${key}` : key}
            onClick={() => onIntent({ card, optionType, side })}
            className={cn(
              'flex h-8 items-center justify-center gap-1.5 whitespace-nowrap rounded-md text-xs font-semibold text-white transition',
              'hover:brightness-110 active:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              'disabled:cursor-not-allowed disabled:opacity-50',
              side === 'buy' ? 'bg-buy' : 'bg-sell',
            )}
          >
            {label}
            {/* The key badge gives way on short, narrow screens, where the buttons share a row with the quotes (the
                `?` overlay still lists every key). */}
            <span className="inline-flex items-center gap-0.5 rounded bg-black/20 px-1 py-0.5 text-[10px] font-medium short:max-2xl:hidden">
              {card === 'stopLoss' && <span aria-hidden>⇧</span>}
              <span aria-hidden>{keyLabel(key)}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
