import { useEffect } from 'react';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { FollowUpKey, FollowUpTrade } from '../../state/trading-settings-types';
import { fetchLatestOption, toFollowUpInstrument } from './latest-option';

/** The index whose nearest option fills an unset follow-up row. */
const FOLLOW_UP_DEFAULT_INDEX = 'BANKNIFTY';

const isCallRow = (key: FollowUpKey) => key === 'buyCall' || key === 'sellCall';

/**
 * Fills every follow-up row without an instrument with the nearest BANKNIFTY call (call rows) or put (put rows).
 * Rows the user has set are left alone; a failed lookup leaves the rows empty (its failure handler does
 * nothing).
 */
export function useDefaultFollowUpInstruments(): void {
  const missing = useTradingSettings((s) =>
    Object.values(s.followUpTradesState.trades).some((trade) => trade.instrument === null),
  );
  useEffect(() => {
    if (!missing) return;
    let cancelled = false;
    fetchLatestOption(FOLLOW_UP_DEFAULT_INDEX).then(
      ({ call, put }) => {
        if (cancelled) return;
        const callInstrument = toFollowUpInstrument(call) ?? null;
        const putInstrument = toFollowUpInstrument(put) ?? null;
        useTradingSettings.setState((s) => {
          const trades = { ...s.followUpTradesState.trades };
          for (const [key, trade] of Object.entries(trades) as [FollowUpKey, FollowUpTrade][]) {
            if (trade.instrument !== null) continue;
            trades[key] = { ...trade, instrument: isCallRow(key) ? callInstrument : putInstrument };
          }
          return { followUpTradesState: { ...s.followUpTradesState, trades } };
        });
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [missing]);
}
