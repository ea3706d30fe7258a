import { roundToTick } from './price-rules';
import type { TransactionType } from './types';

// The price ladder's one-click limit prices: where a buy or a sell rests relative to the best bid and ask.

/**
 * `join`: rest at the own side's best price (a buy at the bid, a sell at the ask).
 * `stepIn`: one tick better than the own side's best, still inside the spread (a buy at bid + tick).
 * `take`: at the far side's best price (a buy at the ask): marketable, it fills against the touch.
 */
export type LadderMode = 'join' | 'stepIn' | 'take';
export const LADDER_MODES: readonly LadderMode[] = ['join', 'stepIn', 'take'];

/** The most times one ladder limit is re-priced automatically (each is a modification the broker counts). */
export const MAX_AUTO_REPRICE = 5;

export type Touch = { bid: number | undefined; ask: number | undefined };
export type LadderPrice = { ok: true; price: number } | { ok: false; message: string };

const valid = (price: number | undefined): price is number =>
  price !== undefined && Number.isFinite(price) && price > 0;

/**
 * The limit price of a ladder entry for `side` at `mode`, on the tick grid. Refused without the book side it needs;
 * a step-in that would meet or cross the other side (a one-tick spread) is refused rather than silently taking.
 */
export function ladderPrice(
  side: TransactionType,
  mode: LadderMode,
  touch: Touch,
  tick: number,
): LadderPrice {
  const own = side === 'buy' ? touch.bid : touch.ask;
  const far = side === 'buy' ? touch.ask : touch.bid;
  if (mode === 'take') {
    return valid(far)
      ? { ok: true, price: roundToTick(far, tick) }
      : { ok: false, message: `No ${side === 'buy' ? 'ask' : 'bid'} to take yet` };
  }
  if (!valid(own)) return { ok: false, message: `No ${side === 'buy' ? 'bid' : 'ask'} to join yet` };
  if (mode === 'join') return { ok: true, price: roundToTick(own, tick) };
  const stepped = roundToTick(side === 'buy' ? own + tick : own - tick, tick);
  const crosses = valid(far) && (side === 'buy' ? stepped >= far : stepped <= far);
  if (crosses || stepped <= 0)
    return { ok: false, message: 'The spread is one tick: nothing inside it to step into' };
  return { ok: true, price: stepped };
}

/**
 * The price a resting ladder limit moves to when the touch changed: its mode's price on the new touch, or
 * undefined when that is what it rests at already or the book has no price for it now.
 */
export function repricedLimit(
  side: TransactionType,
  mode: LadderMode,
  touch: Touch,
  tick: number,
  resting: number,
): number | undefined {
  const next = ladderPrice(side, mode, touch, tick);
  if (!next.ok || Math.abs(next.price - resting) < tick / 2) return undefined;
  return next.price;
}
