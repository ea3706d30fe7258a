import { formatNumber, formatShortDate } from '@xtrader/core/format/format';
import { INDEX_NAMES, type IndexName, isIndexName } from '@xtrader/core/market/indices';
import { useQuote } from '../../live';
import { indexChange, type OptionSide, strikeChange } from '../../state/order-config-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import { cn } from '../../ui/cn';
import { Select } from '../../ui/select';
import { useExpiryDates } from './api/get-expiry-dates';
import { useStrikes } from './api/get-strikes';

const fieldLabel = 'text-[10px] font-semibold tracking-wide text-muted uppercase';

/** The seven indices. Changing the index clears expiry, lot size and strikes. */
export function IndexPicker() {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const patch = useTradingSettings((s) => s.patchSettings);
  const choose = (value: string) => {
    if (isIndexName(value) && value !== index) patch('orderConfig', indexChange(value));
  };
  return (
    <div className="flex flex-col gap-1">
      <span className={fieldLabel} aria-hidden>
        Index
      </span>
      <Select aria-label="Index" className="w-32" value={index} onChange={(e) => choose(e.target.value)}>
        {INDEX_NAMES.map((name: IndexName) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The index's listed expiries, as `01 Dec 26`. */
export function ExpiryPicker() {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const expiry = useTradingSettings((s) => s.orderConfig.expiry);
  const patch = useTradingSettings((s) => s.patchSettings);
  const { data: expiries = [] } = useExpiryDates(index);
  return (
    <div className="flex flex-col gap-1">
      <span className={fieldLabel} aria-hidden>
        Expiry
      </span>
      <Select
        aria-label="Expiry"
        className="w-32"
        value={expiry}
        disabled={expiries.length === 0}
        onChange={(e) => patch('orderConfig', { expiry: e.target.value })}
      >
        {expiry === '' && <option value="">-</option>}
        {expiries.map((date) => (
          <option key={date} value={date}>
            {formatShortDate(date)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The live price of the chosen contract, beside its strike. */
function LivePrice({ symbol, side }: { symbol: string; side: OptionSide }) {
  const quote = useQuote(symbol || null);
  const label = side === 'call' ? 'CE' : 'PE';
  return (
    <span
      className={cn(
        'min-w-16 text-xs font-semibold tabular-nums',
        side === 'call' ? 'text-buy' : 'text-sell',
      )}
    >
      <span className="sr-only">{label} price </span>
      <span data-testid={`${label.toLowerCase()}-price`}>{quote ? formatNumber(quote.lastPrice) : '-'}</span>
    </span>
  );
}

/** Call or put strike of the chosen expiry, with the contract's live price. */
export function StrikePicker({ side }: { side: OptionSide }) {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const expiry = useTradingSettings((s) => s.orderConfig.expiry);
  const strike = useTradingSettings((s) =>
    side === 'call' ? s.orderConfig.callStrike : s.orderConfig.putStrike,
  );
  const symbol = useTradingSettings((s) =>
    side === 'call' ? s.orderConfig.callTradingSymbol : s.orderConfig.putTradingSymbol,
  );
  const patch = useTradingSettings((s) => s.patchSettings);
  const { data: strikes = [] } = useStrikes(index, expiry, side === 'call' ? 'CE' : 'PE');
  const label = side === 'call' ? 'Call strike' : 'Put strike';
  // Keep a strike that is not in the list visible rather than silently showing another one.
  const options = strike !== null && !strikes.includes(strike) ? [strike, ...strikes] : strikes;
  return (
    <div className="flex flex-col gap-1">
      <span className={fieldLabel} aria-hidden>
        {side === 'call' ? 'Call (CE)' : 'Put (PE)'}
      </span>
      <span className="flex items-center gap-2">
        <Select
          aria-label={label}
          className="w-28"
          value={strike === null ? '' : String(strike)}
          disabled={options.length === 0}
          onChange={(e) => patch('orderConfig', strikeChange(side, Number(e.target.value)))}
        >
          {strike === null && <option value="">-</option>}
          {options.map((value) => (
            <option key={value} value={String(value)}>
              {value}
            </option>
          ))}
        </Select>
        <LivePrice symbol={symbol} side={side} />
      </span>
    </div>
  );
}
