import type { IstClock } from '@xtrader/core/market/sessions';
import type { DisciplineSettings } from '@xtrader/core/risk/discipline';
import { isIstClock } from '@xtrader/core/risk/discipline';
import { useEffect, useState } from 'react';
import { Checkbox } from '../../ui/checkbox';
import { Input } from '../../ui/input';

type NumberRule = 'maxTradesPerDay' | 'maxLossPerDay' | 'coolDownMinutes';

/** A whole number of at least 1, or off (blank). What cannot be read keeps the last value. */
const readCount = (text: string, previous: number | null): number | null => {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= 1 ? value : previous;
};

function CountInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  return (
    <Input
      aria-label={label}
      className="h-8 w-28 text-right tabular-nums"
      inputMode="numeric"
      placeholder="Off"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        const next = readCount(text, value);
        onChange(next);
        setText(next === null ? '' : String(next));
      }}
    />
  );
}

/**
 * The trader's discipline rules, all off by default (blank): enforced by the server on every new order; exits are
 * always allowed. A max-loss lock, once hit, holds for the rest of the day whatever is saved here.
 */
export function DisciplineSection({
  value,
  onChange,
}: {
  value: DisciplineSettings;
  onChange: (value: DisciplineSettings) => void;
}) {
  const set = (rule: NumberRule) => (next: number | null) => onChange({ ...value, [rule]: next });
  const [cutOff, setCutOff] = useState(value.noNewPositionsAfter ?? '');
  useEffect(() => setCutOff(value.noNewPositionsAfter ?? ''), [value.noNewPositionsAfter]);
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5 py-1 text-xs">
      <span>Max trades per day</span>
      <CountInput
        label="Max trades per day"
        value={value.maxTradesPerDay}
        onChange={set('maxTradesPerDay')}
      />
      <span>Max loss per day (₹): locks trading until the next session</span>
      <CountInput label="Max loss per day" value={value.maxLossPerDay} onChange={set('maxLossPerDay')} />
      <span>Cool-down after a losing trade (minutes)</span>
      <CountInput label="Cool-down minutes" value={value.coolDownMinutes} onChange={set('coolDownMinutes')} />
      <span>No new positions after (IST)</span>
      <Input
        aria-label="No new positions after"
        type="time"
        className="h-8 w-28"
        value={cutOff}
        onChange={(event) => {
          const text = event.target.value;
          setCutOff(text);
          if (text === '' || isIstClock(text))
            onChange({ ...value, noNewPositionsAfter: text === '' ? null : (text as IstClock) });
        }}
      />
      <span>No market orders (limit orders only)</span>
      <Checkbox
        checked={value.noMarketOrders}
        onCheckedChange={(noMarketOrders) => onChange({ ...value, noMarketOrders })}
        label="No market orders"
      />
    </div>
  );
}
