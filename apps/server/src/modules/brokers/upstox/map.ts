import { istEpochMs } from '@xtrader/core/market/dates';
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
import type { OrderReport } from '../live-kit/order-tracker';
import { type PricingCommand, pricedByOrderType } from '../live-kit/pricing';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { PlacedOrder } from '../live-kit/session';
import { statusWords } from '../live-kit/status-words';
import type { UpstoxModifyBody, UpstoxPlaceBody } from './upstox-api';
import type { UpstoxOrder, UpstoxPosition } from './upstox-schemas';

// Translation between our broker commands and Upstox's order API. Quantities are units (Upstox counts F&O orders
// in units, not lots). Exchanges refuse stop-market orders on options, so an option's stop-market goes out as a
// stop-limit with a protective limit (as on Kite and IIFL); a future's stays SL-M. Market orders carry market
// protection: the trader's percentage, else -1 (Upstox's automatic protection).

/** Futures or options: which stop-loss types the exchange takes. */
export type ContractKind = 'option' | 'future';

/** An order row with what we know of its contract: our trading symbol, when our master lists it. */
export type UpstoxRow = UpstoxOrder & { ourSymbol?: string | undefined };

/** What modify and cancel remember of an order: as placed, plus its quantity and contract kind. */
export type UpstoxKnown = PlacedOrder & { quantity: number; kind: ContractKind };

const PRODUCT = { intraday: 'I', normal: 'D' } as const;
const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  SL: 'stoploss',
  'SL-M': 'stoploss_market',
};

type Pricing = Pick<UpstoxPlaceBody, 'order_type' | 'price' | 'trigger_price' | 'market_protection'>;

function priced(cmd: PricingCommand, kind: ContractKind): Pricing {
  const protection = marketProtectionParam(cmd.marketProtection);
  // Futures take a stop-market; options refuse it and take the kit's stop-limit.
  if (cmd.orderType === 'stoploss_market' && kind === 'future') {
    return {
      order_type: 'SL-M',
      price: 0,
      trigger_price: cmd.triggerPrice ?? 0,
      market_protection: protection,
    };
  }
  return pricedByOrderType<Pricing>(cmd, {
    market: () => ({ order_type: 'MARKET', price: 0, trigger_price: 0, market_protection: protection }),
    limit: (price) => ({ order_type: 'LIMIT', price: price ?? 0, trigger_price: 0 }),
    stopLimit: (trigger, price) => ({ order_type: 'SL', trigger_price: trigger, price }),
  });
}

/** Our order as Upstox's v3 placement of `instrumentKey`, our order id as its tag. */
export function toUpstoxPlacement(
  cmd: PlaceOrderCommand,
  contract: { instrumentKey: string; kind: ContractKind },
): UpstoxPlaceBody {
  return {
    instrument_token: contract.instrumentKey,
    quantity: cmd.quantity,
    product: PRODUCT[cmd.product],
    validity: 'DAY',
    transaction_type: cmd.side === 'buy' ? 'BUY' : 'SELL',
    disclosed_quantity: 0,
    is_amo: false,
    slice: false,
    tag: cmd.clientOrderId,
    ...priced(cmd, contract.kind),
  };
}

/** A modification as v3 modify takes it: the whole new shape of the order (type, prices, quantity). */
export function toUpstoxModification(
  orderId: string,
  current: UpstoxKnown,
  change: ModifyOrderCommand,
): UpstoxModifyBody {
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const { market_protection: _ignored, ...pricing } = priced(
    {
      orderType: change.orderType ?? current.orderType,
      side: current.side,
      triggerPrice: change.triggerPrice ?? current.triggerPrice,
      ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
      ...(price !== undefined ? { price } : {}),
    },
    current.kind,
  );
  return {
    order_id: orderId,
    validity: 'DAY',
    disclosed_quantity: 0,
    quantity: change.quantity ?? current.quantity,
    ...pricing,
  };
}

/**
 * Upstox's status words are the kit's; the in-between ones ("put order req received", "validation pending", "open
 * pending", "modify pending", "cancel pending", "modified", ...) say a request is being applied: nothing new yet.
 */
