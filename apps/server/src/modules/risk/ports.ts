import type { BrokerPosition, ProductType } from '../brokers/broker';
import type { UserPrices } from '../market/contract';

// What the risk module needs from the rest of the engine, as small interfaces the composition root adapts the
// order manager, the broker registry and the accounts module to. Tests pass scripted fakes.

/** A user's net positions as the broker reports them (all products; the risk module keeps the intraday ones). */
export interface PositionSource {
  positions(userId: string): Promise<readonly BrokerPosition[]>;
}

/**
 * Which prices a user's MTM is computed with: the source of their active broker (their own Zerodha ticker, else the
 * shared simulator), in the `practice` view (5 s delayed) for PAPERTRADE users, else `live` (the market module's
 * `pricesOf`).
 */
export type PricesOf = (userId: string) => Promise<UserPrices>;

/**
 * Whether a user is logged in (profit protection works only while logged in). The monitor asks only
 * when a trigger is reached, never per tick.
 */
export type LoggedInCheck = (userId: string) => Promise<boolean>;

/** Calls `handler` whenever a user's orders changed (placed, filled, cancelled, rejected). */
export interface OrderActivitySource {
  onOrderActivity(handler: (userId: string) => void): () => void;
}

/** One exit of the square-off. */
export interface ExitRequest {
  /**
   * Our id of this exit, chosen before it is sent and persisted with the square-off; the order path places it
   * under an order id derived from it, so re-sending under the same id never places a second order.
   */
  exitId: string;
  position: BrokerPosition;
  /** Fraction, 0 to 0.1 (0 = plain market order). */
  marketProtection: number;
}

/** An exit sent (or about to be sent) for a position. */
export interface ExitRef {
  exitId: string;
  tradingSymbol: string;
  product: ProductType;
}

export type ExitAck = { ok: true } | { ok: false; reason: string };

/**
 * Where an exit stands: never reached the order path (`unknown`), still working, or final (filled, rejected or
 * cancelled; `reason` says why it did not fill).
 */
export type ExitState =
  | { status: 'unknown' }
  | { status: 'working' }
  | { status: 'done'; reason: string | null };

/** A cancel the broker refused while cancelling all open orders. */
export interface CancelFailure {
  orderId: string;
  reason: string;
}

/** The order path the kill switch squares off through. */
export interface ExitPort {
  /** Cancels every open order of the user; resolves when each cancel has been answered. */
  cancelOpenOrders(userId: string): Promise<CancelFailure[]>;
  /**
   * Sends the exits of one round together, each for its position's whole net quantity; resolves with the answer
   * per exit id. Re-sending an exit id never places a second order.
   */
  placeExits(userId: string, requests: readonly ExitRequest[]): Promise<ReadonlyMap<string, ExitAck>>;
  exitStates(userId: string, exits: readonly ExitRef[]): Promise<ReadonlyMap<string, ExitState>>;
  /** Asks for a working exit to be cancelled (so a fresh one can be sent without exiting twice). */
  cancelExit(userId: string, exit: ExitRef): Promise<void>;
}
