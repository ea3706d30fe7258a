import { getIndex, INDEX_NAMES, type IndexName, netDelta } from '@xtrader/core';
import type { LivePosition } from '../../api/trading/live-pnl';

export type PositionGroup = {
  index: IndexName;
  displayName: string;
  positions: LivePosition[];
  netDelta: number;
  pnl: number;
};

export type GroupOptions = { onlyNonZero: boolean; relativeToNifty: boolean };

/** Delta of one position: per-unit delta (or its NIFTY equivalent) times the signed quantity. */
export const positionDelta = (p: LivePosition, relativeToNifty: boolean): number | null => {
  const perUnit = relativeToNifty ? p.relativeDelta : p.delta;
  return perUnit === null ? null : perUnit * p.quantity;
};

/** Sums rupees exactly (paise) so a group total equals the sum of its rows as displayed. */
const sumMoney = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;

/** Positions grouped by index in the table's index order, each group with its Net Delta and P&L. */
export function groupPositions(
  positions: readonly LivePosition[],
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
      pnl: sumMoney(members.map((p) => p.pnl)),
    };
  }).filter((group) => group.positions.length > 0);
}
