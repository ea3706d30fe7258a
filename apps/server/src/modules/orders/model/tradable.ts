import type { DerivativesExchange } from '@xtrader/core/market/exchanges';
import { INDEX_NAMES, type IndexName, type IndexTable, isIndexName } from '@xtrader/core/market/indices';
import { MAX_ORDER_QUANTITY } from '@xtrader/core/orders/constants';
import { maxQuantityPerOrder, maxQuantityPerRequest } from '@xtrader/core/orders/quantity-rules';
import type { InstrumentDirectory, InstrumentRecord } from '../../instruments/contract';
import type { OrderRecord } from './record';

/** What placing an order needs to know about the contract it trades. */
export interface Tradable {
  internalToken: string;
  tradingSymbol: string;
  identifier: string;
  exchange: DerivativesExchange;
  lotSize: number;
  /** Largest quantity the exchange accepts in one order (whole lots, at or below the freeze limit). */
  maxPerOrder: number;
  /** The index whose freeze limit applies; undefined for a contract of an index we do not know. */
  index?: IndexName | undefined;
}

// Longest names first, so NIFTYNXT50 and BANKNIFTY are not read as NIFTY.
const BY_LENGTH = [...INDEX_NAMES].sort((a, b) => b.length - a.length);

/** The index a contract belongs to, from its name or else its trading symbol's prefix. */
export function indexOf(name: string | undefined, tradingSymbol: string): IndexName | undefined {
  if (name && isIndexName(name)) return name;
  return BY_LENGTH.find((index) => tradingSymbol.startsWith(index));
}

function maxPerOrderFor(table: IndexTable, lotSize: number, index: IndexName | undefined): number {
  // An index we do not know has no freeze limit we could respect; send the order whole.
  return index ? maxQuantityPerOrder(lotSize, table[index].freezeQty) : Number.POSITIVE_INFINITY;
}

/**
 * The most one order request may carry: MAX_SLICES_PER_ORDER freeze slices, or MAX_ORDER_QUANTITY for an index we
 * do not know (sent whole).
 */
export function maxPerRequestOf(tradable: Tradable, table: IndexTable): number {
  const { index, lotSize } = tradable;
  return index ? maxQuantityPerRequest(lotSize, table[index].freezeQty) : MAX_ORDER_QUANTITY;
}

export function tradableOf(instrument: InstrumentRecord, table: IndexTable): Tradable | undefined {
  if (instrument.exchange !== 'NFO' && instrument.exchange !== 'BFO') return undefined;
  const index = indexOf(instrument.name, instrument.tradingsymbol);
  return {
    internalToken: instrument.internalToken,
    tradingSymbol: instrument.tradingsymbol,
    identifier: instrument.identifier,
    exchange: instrument.exchange,
    lotSize: instrument.lot_size,
    maxPerOrder: maxPerOrderFor(table, instrument.lot_size, index),
    index,
  };
}

/** The contract of an existing order (the directory may have dropped an expired contract; the order still knows). */
export function tradableOfOrder(
  order: OrderRecord,
  directory: InstrumentDirectory,
  table: IndexTable,
): Tradable {
  const known = directory.byToken(order.internalToken);
  const fromDirectory = known ? tradableOf(known, table) : undefined;
  const index = indexOf(undefined, order.tradingSymbol);
  return (
    fromDirectory ?? {
      internalToken: order.internalToken,
      tradingSymbol: order.tradingSymbol,
      identifier: order.identifier,
      exchange: order.exchange,
      lotSize: order.lotSize,
      maxPerOrder: maxPerOrderFor(table, order.lotSize, index),
      index,
    }
  );
}
