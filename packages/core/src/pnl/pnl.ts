// Position P&L and delta. Money is summed in whole micro-rupees (exact integers) and rounded to paise once at the
// end, so a total of many positions equals the sum a trader would get by hand.

const MICROS = 1_000_000;
const toMicros = (rupees: number): number => Math.round(rupees * MICROS);
/** Micro-rupees to rupees with two decimals, halves away from zero. */
const microsToMoney = (micros: number): number => {
  const paise = Math.floor((Math.abs(micros) + 5000) / 10_000);
  return micros < 0 && paise !== 0 ? -paise / 100 : paise / 100;
};

/** The money side of a position: rupees bought and sold, and the net quantity (negative = short). */
export interface PnlPosition {
  buyValue: number;
  sellValue: number;
  quantity: number;
}

const pnlMicros = ({ buyValue, sellValue, quantity }: PnlPosition, ltp: number): number =>
  toMicros(sellValue) - toMicros(buyValue) + toMicros(ltp) * quantity;

/** P&L of a position at a price: sell value - buy value + ltp x quantity, to 2 decimals. */
export const positionPnl = (position: PnlPosition, ltp: number): number =>
  microsToMoney(pnlMicros(position, ltp));

/** A position as the MTM total needs it. */
export interface MtmPosition extends PnlPosition {
  tradingSymbol: string;
  lastTradedPrice: number;
}

export type PriceLookup = ReadonlyMap<string, number> | Readonly<Record<string, number | undefined>>;

const priceFrom = (prices: PriceLookup, symbol: string): number | undefined => {
  const price =
    prices instanceof Map ? prices.get(symbol) : (prices as Record<string, number | undefined>)[symbol];
  return typeof price === 'number' && Number.isFinite(price) ? price : undefined;
};

/** Live price of a position: the streamed price when there is one, else the position's own last traded price. */
export const livePrice = (position: MtmPosition, ltpBySymbol: PriceLookup): number =>
  priceFrom(ltpBySymbol, position.tradingSymbol) ?? position.lastTradedPrice;

/** Total mark-to-market of positions at live prices, to 2 decimals. */
export const totalMtm = (positions: readonly MtmPosition[], ltpBySymbol: PriceLookup): number =>
  microsToMoney(positions.reduce((sum, p) => sum + pnlMicros(p, livePrice(p, ltpBySymbol)), 0));

/** Sum of quantity x per-unit delta (negative quantity = short). Positions without a delta count as 0. */
export const netDelta = <P extends { quantity: number }>(
  positions: readonly P[],
  deltaOf: (position: P) => number | undefined,
): number =>
  positions.reduce((sum, position) => {
    const delta = deltaOf(position);
    return typeof delta === 'number' && Number.isFinite(delta) ? sum + position.quantity * delta : sum;
  }, 0);

/**
 * Delta expressed in NIFTY units. A delta of d on an index at level S gains d x S x r rupees when the index moves
 * by a fraction r; NIFTY at level N gains N x r per unit of delta. Assuming indices move by the same percentage,
 * the NIFTY-equivalent delta is d x S / N (e.g. 10 BANKNIFTY deltas at 59000 with NIFTY at 26000 = 22.69).
 */
export const deltaRelativeToNifty = (delta: number, underlyingSpot: number, niftySpot: number): number =>
  niftySpot > 0 ? (delta * underlyingSpot) / niftySpot : 0;
