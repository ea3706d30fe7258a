import type { Margin, Position, PositionsResponse } from '@xtrader/core/api/portfolio';
import { INDEX_TABLE, type IndexName, type IndexTable, isIndexName } from '@xtrader/core/market/indices';
import { roundMoney } from '@xtrader/core/orders/price-rules';
import { toBrokerProduct } from '@xtrader/core/orders/types';
import { deltaRelativeToNifty } from '@xtrader/core/pnl/pnl';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { DomainError } from '../../domain-error';
import type { BrokerPosition, BrokerRegistry } from '../brokers/broker';
import type { InstrumentDirectory, InstrumentRecord } from '../instruments/contract';
import type { MarketData, PriceView, ViewOfUser } from '../market/contract';

export const PORTFOLIO_MESSAGES = {
  positions: 'Positions fetched',
  margin: 'Funds fetched',
  noActiveBroker:
    'No active broker. Start Practice Mode or log in with a broker to see your live funds and positions.',
} as const;

export interface PortfolioDeps {
  registry: BrokerRegistry;
  marketData: Pick<MarketData, 'getQuote'>;
  instruments: InstrumentDirectory;
  /** The user's price view: the 5 s delayed line in Practice Mode, live otherwise. */
  viewOf: ViewOfUser;
  /** The user's own price source (docs/market-data.md); absent: everyone reads `marketData`. */
  quotesOf?: (userId: string) => Promise<Pick<MarketData, 'getQuote'>>;
  indexTable?: IndexTable;
}

type Quotes = Pick<MarketData, 'getQuote'>;

/** Average price of the open quantity: the broker's when it reports one, else the average of the open side. */
const averagePrice = (p: BrokerPosition): number => {
  if (p.averagePrice !== undefined) return p.averagePrice;
  if (p.quantity > 0 && p.buyQuantity > 0) return roundMoney(p.buyValue / p.buyQuantity);
  if (p.quantity < 0 && p.sellQuantity > 0) return roundMoney(p.sellValue / p.sellQuantity);
  return 0;
};

/**
 * Positions and funds of the caller's active broker. Positions are shown
 * at the price of the user's view; `delta` is the instrument's per-unit delta (futures 1) and `relativeDelta` the
 * same in NIFTY units (core `deltaRelativeToNifty`), so a client multiplies either by the signed quantity for a
 * position's delta, as the Net Delta of a group does.
 */
export function createPortfolioService(deps: PortfolioDeps) {
  const { registry, marketData, instruments, viewOf } = deps;
  const indexTable = deps.indexTable ?? INDEX_TABLE;

  const spotOf = (quotes: Quotes, index: IndexName, view: PriceView) =>
    quotes.getQuote(indexTable[index].displayName, view)?.lastPrice;

  const deltaOf = (quotes: Quotes, instrument: InstrumentRecord, view: PriceView): number | null => {
    if (instrument.instrument_type === 'FUT') return 1;
    const delta = quotes.getQuote(instrument.tradingsymbol, view)?.delta;
    return delta !== undefined && Number.isFinite(delta) ? delta : null;
  };

  const toPosition = (quotes: Quotes, p: BrokerPosition, view: PriceView): Position | undefined => {
    const instrument = instruments.bySymbol(p.tradingSymbol) ?? instruments.byToken(p.internalToken);
    if (!instrument || !isIndexName(instrument.name)) return undefined;
    if (instrument.exchange !== 'NFO' && instrument.exchange !== 'BFO') return undefined;
    const index = instrument.name;
    const delta = deltaOf(quotes, instrument, view);
    const spot = spotOf(quotes, index, view);
    const nifty = spotOf(quotes, 'NIFTY', view);
    return {
      internalToken: instrument.internalToken,
      tradingSymbol: p.tradingSymbol,
      exchange: instrument.exchange,
      index,
      identifier: instrument.identifier,
      product: toBrokerProduct(p.product),
      productType: p.product,
      quantity: p.quantity,
      buyQuantity: p.buyQuantity,
      sellQuantity: p.sellQuantity,
      buyValue: p.buyValue,
      sellValue: p.sellValue,
      price: averagePrice(p),
      lastTradedPrice: quotes.getQuote(p.tradingSymbol, view)?.lastPrice ?? p.lastTradedPrice,
      delta,
      relativeDelta:
        delta !== null && spot !== undefined && nifty !== undefined
          ? deltaRelativeToNifty(delta, spot, nifty)
          : null,
      ...(p.charges === undefined ? {} : { charges: p.charges }),
    };
  };

  return {
    /** The caller's positions; empty (with a message saying why) when no broker is active. */
    async positions(userId: string): Promise<{ data: PositionsResponse; message: string }> {
      const session = await registry.sessionFor(userId);
      if (!session) {
        return {
          data: { positions: { netPosition: [], byIndex: {} } },
          message: PORTFOLIO_MESSAGES.noActiveBroker,
        };
      }
      const [view, quotes] = await Promise.all([viewOf(userId), deps.quotesOf?.(userId) ?? marketData]);
      const netPosition = (await session.positions())
        .map((p) => toPosition(quotes, p, view))
        .filter((p): p is Position => p !== undefined);
      const byIndex: PositionsResponse['positions']['byIndex'] = {};
      for (const position of netPosition) {
        const group = byIndex[position.index] ?? {};
        // One row per trading symbol and product, under the shared position key.
        group[positionKey(position)] = position;
        byIndex[position.index] = group;
      }
      return { data: { positions: { netPosition, byIndex } }, message: PORTFOLIO_MESSAGES.positions };
    },

    /** The caller's funds; 400 when no broker is active. */
    async margin(userId: string): Promise<Margin> {
      const session = await registry.sessionFor(userId);
      if (!session) throw new DomainError('no_broker', PORTFOLIO_MESSAGES.noActiveBroker);
      const { total, available, utilized, charges } = await session.margin();
      return { total, available, utilized, ...(charges === undefined ? {} : { charges }) };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
