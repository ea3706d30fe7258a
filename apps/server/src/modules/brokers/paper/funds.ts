import type { ContractKind, MarginInputs } from '@xtrader/core/margin/estimate';
import { groupMarginPaise, type HeldContract } from '@xtrader/core/margin/portfolio';
import { orderMarginPaise } from '@xtrader/core/margin/requirement';
import { istDateOf } from '@xtrader/core/market/dates';
import { timeToExpiryYears } from '@xtrader/core/market/expiry';
import { fromPaise, toPaise } from '@xtrader/core/orders/price-rules';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { InstrumentRecord } from '../../instruments/contract';
import type { BrokerMargin, ProductType, Side } from '../broker';
import type { PaperOrder } from './paper-order';
import { averageOpenPricePaise, type PaperPosition } from './positions';

/**
 * Funds of one paper account, always derived from its state so they cannot drift:
 *   total     = capital + net P&L booked on earlier days + realised P&L of the day's positions - their charges
 *   utilized  = margin of open positions, by group of one underlying and expiry (premium paid for longs plus the
 *               group's SPAN and exposure at the current delayed prices: a hedged short blocks the group's risk,
 *               core margin/portfolio.ts) + margin blocked by resting orders (exits block nothing)
 *   available = total - utilized
 * Unrealised P&L is not part of the funds (as on a broker's funds page, where M2M is shown apart).
 */

/** The in-memory state of one user's paper account. */
export interface PaperAccount {
  userId: string;
  capitalPaise: number;
  /** Realised P&L less charges of earlier days' positions, booked at the day rollover (rollover.ts). */
  bookedPaise: number;
  /** Resting orders by id. */
  resting: Map<string, PaperOrder>;
  positions: Map<string, PaperPosition>;
  /** Sum of `blockedPaise` of the resting orders. */
  blockedPaise: number;
}

/** Prices and contracts the funds maths needs (the exchange answers from the market and instrument modules). */
export interface PricingContext {
  /** The exchange clock (time to expiry). */
  now(): number;
  /** Practice-view last price of a symbol. */
  ltp(symbol: string): number | undefined;
  /** Practice-view implied volatility of an option (annual fraction), when the feed gives one. */
  iv(symbol: string): number | undefined;
  instrument(tradingSymbol: string): InstrumentRecord | undefined;
  /** Practice-view level of the instrument's underlying index. */
  spot(instrument: InstrumentRecord): number | undefined;
}

export interface FundsPaise {
  totalPaise: number;
  /** Charges of the day's positions (already deducted from the total). */
  chargesPaise: number;
  utilizedPaise: number;
  availablePaise: number;
}

const contractKind = (instrument: InstrumentRecord): ContractKind =>
  instrument.instrument_type === 'FUT' ? 'FUT' : instrument.instrument_type === 'PE' ? 'PE' : 'CE';

function marginInputs(instrument: InstrumentRecord, ctx: PricingContext): MarginInputs {
  const now = ctx.now();
  const expiry = instrument.expiry;
  return {
    kind: contractKind(instrument),
    strike: instrument.strike,
    spot: ctx.spot(instrument),
    ...(expiry
      ? {
          timeYears: timeToExpiryYears(expiry, now, instrument.exchange),
          expiryDay: istDateOf(now) === expiry,
        }
      : {}),
    ...(instrument.instrument_type === 'FUT' ? {} : { vol: ctx.iv(instrument.tradingsymbol) }),
  };
}

const groupKey = (instrument: InstrumentRecord): string => `${instrument.name}|${instrument.expiry}`;

/** Open positions grouped by underlying and expiry (a position whose contract is unknown stands alone). */
function heldGroups(account: PaperAccount, ctx: PricingContext): Map<string, HeldContract[]> {
  const groups = new Map<string, HeldContract[]>();
  for (const position of account.positions.values()) {
    if (position.netQuantity === 0) continue;
    const instrument = ctx.instrument(position.tradingSymbol);
    const mark = ctx.ltp(position.tradingSymbol) ?? fromPaise(averageOpenPricePaise(position));
    const inputs: MarginInputs = instrument
      ? marginInputs(instrument, ctx)
      : { kind: 'CE', strike: mark, spot: undefined };
    const key = instrument ? groupKey(instrument) : `alone|${position.tradingSymbol}`;
    const group = groups.get(key) ?? [];
    group.push({ inputs, netQuantity: position.netQuantity, mark, openCostPaise: position.openCostPaise });
    groups.set(key, group);
  }
  return groups;
}

export function accountFunds(account: PaperAccount, ctx: PricingContext): FundsPaise {
  let realisedPaise = 0;
  let chargesPaise = 0;
  for (const position of account.positions.values()) {
    realisedPaise += position.realisedPaise;
    chargesPaise += position.chargesPaise;
  }
  let positionsPaise = 0;
  for (const group of heldGroups(account, ctx).values()) positionsPaise += groupMarginPaise(group);
  const totalPaise = account.capitalPaise + account.bookedPaise + realisedPaise - chargesPaise;
  const utilizedPaise = positionsPaise + account.blockedPaise;
  return { totalPaise, chargesPaise, utilizedPaise, availablePaise: totalPaise - utilizedPaise };
}

/** Rupees for the broker interface; available is derived in paise, so available + utilized = total to the paisa. */
export const toBrokerMargin = (funds: FundsPaise): BrokerMargin => ({
  total: fromPaise(funds.totalPaise),
  available: fromPaise(funds.availablePaise),
  utilized: fromPaise(funds.utilizedPaise),
  charges: fromPaise(funds.chargesPaise),
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
 * position by the time it fills is checked again then (order-actions.ts). A sale or a future that held positions
 * of the same underlying and expiry cover needs only what it adds to their group's margin, never more than alone:
 * the short leg of a spread placed after its long blocks the spread's risk, not a naked short's.
 */
export function orderRequirementPaise(
  account: PaperAccount,
  intent: OrderIntent,
  instrument: InstrumentRecord,
  ctx: PricingContext,
): number {
  const net = account.positions.get(positionKey(intent))?.netQuantity ?? 0;
  const inputs = marginInputs(instrument, ctx);
  const alone = orderMarginPaise(inputs, intent, net);
  const addsRisk = instrument.instrument_type === 'FUT' || intent.side === 'sell';
  if (alone === 0 || !addsRisk) return alone;
  const group = heldGroups(account, ctx).get(groupKey(instrument));
  if (!group) return alone;
  const quantity = intent.side === 'buy' ? intent.quantity : -intent.quantity;
  const leg: HeldContract = {
    inputs,
    netQuantity: quantity,
    mark: intent.price,
    openCostPaise:
      quantity > 0 && instrument.instrument_type !== 'FUT' ? toPaise(intent.price) * quantity : 0,
  };
  const added = groupMarginPaise([...group, leg]) - groupMarginPaise(group);
  return Math.max(0, Math.min(alone, added));
}

const rupeesText = (paise: number): string => (paise / 100).toFixed(2);

/** Kite's RMS wording for an order the funds cannot carry. */
export const insufficientFundsMessage = (requiredPaise: number, availablePaise: number): string =>
  `Insufficient funds. Required margin is ${rupeesText(requiredPaise)} but available margin is ${rupeesText(availablePaise)}. Check the orderbook for open orders.`;
