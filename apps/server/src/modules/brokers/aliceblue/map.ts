import { MARKET_PROTECTION_DEFAULT_PERCENT } from '@xtrader/core/orders/constants';
import { roundMoney } from '@xtrader/core/orders/price-rules';
import type {
  BrokerMargin,
  BrokerOrderSnapshot,
  BrokerOrderType,
  BrokerPosition,
  ModifyOrderCommand,
  PlaceOrderCommand,
  ProductType,
} from '../broker';
import { marketProtectionParam } from '../live/order-rules';
import type { BrokerContract } from '../live-kit/instrument-master';
import { openApiPositionSides, openApiReport, parseOpenApiTime } from '../live-kit/open-api-rows';
import type { OrderReport } from '../live-kit/order-tracker';
import { type PricingCommand, pricedByOrderType } from '../live-kit/pricing';
import { marginOf, snapshotOf } from '../live-kit/rows';
import { statusWords } from '../live-kit/status-words';
import type { AliceLimits, AliceModifyBody, AlicePlaceBody } from './aliceblue-api';
import type { AliceOrder, AlicePosition } from './aliceblue-schemas';

// Translation between our broker commands and AliceBlue's open-api. Quantities are in units (AliceBlue refuses a
// quantity that is not a whole number of lots). Stop-losses go out as SL (stop-limit) with a protective limit:
// exchanges refuse stop-market orders on options. Market orders always carry market protection.

/** An order book row with our trading symbol, resolved through AliceBlue's instrument master. */
export type AliceRow = AliceOrder & { ourSymbol?: string | undefined };

/** What modify and cancel need to remember of an order. */
export type AliceKnown = Pick<
  BrokerOrderSnapshot,
  'orderType' | 'side' | 'tradingSymbol' | 'price' | 'triggerPrice' | 'quantity'
>;

const PRODUCT = { normal: 'NRML', intraday: 'INTRADAY' } as const;

const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MARKET: 'market',
  MKT: 'market',
  LIMIT: 'limit',
  L: 'limit',
  SL: 'stoploss',
  SLM: 'stoploss_market',
  'SL-M': 'stoploss_market',
};

/** Prices as AliceBlue's clients send them: a string, "0" for none. */
const text = (value: number | undefined): string => (value === undefined ? '0' : String(value));

type Pricing = Pick<AlicePlaceBody, 'orderType' | 'price' | 'slTriggerPrice' | 'marketProtectionPercent'>;

const priced = (cmd: PricingCommand): Pricing =>
  pricedByOrderType<Pricing>(cmd, {
    market: () => {
      // The user's percentage, else our default: AliceBlue wants a positive percentage, never Kite's -1.
      const own = marketProtectionParam(cmd.marketProtection);
      const protection = own > 0 ? own : MARKET_PROTECTION_DEFAULT_PERCENT;
      return {
        orderType: 'MARKET',
        price: '0',
        slTriggerPrice: '0',
        marketProtectionPercent: String(protection),
      };
    },
    limit: (price) => ({
      orderType: 'LIMIT',
      price: text(price),
      slTriggerPrice: '0',
      marketProtectionPercent: '',
    }),
    stopLimit: (trigger, price) => ({
      orderType: 'SL',
      price: text(price),
      slTriggerPrice: text(trigger),
      marketProtectionPercent: '',
    }),
  });

/** One placement, with the broker's contract (instrument id, exchange) and our order id as its tag. */
export function toAlicePlacement(
  cmd: PlaceOrderCommand,
  contract: Pick<BrokerContract, 'instrumentId' | 'exchange'>,
  algoId: string | undefined,
): AlicePlaceBody {
  return {
    exchange: contract.exchange,
    instrumentId: contract.instrumentId,
    transactionType: cmd.side === 'buy' ? 'BUY' : 'SELL',
    quantity: cmd.quantity,
    product: PRODUCT[cmd.product],
    orderComplexity: 'REGULAR',
    validity: 'DAY',
    disclosedQuantity: '0',
    ...priced(cmd),
    orderTag: cmd.clientOrderId,
    ...(algoId ? { algoId } : {}),
  };
}

