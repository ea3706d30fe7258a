import { MIN_PRICE, roundMoney, roundToTick, type TransactionType, toPaise } from '@xtrader/core';

/** A local trailing move: the new trigger, and the price the next move is measured from. */
export interface TrailStep {
  triggerPrice: number;
  reference: number;
}

/**
 * Local trailing of a stop-loss order of side `side`. A sell stop-loss protects a long position, which gains as the
 * price rises; a buy stop-loss protects a short, which gains as it falls. For every whole `changeInPrice` the price
 * has moved in the trade's favour since `reference`, the trigger moves `changeInSl` the same way. Worked in paise,
 * so repeated moves never drift off the tick grid.
 */
export function trailStep(
  side: TransactionType,
  triggerPrice: number,
  reference: number,
  ltp: number,
  changeInPrice: number,
  changeInSl: number,
): TrailStep | undefined {
  const direction = side === 'sell' ? 1 : -1;
  const favourablePaise = direction * (toPaise(ltp) - toPaise(reference));
  const stepPaise = toPaise(changeInPrice);
  if (!(stepPaise > 0) || !Number.isFinite(favourablePaise)) return undefined;
  const steps = Math.floor(favourablePaise / stepPaise);
  if (steps < 1) return undefined;
  const trigger = roundToTick((toPaise(triggerPrice) + direction * steps * toPaise(changeInSl)) / 100);
  const nextTrigger = Math.max(MIN_PRICE, trigger);
  if (toPaise(nextTrigger) === toPaise(triggerPrice)) return undefined;
  return {
    triggerPrice: nextTrigger,
    reference: roundMoney((toPaise(reference) + direction * steps * stepPaise) / 100),
  };
}
