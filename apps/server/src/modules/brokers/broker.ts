import type { DerivativesExchange } from '@xtrader/core/market/exchanges';
import type { ProductType } from '@xtrader/core/orders/types';
/**
 * The one seam between the order engine and any broker.
 * Workflows (bracket/OCO, cover, iceberg, slicing, follow-ups, local trailing, profit protection) live ABOVE this
 * interface in the order manager; adapters (paper, zerodha, iifl, ...) only translate commands in and events out.
 */

import type { RateLimits } from './live-kit/pacer';

export type Side = 'buy' | 'sell';
/** normal (NRML, carry forward) and intraday (MIS); the one definition lives in core. */
export type { ProductType } from '@xtrader/core/orders/types';
export const BROKER_ORDER_TYPES = ['market', 'limit', 'stoploss', 'stoploss_market'] as const;
export type BrokerOrderType = (typeof BROKER_ORDER_TYPES)[number];

/** A command to place one exchange order. Quantities are in units (lots x lot size). */
export interface PlaceOrderCommand {
  /** Our order id; adapters send it as the broker's tag/client id so orders can be reconciled after a failure. */
  clientOrderId: string;
  tradingSymbol: string;
  internalToken: string;
  exchange: DerivativesExchange;
  side: Side;
  quantity: number;
  product: ProductType;
  orderType: BrokerOrderType;
  /** Limit price (limit and stop-limit orders). */
  price?: number;
  /** Trigger price (stop-loss orders). */
  triggerPrice?: number;
  /** Market protection as a percentage (0-100) for market orders, where the broker supports it. */
  marketProtection?: number;
  /**
   * The user's trigger/limit difference (points) for a stop-loss that goes out as stop-limit: the limit sits this
   * far beyond the trigger, within the broker's protection bounds. Without it the adapter picks the buffer.
   */
  stopLimitOffset?: number;
  /** Broker-side trailing, only when `capabilities.nativeTrailing`. Points of price move -> points of SL move. */
  trailing?: { changeInPrice: number; changeInSL: number };
  /**
   * Broker-side iceberg, only when `capabilities.nativeIceberg`: `quantity` is the total, sent as `legs` legs of
   * `legQuantity` (the broker releases each after the previous fills). Without it the order is a plain one.
   */
  iceberg?: { legs: number; legQuantity: number };
}

export interface ModifyOrderCommand {
  price?: number;
  triggerPrice?: number;
  quantity?: number;
  orderType?: BrokerOrderType;
  trailing?: { changeInPrice: number; changeInSL: number } | null;
  /** As on placement: keeps a moved stop-limit's limit at the user's difference from its new trigger. */
  stopLimitOffset?: number;
}

/** The broker's synchronous answer to a command: accepted for processing (not filled!) or refused. */
export type BrokerAck =
  | { ok: true; brokerOrderId: string }
  | {
      ok: false;
      reason: string;
      code?: 'rejected' | 'rate_limited' | 'token_expired' | 'network' | 'not_found';
    };

/** Normalised order events, each carrying when it happened at the broker and when we saw it. */
export type BrokerOrderEvent =
  | { type: 'accepted'; status: 'open' | 'trigger_pending' }
  | { type: 'triggered' }
  | { type: 'fill'; tradeId: string; quantity: number; price: number }
  | { type: 'modified'; price?: number; triggerPrice?: number; quantity?: number }
  | { type: 'cancelled'; reason?: string }
  | { type: 'rejected'; reason: string };

export interface BrokerOrderUpdate {
  userId: string;
  brokerOrderId: string;
  clientOrderId?: string;
  event: BrokerOrderEvent;
  /** When it happened at the broker/exchange (epoch ms). */
  eventTs: number;
  /** When we received it (epoch ms). */
  receivedTs: number;
}

/** The broker's view of one order, for listing and reconciliation after a reconnect or restart. */
export interface BrokerOrderSnapshot {
  brokerOrderId: string;
  clientOrderId?: string;
  tradingSymbol: string;
  side: Side;
  quantity: number;
  filledQuantity: number;
  averagePrice: number;
  status: 'open' | 'trigger_pending' | 'partially_filled' | 'complete' | 'cancelled' | 'rejected';
  orderType: BrokerOrderType;
  price?: number;
  triggerPrice?: number;
  rejectedReason?: string;
  product: ProductType;
  updatedTs: number;
}

export interface BrokerPosition {
  tradingSymbol: string;
  internalToken: string;
  product: ProductType;
  /** Net quantity in units; negative means short. */
  quantity: number;
  buyQuantity: number;
  sellQuantity: number;
  buyValue: number;
  sellValue: number;
  lastTradedPrice: number;
  /** Average price of the open quantity (0 when flat), when the broker reports it. */
  averagePrice?: number;
  /** Charges of the day's fills in rupees (brokerage, taxes, fees), when the broker reports them. */
  charges?: number;
}

export interface BrokerMargin {
  total: number;
  available: number;
  utilized: number;
  /** The day's charges in rupees, already out of `total`, when the broker reports them. */
  charges?: number;
}

export interface BrokerCapabilities {
  /** Trailing stop-loss handled by the broker itself (`trailing` on place/modify). */
  nativeTrailing: boolean;
  /** Iceberg variety handled by the broker. */
  nativeIceberg: boolean;
  /**
   * Every window of commands the broker allows a user (place, modify and cancel share them), as data for the one
   * pacer (`live-kit/pacer.ts`) the orders engine sends through; stay under SEBI's retail-algo threshold of 10 a
   * second too.
   */
  rateLimits: RateLimits;
  /**
   * How many times the broker lets one order be modified (Kite: 25), when it limits it. Trailing by modification
   * stops there and tells the trader.
   */
  maxModificationsPerOrder?: number;
}

/**
 * One user's session with one broker.
 *
 * The contract every adapter keeps (the shared suite in `apps/server/test/contracts/broker-session.ts` checks it on each):
 * - A command's answer is definite: `{ok: true}` means the broker accepted it for processing, `{ok: false}` that it
 *   did not and nothing happened there (a refusal, a rate limit, a dead session, an unknown order).
 * - A throw means the outcome is unknown: the request may have reached the broker (no answer, a dropped
 *   connection, a 5xx). Look the order up by our tag (`clientOrderId` in `listOrders`) before any resend; sending
 *   it again blind can double a position.
 * - Every change of an order reaches `onOrderUpdate` once (fills once per increase of the filled quantity), also
 *   changes made while reports were not arriving, which the session catches up on when they resume.
 */
export interface BrokerSession {
  readonly brokerId: string;
  readonly userId: string;
  readonly capabilities: BrokerCapabilities;
  placeOrder(cmd: PlaceOrderCommand): Promise<BrokerAck>;
  modifyOrder(brokerOrderId: string, cmd: ModifyOrderCommand): Promise<BrokerAck>;
  cancelOrder(brokerOrderId: string): Promise<BrokerAck>;
  listOrders(): Promise<BrokerOrderSnapshot[]>;
  positions(): Promise<BrokerPosition[]>;
  margin(): Promise<BrokerMargin>;
  /** Order updates for this user; returns an unsubscribe function. */
  onOrderUpdate(handler: (update: BrokerOrderUpdate) => void): () => void;
}

/** Resolves the broker session a user trades through (PAPERTRADE -> the paper broker). */
export interface BrokerRegistry {
  /** The session for the user's active broker, or undefined when the user has none (no broker linked). */
  sessionFor(userId: string): Promise<BrokerSession | undefined>;
}