/** A modification: AliceBlue wants the whole order again (quantity, type, prices) with its id. */
export function toAliceModification(
  brokerOrderId: string,
  current: AliceKnown,
  change: ModifyOrderCommand,
): AliceModifyBody {
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const triggerPrice = change.triggerPrice ?? current.triggerPrice;
  const {
    orderType,
    price: sentPrice,
    slTriggerPrice,
  } = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    ...(triggerPrice !== undefined ? { triggerPrice } : {}),
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(price !== undefined ? { price } : {}),
  });
  return {
    brokerOrderId,
    quantity: change.quantity ?? current.quantity,
    orderType,
    price: sentPrice,
    slTriggerPrice,
    validity: 'DAY',
    disclosedQuantity: '0',
  };
}

/** AliceBlue's status words where they differ from the kit's; anything else (validation pending ...) is in flight. */
const reportStatusOf = statusWords({ pending: 'open', new: 'open', replaced: 'open', modified: 'open' });

export const toOrderReport = (order: AliceOrder): OrderReport => openApiReport(order, reportStatusOf);

/** AliceBlue times (IST) as `YYYY-MM-DD HH:MM:SS`, `DD-MM-YYYY HH:MM:SS` or `DD/MM/YYYY HH:MM:SS`. */
export const parseAliceTime = parseOpenApiTime;

export const aliceEventTs = (row: AliceOrder, receivedTs: number): number =>
  parseAliceTime(row.exchangeUpdateTime ?? row.orderTime) ?? receivedTs;

const fromProduct = (product: string): ProductType =>
  ['INTRADAY', 'MIS'].includes(product.toUpperCase()) ? 'intraday' : 'normal';

export const fromAliceOrder = (row: AliceRow, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(row), {
    clientOrderId: row.orderTag ?? undefined,
    tradingSymbol: row.ourSymbol ?? row.tradingSymbol ?? row.formattedInstrumentName ?? '',
    side: row.transactionType === 'BUY' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[row.orderType] ?? 'limit',
    product: fromProduct(row.product),
    updatedTs: aliceEventTs(row, now),
  });

/** What modify and cancel remember of a row. */
export const knownOf = (row: AliceRow, now: number): AliceKnown => {
  const { orderType, side, tradingSymbol, price, triggerPrice, quantity } = fromAliceOrder(row, now);
  return {
    orderType,
    side,
    tradingSymbol,
    quantity,
    ...(price !== undefined ? { price } : {}),
    ...(triggerPrice !== undefined ? { triggerPrice } : {}),
  };
};

/**
 * Net positions. `symbolOf` turns AliceBlue's instrument id into our contract (symbol and internal token); buy and
 * sell values are used when present, else derived from quantities and the day's averages.
 */
export function fromAlicePosition(
  row: AlicePosition,
  ours: { tradingSymbol: string; internalToken: string } | undefined,
): BrokerPosition {
  const { average, buyQuantity, sellQuantity, buyValue, sellValue } = openApiPositionSides(row, {
    buy: row.dayBuyPrice,
    sell: row.daySellPrice,
  });
  return {
    tradingSymbol: ours?.tradingSymbol ?? row.tradingSymbol ?? '',
    internalToken: ours?.internalToken ?? row.instrumentId ?? '',
    product: fromProduct(row.product),
    quantity: row.netQuantity,
    buyQuantity,
    sellQuantity,
    buyValue: roundMoney(buyValue),
    sellValue: roundMoney(sellValue),
    lastTradedPrice: row.ltp ?? average,
    ...(row.netQuantity !== 0 && average > 0 ? { averagePrice: average } : {}),
  };
}

/** Available is AliceBlue's trading limit, utilised its utilised margin; total is their sum. */
export const fromAliceLimits = (limits: AliceLimits): BrokerMargin =>
  marginOf(limits.tradingLimit, limits.utilizedMargin);
