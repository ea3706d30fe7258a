import { ceilPaise, type MarginInputs, spanLegOf, spanMarketOf } from './estimate';
import { spanMargin } from './span';

/** One held contract of a group: its inputs, net quantity, current price and what its open quantity cost. */
export interface HeldContract {
  inputs: MarginInputs;
  netQuantity: number;
  mark: number;
  openCostPaise: number;
}

/**
 * Margin a group of positions on one underlying and expiry holds: the long options' cost (paid upfront) plus SPAN
 * and exposure of the whole group (span.ts), so a short covered by a long of the group blocks the group's risk,
 * not the short's naked margin. The group's market is its first contract's (they share the underlying).
 */
export function groupMarginPaise(contracts: readonly HeldContract[]): number {
  const open = contracts.filter((c) => c.netQuantity !== 0);
  const first = open[0];
  if (!first) return 0;
  const longPremiumPaise = open
    .filter((c) => c.inputs.kind !== 'FUT' && c.netQuantity > 0)
    .reduce((sum, c) => sum + c.openCostPaise, 0);
  const legs = open.map((c) => spanLegOf(c.inputs, c.netQuantity, c.mark));
  return longPremiumPaise + ceilPaise(spanMargin(legs, spanMarketOf(first.inputs, first.mark)));
}
