import { TICK_SIZE } from '../orders/constants';
import type { TransactionType } from '../orders/types';

/**
 * One order placed from the UI, as the journal keeps it: the client's two times (its own clock), the server's
 * (its own clock) and the fills. Latencies never mix the two clocks: key -> request is the client's, request -> ack
 * and ack -> fill the server's; key -> ack adds them, leaving out the request's one-way trip over the network.
 */
export interface ExecutionTimes {
  /** Client epoch ms of the key press or click. */
  pressedAt: number | null;
  /** Client epoch ms the request left. */
  requestedAt: number | null;
  /** Server epoch ms the request arrived. */
  receivedAt: number;
  /** Server epoch ms the broker acknowledged the placement (the route's answer); null when it never did. */
  ackAt: number | null;
  /** Server epoch ms of the first fill; null while unfilled. */
  firstFillAt: number | null;
}

export interface Latencies {
  keyToRequestMs: number | null;
  requestToAckMs: number | null;
  ackToFillMs: number | null;
  keyToAckMs: number | null;
  keyToFillMs: number | null;
}

const span = (from: number | null, to: number | null): number | null =>
  from === null || to === null ? null : Math.max(0, to - from);
const sum = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);

/**
 * The order's latencies in ms (null where a time is missing). A fill booked before the placement's answer (a paper
 * market order fills within the broker call) counts as at the ack: ack -> fill is then 0.
 */
export function latencies(times: ExecutionTimes): Latencies {
  const keyToRequestMs = span(times.pressedAt, times.requestedAt);
  const requestToAckMs = span(times.receivedAt, times.ackAt);
  const ackToFillMs = span(times.ackAt, times.firstFillAt);
  const keyToAckMs = sum(keyToRequestMs, requestToAckMs);
  return {
    keyToRequestMs,
    requestToAckMs,
    ackToFillMs,
    keyToAckMs,
    keyToFillMs: sum(keyToAckMs, ackToFillMs),
  };
}

export interface Slippage {
  /** Rs per unit; negative when the fill was worse for the trader than the price shown (paid more, got less). */
  perUnit: number;
  /** The same in ticks (0.05). */
  ticks: number;
}

const cents = (value: number): number => Math.round(value * 100) / 100;

/** Slippage of the average fill against the price shown when the key was pressed; null without either. */
export function slippage(
  side: TransactionType,
  shownPrice: number | null,
  fillPrice: number | null,
): Slippage | null {
  if (shownPrice === null || fillPrice === null || !(shownPrice > 0) || !(fillPrice > 0)) return null;
  const perUnit = cents(side === 'buy' ? shownPrice - fillPrice : fillPrice - shownPrice);
  return { perUnit: perUnit === 0 ? 0 : perUnit, ticks: cents(perUnit / TICK_SIZE) || 0 };
}

/** Average price of fills (quantity weighted, to the paisa); null without any. */
export function averageFillPrice(fills: readonly { quantity: number; price: number }[]): number | null {
  let quantity = 0;
  let valuePaise = 0;
  for (const fill of fills) {
    quantity += fill.quantity;
    valuePaise += Math.round(fill.quantity * fill.price * 100);
  }
  return quantity > 0 ? Math.round(valuePaise / quantity) / 100 : null;
}
