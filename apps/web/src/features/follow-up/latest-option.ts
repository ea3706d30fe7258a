import { type Instrument, latestOptionResponseSchema } from '@xtrader/core/api/instruments';
import { type IndexName, isIndexName } from '@xtrader/core/market/indices';
import { api } from '../../api/client';
import type { FollowUpInstrument } from '../../state/trading-settings-types';

/** GET /instruments/fetchLatestOptionOfIndex: the at-the-money call and put of the nearest expiry. */
export const fetchLatestOption = async (name: IndexName) =>
  (
    await api.get('/instruments/fetchLatestOptionOfIndex', {
      query: { name, segment: 'indices' },
      data: latestOptionResponseSchema,
    })
  ).data;

/** The follow-up row's copy of an instrument; undefined for an instrument outside the seven indices. */
export function toFollowUpInstrument(instrument: Instrument): FollowUpInstrument | undefined {
  if (!isIndexName(instrument.name)) return undefined;
  return {
    index: instrument.name,
    tradingSymbol: instrument.tradingsymbol,
    identifier: instrument.identifier,
    expiry: instrument.expiry ?? '',
    lotSize: instrument.lot_size,
  };
}
