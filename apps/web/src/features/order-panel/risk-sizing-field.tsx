import { formatIndianInteger } from '@xtrader/core/format/format';
import { riskSizedLots } from '@xtrader/core/orders/risk-sizing';
import { useEffect, useState } from 'react';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Input } from '../../ui/input';
import { PanelField } from './field';

/** Whole rupees of at least 1, or off (blank); what cannot be read keeps the last value. */
const readRisk = (text: string, previous: number | null): number | null => {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : previous;
};

/**
 * Risk per trade of the stop-loss card (blank = off, Qty is sent): the lots it buys at the card's SL points are
 * shown before anything is sent, or why it buys none.
 */
export function RiskSizingField() {
  const risk = useTradingSettings((s) => s.stopLossOrderState.riskPerTrade ?? null);
  const slPoints = useTradingSettings((s) => s.stopLossOrderState.slPoints);
  const lotSize = useTradingSettings((s) => s.orderConfig.lotSize);
  const patch = useTradingSettings((s) => s.patchSettings);
  const [text, setText] = useState(risk === null ? '' : String(risk));
  useEffect(() => setText(risk === null ? '' : String(risk)), [risk]);
  const sized = risk !== null && lotSize !== null ? riskSizedLots(risk, slPoints, lotSize) : undefined;
  return (
    <div className="flex items-end gap-2">
      <PanelField label="Risk ₹ (sizes Qty)" htmlFor="sl-risk" className="w-28">
        <Input
          id="sl-risk"
          aria-label="Risk per trade"
          className="h-8 text-right tabular-nums"
          inputMode="numeric"
          placeholder="Off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            const next = readRisk(text, risk);
            patch('stopLossOrderState', { riskPerTrade: next });
            setText(next === null ? '' : String(next));
          }}
        />
      </PanelField>
      {sized && (
        <output
          data-testid="risk-sized-lots"
          className={sized.ok ? 'pb-1.5 text-xs text-fg tabular-nums' : 'pb-1.5 text-xs text-sell'}
        >
          {sized.ok
            ? `${sized.lots} lot${sized.lots === 1 ? '' : 's'} = ${formatIndianInteger(sized.quantity)} qty, ₹${formatIndianInteger(Math.round(sized.atRisk))} at risk`
            : sized.message}
        </output>
      )}
    </div>
  );
}
