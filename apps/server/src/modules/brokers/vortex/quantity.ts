// Vortex counts quantities in units on NSE_FO and in lots on every other exchange ("For exchange NSE_FO ... pass
// 100 [for 2 lots of 50]. In all other exchanges, you should pass just the number of lots"). BSE_FO is therefore
// counted in lots, in orders and in the rows that come back. Our commands and positions are always in units.
// Getting this wrong in the safe direction (lots sent where units were meant) makes the exchange refuse a quantity
// that is not a lot multiple; the other direction would multiply the order, so lots is the reading we keep.

const UNIT_COUNTED = new Set(['NSE_FO']);

const lotOf = (lotSize: number | undefined) => (lotSize !== undefined && lotSize > 0 ? lotSize : 1);

/** Our units as the quantity Vortex takes on `exchange`; a part lot on a lot-counted exchange is refused. */
export function toVortexQuantity(units: number, exchange: string, lotSize: number | undefined): number {
  if (UNIT_COUNTED.has(exchange)) return units;
  const lot = lotOf(lotSize);
  if (units % lot !== 0) throw new RangeError(`${units} is not a whole number of lots of ${lot}`);
  return units / lot;
}

/** A quantity from a Vortex row on `exchange` in our units. */
export function fromVortexQuantity(quantity: number, exchange: string, lotSize: number | undefined): number {
  return UNIT_COUNTED.has(exchange) ? quantity : quantity * lotOf(lotSize);
}
