import type { Position } from '@xtrader/core/api/portfolio';

/** A position is one instrument in one product: its key in tables, caches and row state. */
export const positionKey = (p: Pick<Position, 'tradingSymbol' | 'product'>) =>
  `${p.tradingSymbol}:${p.product}`;
