// The fake Kite's order book: validation with Kite's wording, resting orders that fill when the price crosses,
// stop-loss triggers, cumulative fills, positions and margins. Deliberately small, but every rule the adapter
// relies on is enforced, so a wrong request fails here as it would at Zerodha.

export type KiteStatus = 'OPEN' | 'TRIGGER PENDING' | 'COMPLETE' | 'CANCELLED' | 'REJECTED';

export interface FakeOrder {
  order_id: string;
  user_id: string;
  variety: string;
  status: KiteStatus;
  status_message: string | null;
  tradingsymbol: string;
  exchange: string;
  instrument_token: number;
  transaction_type: 'BUY' | 'SELL';
  order_type: 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
  product: string;
  validity: string;
  quantity: number;
  price: number;
  trigger_price: number;
  average_price: number;
  filled_quantity: number;
  pending_quantity: number;
  cancelled_quantity: number;
  market_protection: number;
  tag: string | null;
  order_timestamp: string;
  exchange_update_timestamp: string;
  iceberg_legs?: number;
  iceberg_quantity?: number;
}

export class KiteInputError extends Error {}

const ORDER_TYPES = new Set(['MARKET', 'LIMIT', 'SL', 'SL-M']);
const num = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value));

/** Kite's IST wall-clock text for an instant. */
export function kiteTime(epochMs: number): string {
  return new Date(epochMs + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function requireNumber(form: Record<string, string>, key: string): number {
  const value = num(form[key]);
  if (value === undefined || !Number.isFinite(value)) throw new KiteInputError(`Missing or invalid ${key}`);
  return value;
}

function checkPlacement(form: Record<string, string>, variety: string) {
  for (const key of ['tradingsymbol', 'exchange', 'transaction_type', 'order_type', 'quantity', 'product']) {
    if (!form[key]) throw new KiteInputError(`Missing ${key}`);
  }
  if (!ORDER_TYPES.has(form.order_type as string)) throw new KiteInputError('Invalid `order_type`');
  const type = form.order_type as FakeOrder['order_type'];
  const protection = num(form.market_protection) ?? 0;
  if ((type === 'MARKET' || type === 'SL-M') && protection === 0) {
    throw new KiteInputError('Market orders without market protection are not allowed');
  }
  if ((type === 'LIMIT' || type === 'SL') && !(requireNumber(form, 'price') > 0)) {
    throw new KiteInputError('Invalid price');
  }
  if ((type === 'SL' || type === 'SL-M') && !(requireNumber(form, 'trigger_price') > 0)) {
    throw new KiteInputError('Invalid trigger price');
  }
  if (form.tag !== undefined && !/^[A-Za-z0-9]{1,20}$/.test(form.tag)) {
    throw new KiteInputError('Tag must be alphanumeric and at most 20 characters');
  }
  if (variety === 'iceberg') {
    const legs = requireNumber(form, 'iceberg_legs');
    if (legs < 2 || legs > 50) throw new KiteInputError('Iceberg legs must be between 2 and 50');
    requireNumber(form, 'iceberg_quantity');
  } else if (variety !== 'regular') {
    throw new KiteInputError(`Unsupported variety ${variety}`);
  }
}

export interface FakeInstrument {
  tradingsymbol: string;
  instrument_token: number;
  exchange: string;
}

/** One fake account's order book and its matching against prices the test sets. */
export class FakeOrderBook {
  readonly orders = new Map<string, FakeOrder>();
  private nextId = 151_220_000_000_000;

  constructor(
    private readonly now: () => number,
    private readonly instruments: ReadonlyMap<string, FakeInstrument>,
    private readonly onChange: (order: FakeOrder) => void,
  ) {}

  place(userId: string, variety: string, form: Record<string, string>): FakeOrder {
    checkPlacement(form, variety);
    const instrument = this.instruments.get(form.tradingsymbol as string);
    if (!instrument) throw new KiteInputError(`Instrument ${form.tradingsymbol} not found`);
    const at = kiteTime(this.now());
    const type = form.order_type as FakeOrder['order_type'];
    const order: FakeOrder = {
      order_id: String(this.nextId++),
      user_id: userId,
      variety,
      status: type === 'SL' || type === 'SL-M' ? 'TRIGGER PENDING' : 'OPEN',
      status_message: null,
      tradingsymbol: instrument.tradingsymbol,
      exchange: instrument.exchange,
      instrument_token: instrument.instrument_token,
      transaction_type: form.transaction_type as FakeOrder['transaction_type'],
      order_type: type,
      product: form.product as string,
      validity: form.validity ?? 'DAY',
      quantity: requireNumber(form, 'quantity'),
      price: num(form.price) ?? 0,
      trigger_price: num(form.trigger_price) ?? 0,
      average_price: 0,
      filled_quantity: 0,
      pending_quantity: requireNumber(form, 'quantity'),
      cancelled_quantity: 0,
      market_protection: num(form.market_protection) ?? 0,
      tag: form.tag ?? null,
      order_timestamp: at,
      exchange_update_timestamp: at,
      ...(variety === 'iceberg'
        ? {
            iceberg_legs: num(form.iceberg_legs) as number,
            iceberg_quantity: num(form.iceberg_quantity) as number,
          }
        : {}),
    };
    this.orders.set(order.order_id, order);
    return order;
  }

  /** Reports an order's current state (as Kite does right after accepting it). */
  announce(order: FakeOrder): void {
    this.onChange({ ...order });
  }

  find(orderId: string): FakeOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new KiteInputError("Couldn't find that `order_id`.");
    return order;
  }

  modify(orderId: string, form: Record<string, string>): FakeOrder {
    const order = this.find(orderId);
    if (order.status !== 'OPEN' && order.status !== 'TRIGGER PENDING') {
      throw new KiteInputError(`Order cannot be modified as it is being processed (${order.status})`);
    }
    if (form.order_type && ORDER_TYPES.has(form.order_type))
      order.order_type = form.order_type as FakeOrder['order_type'];
    if (form.price !== undefined) order.price = requireNumber(form, 'price');
    if (form.trigger_price !== undefined) order.trigger_price = requireNumber(form, 'trigger_price');
    if (form.quantity !== undefined) {
      order.quantity = requireNumber(form, 'quantity');
      order.pending_quantity = order.quantity - order.filled_quantity;
    }
    this.touch(order);
    return order;
  }

  cancel(orderId: string): FakeOrder {
    const order = this.find(orderId);
    if (order.status !== 'OPEN' && order.status !== 'TRIGGER PENDING') {
      throw new KiteInputError(`Order cannot be cancelled as it is ${order.status}`);
    }
    order.status = 'CANCELLED';
    order.cancelled_quantity = order.quantity - order.filled_quantity;
    order.pending_quantity = 0;
    this.touch(order);
    return order;
  }

  /** Fills `quantity` more of an order at `price` (tests drive partial fills with this). */
  fill(orderId: string, quantity: number, price: number): FakeOrder {
    const order = this.find(orderId);
    const qty = Math.min(quantity, order.quantity - order.filled_quantity);
    const value = order.average_price * order.filled_quantity + price * qty;
    order.filled_quantity += qty;
    order.average_price = Math.round((value / order.filled_quantity) * 100) / 100;
    order.pending_quantity = order.quantity - order.filled_quantity;
    if (order.status === 'TRIGGER PENDING') order.status = 'OPEN';
    if (order.pending_quantity === 0) order.status = 'COMPLETE';
    this.touch(order);
    return order;
  }

  reject(orderId: string, message: string): FakeOrder {
    const order = this.find(orderId);
    order.status = 'REJECTED';
    order.status_message = message;
    order.pending_quantity = 0;
    this.touch(order);
    return order;
  }

  /** A new last price: triggers stops and fills what the price crosses (market orders fill at once). */
  price(tradingsymbol: string, ltp: number): void {
    for (const order of this.orders.values()) {
      if (order.tradingsymbol !== tradingsymbol) continue;
      const buy = order.transaction_type === 'BUY';
      if (
        order.status === 'TRIGGER PENDING' &&
        (buy ? ltp >= order.trigger_price : ltp <= order.trigger_price)
      ) {
        order.status = 'OPEN';
        this.touch(order);
      }
      if (order.status !== 'OPEN') continue;
      const market = order.order_type === 'MARKET' || order.order_type === 'SL-M';
      if (market || (buy ? ltp <= order.price : ltp >= order.price)) {
        this.fill(order.order_id, order.quantity - order.filled_quantity, market ? ltp : order.price);
      }
    }
  }

  /** Net positions from the fills, Kite's field names. */
  positions(lastPrices: ReadonlyMap<string, number>) {
    const net = new Map<string, Record<string, number | string>>();
    for (const order of this.orders.values()) {
      if (order.filled_quantity === 0) continue;
      const key = `${order.tradingsymbol}:${order.product}`;
      const row = net.get(key) ?? {
        tradingsymbol: order.tradingsymbol,
        exchange: order.exchange,
        instrument_token: order.instrument_token,
        product: order.product,
        quantity: 0,
        buy_quantity: 0,
        sell_quantity: 0,
        buy_value: 0,
        sell_value: 0,
        last_price: lastPrices.get(order.tradingsymbol) ?? order.average_price,
      };
      const side = order.transaction_type === 'BUY' ? 'buy' : 'sell';
      row[`${side}_quantity`] = (row[`${side}_quantity`] as number) + order.filled_quantity;
      row[`${side}_value`] = (row[`${side}_value`] as number) + order.filled_quantity * order.average_price;
      row.quantity = (row.buy_quantity as number) - (row.sell_quantity as number);
      net.set(key, row);
    }
    return [...net.values()];
  }

  private touch(order: FakeOrder) {
    order.exchange_update_timestamp = kiteTime(this.now());
    this.onChange({ ...order });
  }
}
