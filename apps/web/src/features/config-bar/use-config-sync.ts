import { istDateOf } from '@xtrader/core/market/dates';
import { useEffect } from 'react';
import {
  instrumentFetched,
  instrumentMissing,
  isNoChange,
  type OptionSide,
  resolveExpiry,
} from '../../state/order-config-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { OrderConfig } from '../../state/trading-settings-types';
import { useInstrument } from './api/fetch-instrument';
import { fetchLatestOption } from './api/fetch-latest-option';
import { useExpiryDates } from './api/get-expiry-dates';

const patchConfig = (patch: Partial<OrderConfig>) => {
  const { orderConfig, patchSettings } = useTradingSettings.getState();
  if (!isNoChange(orderConfig, patch)) patchSettings('orderConfig', patch);
};

/** Keeps the expiry valid for the index: the first listed one when empty, past or not listed. */
export function useExpirySync(now: () => number = Date.now): void {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const expiry = useTradingSettings((s) => s.orderConfig.expiry);
  const { data: expiries } = useExpiryDates(index);
  useEffect(() => {
    if (!expiries) return;
    const next = resolveExpiry(expiry, expiries, istDateOf(now()));
    if (next !== undefined && next !== expiry) patchConfig({ expiry: next });
  }, [expiries, expiry, now]);
}

/** Fills the at-the-money call and put strikes whenever the index has none (a new index, a fresh start). */
export function useAtmFill(): void {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const missing = useTradingSettings(
    (s) => s.orderConfig.callStrike === null || s.orderConfig.putStrike === null,
  );
  useEffect(() => {
    if (!missing) return;
    let current = true;
    fetchLatestOption(index)
      .then(({ call, put }) => {
        const config = useTradingSettings.getState().orderConfig;
        // A later index change wins over this answer.
        if (!current || config.index !== index) return;
        patchConfig({
          ...(config.callStrike === null ? { callStrike: call.strike } : {}),
          ...(config.putStrike === null ? { putStrike: put.strike } : {}),
        });
      })
      // The failure handler of the latest-option fetch does nothing.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [index, missing]);
}

/** Fetches the chosen strike's instrument and writes its tokens and lot size into the order configuration. */
export function useInstrumentSync(side: OptionSide): void {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const expiry = useTradingSettings((s) => s.orderConfig.expiry);
  const strike = useTradingSettings((s) =>
    side === 'call' ? s.orderConfig.callStrike : s.orderConfig.putStrike,
  );
  const { data, isError } = useInstrument(index, expiry, side === 'call' ? 'CE' : 'PE', strike);
  useEffect(() => {
    if (data) patchConfig(instrumentFetched(side, data));
    else if (isError) patchConfig(instrumentMissing(side));
  }, [data, isError, side]);
}
