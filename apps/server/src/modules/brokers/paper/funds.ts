import type { ContractKind, MarginInputs } from '@xtrader/core/margin/estimate';
import { orderMarginPaise, positionMarginPaise } from '@xtrader/core/margin/requirement';
import { fromPaise } from '@xtrader/core/orders/price-rules';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { InstrumentRecord } from '../../instruments/contract';
import type { BrokerMargin, ProductType, Side } from '../broker';
import type { PaperOrder } from './paper-order';
import { averageOpenPricePaise, type PaperPosition } from './positions';

/**
 * Funds of one paper account, always derived from its state so they cannot drift:
 *   total     = capital + realised P&L booked on earlier days + realised P&L of the day's positions
 *   utilized  = margin of open positions (premium paid for longs, the short/futures estimate of core's margin
 *               rules at the current delayed price) + margin blocked by resting orders (exits block nothing)
 *   available = total - utilized
 * Unrealised P&L is not part of the funds (as on a broker's funds page, where M2M is shown apart).
 */

/** The in-memory state of one user's paper account. */
export interface PaperAccount {
  userId: string;
  capitalPaise: number;
  /** Realised P&L of earlier days' positions, booked at the day rollover (rollover.ts). */
  bookedPaise: number;
  /** Resting orders by id. */
  resting: Map<string, PaperOrder>;
  positions: Map<string, PaperPosition>;
  /** Sum of `blockedPaise` of the resting orders. */
  blockedPaise: number;
}

/** Prices and contracts the funds maths needs (the exchange answers from the market and instrument modules). */
export interface PricingContext {
  /** Practice-view last price of a symbol. */
  ltp(symbol: string): number | undefined;
  instrument(tradingSymbol: string): InstrumentRecord | undefined;
  /** Practice-view level of the instrument's underlying index. */
  spot(instrument: InstrumentRecord): number | undefined;
}

export interface FundsPaise {
  totalPaise: number;
  utilizedPaise: number;
  availablePaise: number;
}

const contractKind = (instrument: InstrumentRecord): ContractKind =>
  instrument.instrument_type === 'FUT' ? 'FUT' : instrument.instrument_type === 'PE' ? 'PE' : 'CE';

const marginInputs = (instrument: InstrumentRecord, ctx: PricingContext): MarginInputs => ({
  kind: contractKind(instrument),
  strike: instrument.strike,
  spot: ctx.spot(instrument),
});

/** Margin an open position holds now (the core rule, at the current delayed price). */
function positionUtilizedPaise(position: PaperPosition, ctx: PricingContext): number {
  if (position.netQuantity === 0) return 0;
  const instrument = ctx.instrument(position.tradingSymbol);
  const mark = ctx.ltp(position.tradingSymbol) ?? fromPaise(averageOpenPricePaise(position));
  const inputs: MarginInputs = instrument
    ? marginInputs(instrument, ctx)
    : { kind: 'CE', strike: mark, spot: undefined };
  return positionMarginPaise(inputs, position, mark);
}

export function accountFunds(account: PaperAccount, ctx: PricingContext): FundsPaise {
  let realisedPaise = 0;
  let positionsPaise = 0;
  for (const position of account.positions.values()) {
    realisedPaise += position.realisedPaise;
    positionsPaise += positionUtilizedPaise(position, ctx);
  }
  const totalPaise = account.capitalPaise + account.bookedPaise + realisedPaise;
  const utilizedPaise = positionsPaise + account.blockedPaise;
  return { totalPaise, utilizedPaise, availablePaise: totalPaise - utilizedPaise };
}

/** Rupees for the broker interface; available is derived in paise, so available + utilized = total to the paisa. */
export const toBrokerMargin = (funds: FundsPaise): BrokerMargin => ({
  total: fromPaise(funds.totalPaise),
  available: fromPaise(funds.availablePaise),
  utilized: fromPaise(funds.utilizedPaise),
});

/** The price an order's margin is reckoned at: its limit, its trigger (stop-market) or the LTP (market). */
export function referencePrice(
  order: Pick<PaperOrder, 'orderType' | 'price' | 'triggerPrice'>,
  ltp?: number,
) {
  if (order.orderType === 'limit' || order.orderType === 'stoploss') return order.price;
  if (order.orderType === 'stoploss_market') return order.triggerPrice;
  return ltp;
}

export interface OrderIntent {
  tradingSymbol: string;
  product: ProductType;
  side: Side;
  /** Unfilled quantity. */
  quantity: number;
  price: number;
}

/**
 * Margin an order must block: only the part that opens or adds to the position (core's rule). An exit of a
 * position the user holds blocks nothing, however many other exits rest against it; one that would open a new
 * position by the time it fills is checked again then (order-actions.ts).
 */
export function orderRequirementPaise(
  account: PaperAccount,
  intent: OrderIntent,
  instrument: InstrumentRecord,
  ctx: PricingContext,
): number {
  const net = account.positions.get(positionKey(intent))?.netQuantity ?? 0;
  return orderMarginPaise(marginInputs(instrument, ctx), intent, net);
}

const rupeesText = (paise: number): string => (paise / 100).toFixed(2);

/** Kite's RMS wording for an order the funds cannot carry. */
export const insufficientFundsMessage = (requiredPaise: number, availablePaise: number): string =>
  `Insufficient funds. Required margin is ${rupeesText(requiredPaise)} but available margin is ${rupeesText(availablePaise)}. Check the orderbook for open orders.`;
