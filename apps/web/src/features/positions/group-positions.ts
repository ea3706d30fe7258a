import type { Position } from '@xtrader/core/api/portfolio';
import { getIndex, INDEX_NAMES, type IndexName } from '@xtrader/core/market/indices';
import { netDelta } from '@xtrader/core/pnl/pnl';

export type PositionGroup = {
  index: IndexName;
  displayName: string;
  positions: Position[];
  netDelta: number;
};

export type GroupOptions = { onlyNonZero: boolean; relativeToNifty: boolean };

/** Delta of one position: per-unit delta (or its NIFTY equivalent) times the signed quantity. */
export const positionDelta = (p: Position, relativeToNifty: boolean): number | null => {
  const perUnit = relativeToNifty ? p.relativeDelta : p.delta;
  return perUnit === null ? null : perUnit * p.quantity;
};

/**
 * Positions grouped by index in the index table's order, each group with its Net Delta of the shown rows. Its P&L
 * is live, apart: core's index P&L of every position of the index, whatever rows are hidden.
 */
export function groupPositions(
  positions: readonly Position[],
  { onlyNonZero, relativeToNifty }: GroupOptions,
): PositionGroup[] {
  const shown = onlyNonZero ? positions.filter((p) => p.quantity !== 0) : positions;
  return INDEX_NAMES.map((index) => {
    const members = shown.filter((p) => p.index === index);
    return {
      index,
      displayName: getIndex(index).displayName,
      positions: members,
      netDelta: netDelta(members, (p) => (relativeToNifty ? p.relativeDelta : p.delta) ?? undefined),
    };
  }).filter((group) => group.positions.length > 0);
}
