import { MIN_PRICE, TICK_SIZE } from './constants';
import type { TransactionType } from './types';

// Rules for moving and backing a working stop-loss: the disaster stop a Local stop keeps at the broker, the
// break-even move and the one-step nudge of the trader's keys, and the exit chaser's re-pricing.

const ticks = (price: number) => price / TICK_SIZE;
const fromTicks = (n: number) => Number((n * TICK_SIZE).toFixed(2));
/** Ticks to the nearest whole tick first, so a float artefact (100.00000001) is not taken for another tick. */
const settle = (n: number) => Number(n.toFixed(6));

/**
 * The trigger of the broker's disaster stop behind a Local stop: `points` further from the market than the local
 * trigger (below a sell stop, above a buy stop), on the tick; a sell stop never below the smallest price.
 */
export function disasterTrigger(stopSide: TransactionType, localTrigger: number, points: number): number {
  const raw = stopSide === 'sell' ? localTrigger - points : localTrigger + points;
  const onTick = fromTicks(Math.round(settle(ticks(raw))));
  return Math.max(MIN_PRICE, onTick);
}

/**
 * Break-even: the stop's trigger at the position's average price, rounded to the tick in the direction that
 * never books a loss (up for the sell stop of a long position, down for the buy stop of a short one).
 */
export function breakEvenTrigger(stopSide: TransactionType, averagePrice: number): number {
  const n = settle(ticks(averagePrice));
  const rounded = stopSide === 'sell' ? Math.ceil(n) : Math.floor(n);
  return Math.max(MIN_PRICE, fromTicks(rounded));
}

export type BreakEvenCheck = { ok: true; triggerPrice: number } | { ok: false; message: string };

/**
 * Whether the stop can go to break-even now: the market must be on the profitable side of the average, or the
 * stop would sit beyond the price and fire at once (brokers refuse such a trigger).
 */
export function checkBreakEven(
  stopSide: TransactionType,
  averagePrice: number,
  lastPrice: number | null,
): BreakEvenCheck {
  const triggerPrice = breakEvenTrigger(stopSide, averagePrice);
  if (lastPrice !== null) {
    const beyond = stopSide === 'sell' ? lastPrice <= triggerPrice : lastPrice >= triggerPrice;
    if (beyond) {
      return { ok: false, message: `The price ${lastPrice} has not moved past break-even ${triggerPrice}` };
    }
  }
  return { ok: true, triggerPrice };
}

/** The trigger one step up or down (the card's modify step), never below the smallest price. */
export function nudgedTrigger(trigger: number, step: number, direction: 'up' | 'down'): number {
  const moved = direction === 'up' ? trigger + step : trigger - step;
  return Math.max(MIN_PRICE, fromTicks(Math.round(settle(ticks(moved)))));
}

/** The most re-prices an exit chaser may be asked for (each is a modification at the broker). */
export const MAX_CHASE_REPRICES = 10;

/** The price an exit limit order chases: the best bid for a sell, the best ask for a buy. */
export function chasePrice(side: TransactionType, quote: { bid: number | null; ask: number | null }) {
  const price = side === 'sell' ? quote.bid : quote.ask;
  return price !== null && price > 0 ? price : null;
}

/** What a chasing exit does on a new quote: nothing, re-price its limit, or give up chasing and go to market. */
export type ChaseStep = { type: 'none' } | { type: 'reprice'; price: number } | { type: 'market' };

/**
 * The chaser's next step: re-price to the new best price when it moved, at most `maxReprices` times; the move
 * after the last re-price converts the order to market.
 */
export function nextChaseStep(
  side: TransactionType,
  current: number,
  reprices: number,
  maxReprices: number,
  quote: { bid: number | null; ask: number | null },
): ChaseStep {
  const best = chasePrice(side, quote);
  if (best === null || best === current) return { type: 'none' };
  if (reprices >= maxReprices) return { type: 'market' };
  return { type: 'reprice', price: best };
}
