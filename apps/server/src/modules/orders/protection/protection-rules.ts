import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { childIds } from '../model/ids';
import { isHeld, isLogical, type OrderRecord, type TrailingState } from '../model/record';

// Protective orders the broker ends on its own. A bracket's or cover's stop or target leg, or a resting stop-loss,
// can be cancelled or rejected by the broker without our asking: a circuit or price-band rejection, an end-of-day
// cancel of a DAY order, a risk system's cut. The position is then silently unprotected; these rules notice it so the
// trader is told and the server holds the stop itself.

/** Why the broker ended a protective order, when the change from `before` to `after` is that. */
export function lostProtection(before: OrderRecord, after: OrderRecord): string | undefined {
  if (!isLogical(after) || isHeld(before)) return undefined;
  const now = after.state.status;
  const was = before.state.status;
  if ((now !== 'cancelled' && now !== 'rejected') || was === now || isFinalStatus(was)) return undefined;
  // Our own cancel (user, OCO, exit, kill switch) went through cancel_pending.
  if (was === 'cancel_pending') return undefined;
  if (after.state.filledQuantity >= after.state.quantity) return undefined;
  const leg = after.role === 'stoploss' || after.role === 'target';
  const restingStop = after.role === 'main' && after.category === 'single' && after.orderType === 'stoploss';
  if (!leg && !restingStop) return undefined;
  // Before the broker acknowledged it: a withdrawn placement is ours, and a trader's new stop that the broker
  // refused is an ordinary rejection the trader sees as one. A leg we placed for them is protection either way.
  if (was === 'pending' && (now === 'cancelled' || restingStop)) return undefined;
  return after.state.rejectedReason ?? after.state.cancelReason ?? 'no reason given';
}

/**
 * The trailing of the stop the server holds in place of a lost one: held (never at the broker until its trigger is
 * crossed), trailing locally as the lost stop did, or standing still when it did not trail.
 */
export function heldTrailing(lost: TrailingState | null): TrailingState {
  return {
    active: lost?.active === true,
    handler: 'local',
    changeInPrice: lost?.changeInPrice ?? 1,
    changeInSl: lost?.changeInSl ?? 1,
    reference: null,
    pendingReference: null,
    held: true,
  };
}

/** What the takeover rule needs of the family and where it puts the stop it creates. */
export interface TakeoverInput {
  root: OrderRecord;
  family: ReadonlyMap<string, OrderRecord>;
  /** The orders that close the position (bracket/cover exit legs and the held stop itself), for what is covered. */
  exitLegs: readonly OrderRecord[];
}

/**
 * The quantity the lost stop left unprotected: what the entry filled less what the exits filled (bracket, cover), or
 * what the resting stop had not filled yet. Zero when nothing is left to protect or the server already holds a stop.
 */
export function unprotectedQuantity({ root, family, exitLegs }: TakeoverInput): number {
  const lost = root.workflow.protectionLost;
  if (!lost || root.workflow.halted || family.has(childIds.protect(root.id))) return 0;
  const stop = family.get(lost.orderId);
  if (!stop || stop.role === 'target' || stop.state.triggerPrice === null) return 0;
  if (stop.id === root.id) return stop.state.quantity - stop.state.filledQuantity;
  const exited = exitLegs.reduce((sum, leg) => sum + leg.state.filledQuantity, 0);
  return Math.max(0, root.state.filledQuantity - exited);
}