export const reportStatusOf = statusWords();

export const toOrderReport = (order: UpstoxOrder): OrderReport =>
  reportOf({
    orderId: order.order_id,
    status: reportStatusOf(order.status),
    quantity: order.quantity,
    filledQuantity: order.filled_quantity,
    averagePrice: order.average_price,
    price: order.price,
    triggerPrice: order.trigger_price,
    message: order.status_message,
  });

/** Upstox times are `YYYY-MM-DD HH:MM:SS` in IST; undefined when absent or unreadable. */
export function parseUpstoxTime(text: string | undefined): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  if (!match) return undefined;
  const [, date, hh, mm, ss] = match as unknown as [string, string, string, string, string];
  return istEpochMs(date, Number(hh), Number(mm), Number(ss));
}

export const eventTsOf = (order: UpstoxOrder, receivedTs: number): number =>
  parseUpstoxTime(order.exchange_timestamp) ?? parseUpstoxTime(order.order_timestamp) ?? receivedTs;

const productOf = (product: string): ProductType => (product.toUpperCase() === 'I' ? 'intraday' : 'normal');

/** Our symbol when our master lists the contract, else Upstox's own. */
const symbolOfRow = (row: UpstoxRow): string =>
  row.ourSymbol ?? row.trading_symbol ?? row.tradingsymbol ?? row.instrument_token;

export const kindOfSymbol = (symbol: string | undefined): ContractKind =>
  symbol?.endsWith('FUT') ? 'future' : 'option';

export const fromUpstoxOrder = (row: UpstoxRow, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(row), {
    clientOrderId: row.tag ?? undefined,
    tradingSymbol: symbolOfRow(row),
    side: row.transaction_type === 'BUY' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[row.order_type] ?? 'limit',
    product: productOf(row.product),
    updatedTs: eventTsOf(row, now),
  });

export function knownOfRow(row: UpstoxRow, now: number): UpstoxKnown {
  const snapshot = fromUpstoxOrder(row, now);
  return {
    orderType: snapshot.orderType,
    side: snapshot.side,
    tradingSymbol: snapshot.tradingSymbol,
    ...(snapshot.price !== undefined ? { price: snapshot.price } : {}),
    ...(snapshot.triggerPrice !== undefined ? { triggerPrice: snapshot.triggerPrice } : {}),
    quantity: row.quantity,
    kind: kindOfSymbol(row.ourSymbol),
  };
}

/** A position row in our terms; `symbol` is our trading symbol of its contract when we list it. */
export function fromUpstoxPosition(
  row: UpstoxPosition,
  ours: { symbol: string | undefined; internalToken: string | undefined },
): BrokerPosition {
  const buyQuantity =
    (row.day_buy_quantity ?? 0) + (row.overnight_buy_quantity ?? 0) || Math.max(0, row.quantity);
  const sellQuantity =
    (row.day_sell_quantity ?? 0) + (row.overnight_sell_quantity ?? 0) || Math.max(0, -row.quantity);
  const buyValue = row.buy_value ?? (row.day_buy_value ?? 0) + (row.overnight_buy_amount ?? 0);
  const sellValue = row.sell_value ?? (row.day_sell_value ?? 0) + (row.overnight_sell_amount ?? 0);
  return {
    tradingSymbol: ours.symbol ?? row.trading_symbol ?? row.tradingsymbol ?? row.instrument_token,
    internalToken: ours.internalToken ?? row.instrument_token,
    product: productOf(row.product),
    quantity: row.quantity,
    buyQuantity,
    sellQuantity,
    buyValue: roundMoney(buyValue),
    sellValue: roundMoney(sellValue),
    lastTradedPrice: row.last_price ?? row.average_price ?? 0,
    ...(row.average_price !== undefined ? { averagePrice: row.quantity === 0 ? 0 : row.average_price } : {}),
  };
}

/** F&O margin is the equity segment's: available and used; the total is their sum. */
export const fromUpstoxFunds = (funds: { available: number; used: number }): BrokerMargin =>
  marginOf(funds.available, funds.used);
