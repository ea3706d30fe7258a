import { positionKey } from '@xtrader/core/pnl/position-key';
import type {
  BrokerAck,
  BrokerCapabilities,
  BrokerOrderEvent,
  BrokerOrderSnapshot,
  BrokerOrderUpdate,
  BrokerPosition,
  BrokerRegistry,
  BrokerSession,
  ModifyOrderCommand,
  PlaceOrderCommand,
} from '../../brokers/broker';
import { perSecond } from '../../brokers/live-kit/pacer';
import type { FakeMarket } from './fake-market';

interface FakeOrder {
  cmd: PlaceOrderCommand;
  userId: string;
  snap: BrokerOrderSnapshot;
  trades: number;
  /** Native trailing reference price. */
  reference?: number;
}

export interface FakeBrokerOptions {
  brokerId?: string;
  capabilities?: Partial<BrokerCapabilities>;
  /** Refuse a placement synchronously with this reason. */
  refuse?: (cmd: PlaceOrderCommand) => string | undefined;
  /** Refuse a modification of the order with this client id (our order id) with this reason. */
  refuseModify?: (clientOrderId: string, cmd: ModifyOrderCommand) => string | undefined;
  /** Refuse a cancellation of the order with this client id (our order id) with this reason. */
  refuseCancel?: (clientOrderId: string) => string | undefined;
  /**
   * Trouble on placeOrder: throw (network failure) or never answer (the process dies waiting), either before the
   * order reaches the book or after.
   */
  fail?: (
    cmd: PlaceOrderCommand,
  ) => 'throw' | 'throw-after-keeping' | 'hang' | 'hang-after-keeping' | undefined;
  /** Trouble reading the order list (the lookup by tag after a lost answer): true makes this read throw. */
  failListOrders?: () => boolean;
}

const WORKING = new Set(['open', 'trigger_pending', 'partially_filled']);

/**
 * A scripted broker for engine tests: a tiny exchange per user on the FakeMarket's practice prices. Market orders fill
 * at the last price; limits fill when the price crosses; stop-loss orders trigger and fill at market; native
 * trailing moves triggers. Events reach listeners asynchronously (as from a real broker); `offline` drops them.
 */
export class FakeBroker {
  readonly brokerId: string;
  readonly capabilities: BrokerCapabilities;
  readonly orders = new Map<string, FakeOrder>();
  readonly commands: { type: 'place' | 'modify' | 'cancel'; id: string; cmd?: unknown }[] = [];
  private readonly listeners = new Map<string, Set<(u: BrokerOrderUpdate) => void>>();
  private readonly sessions = new Map<string, BrokerSession>();
  readonly users = new Set<string>();
  private pendingDeliveries = 0;
  private seq = 0;

  constructor(
    private readonly market: FakeMarket,
    private readonly now: () => number,
    /** Mutable so a test can end the trouble it scripted (e.g. before a restart). */
    public options: FakeBrokerOptions = {},
  ) {
    this.brokerId = options.brokerId ?? 'FAKE';
    this.capabilities = {
      nativeTrailing: true,
      nativeIceberg: false,
      rateLimits: perSecond(1000),
      ...options.capabilities,
    };
    market.onQuotes('practice', (quotes) => {
      for (const quote of quotes) this.onPrice(quote.symbol, quote.lastPrice);
    });
  }

  readonly registry: BrokerRegistry = {
    sessionFor: async (userId) => (this.users.has(userId) ? this.session(userId) : undefined),
  };

  /** How many listeners the user's order updates have (the engine keeps one per session it trades through). */
  listenerCount(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  get idle(): boolean {
    return this.pendingDeliveries === 0;
  }

  session(userId: string): BrokerSession {
    const existing = this.sessions.get(userId);
    if (existing) return existing;
    const session: BrokerSession = {
      brokerId: this.brokerId,
      userId,
      capabilities: this.capabilities,
      placeOrder: (cmd) => this.placeOrHang(userId, cmd),
      modifyOrder: async (id, cmd) => this.modify(userId, id, cmd),
      cancelOrder: async (id) => this.cancel(userId, id),
      listOrders: async () => {
        if (this.options.failListOrders?.()) throw new Error('order book read timed out');
        return [...this.orders.values()].filter((o) => o.userId === userId).map((o) => ({ ...o.snap }));
      },
      positions: async () => this.positions(userId),
      margin: async () => ({ total: 1_000_000, available: 1_000_000, utilized: 0 }),
      onOrderUpdate: (handler) => {
        const set = this.listeners.get(userId) ?? new Set();
        set.add(handler);
        this.listeners.set(userId, set);
        return () => set.delete(handler);
      },
    };
    this.sessions.set(userId, session);
    return session;
  }

  /** Net positions from the fills of the user's orders. */
  positions(userId: string): BrokerPosition[] {
    const bySymbol = new Map<string, BrokerPosition>();
    for (const { cmd, snap, userId: owner } of this.orders.values()) {
      if (owner !== userId || snap.filledQuantity === 0) continue;
      const key = positionKey(cmd);
      const p = bySymbol.get(key) ?? {
        tradingSymbol: cmd.tradingSymbol,
        internalToken: cmd.internalToken,
        product: cmd.product,
        quantity: 0,
        buyQuantity: 0,
        sellQuantity: 0,
        buyValue: 0,
        sellValue: 0,
        lastTradedPrice: this.market.getQuote(cmd.tradingSymbol, 'practice')?.lastPrice ?? 0,
      };
      const value = snap.filledQuantity * snap.averagePrice;
      if (cmd.side === 'buy') {
        p.buyQuantity += snap.filledQuantity;
        p.buyValue += value;
      } else {
        p.sellQuantity += snap.filledQuantity;
        p.sellValue += value;
      }
      p.quantity = p.buyQuantity - p.sellQuantity;
      bySymbol.set(key, p);
    }
    return [...bySymbol.values()];
  }

  private emit(order: FakeOrder, event: BrokerOrderEvent): void {
    const update: BrokerOrderUpdate = {
      userId: order.userId,
      brokerOrderId: order.snap.brokerOrderId,
      clientOrderId: order.cmd.clientOrderId,
      event,
      eventTs: this.now(),
      receivedTs: this.now(),
    };
    this.pendingDeliveries += 1;
    setImmediate(() => {
      this.pendingDeliveries -= 1;
      for (const listener of this.listeners.get(order.userId) ?? []) listener(update);
    });
  }

  private placeOrHang(userId: string, cmd: PlaceOrderCommand): Promise<BrokerAck> {
    const failure = this.options.fail?.(cmd);
    if (failure === 'hang') return new Promise(() => {});
    if (failure === 'hang-after-keeping') {
      this.place(userId, cmd);
      return new Promise(() => {});
    }
    return Promise.resolve().then(() => this.place(userId, cmd));
  }

  private place(userId: string, cmd: PlaceOrderCommand): BrokerAck {
    this.commands.push({ type: 'place', id: cmd.clientOrderId, cmd });
    const reason = this.options.refuse?.(cmd);
    if (reason) return { ok: false, reason, code: 'rejected' };
    const failure = this.options.fail?.(cmd);
    if (failure === 'throw') throw new Error('connection reset');
    this.seq += 1;
    const brokerOrderId = `B${this.seq}`;
    const stop = cmd.orderType === 'stoploss' || cmd.orderType === 'stoploss_market';
    const order: FakeOrder = {
      cmd,
      userId,
      trades: 0,
      snap: {
        brokerOrderId,
        clientOrderId: cmd.clientOrderId,
        tradingSymbol: cmd.tradingSymbol,
        side: cmd.side,
        quantity: cmd.quantity,
        filledQuantity: 0,
        averagePrice: 0,
        status: stop ? 'trigger_pending' : 'open',
        orderType: cmd.orderType,
        ...(cmd.price !== undefined ? { price: cmd.price } : {}),
        ...(cmd.triggerPrice !== undefined ? { triggerPrice: cmd.triggerPrice } : {}),
        product: cmd.product,
        updatedTs: this.now(),
      },
    };
    const ltp = this.market.getQuote(cmd.tradingSymbol, 'practice')?.lastPrice;
    if (cmd.trailing && ltp !== undefined) order.reference = ltp;
    this.orders.set(brokerOrderId, order);
    if (failure === 'throw-after-keeping') throw new Error('timeout after sending');
    this.emit(order, { type: 'accepted', status: order.snap.status as 'open' | 'trigger_pending' });
    if (ltp !== undefined) this.match(order, ltp);
    return { ok: true, brokerOrderId };
  }

  private modify(userId: string, id: string, cmd: ModifyOrderCommand): BrokerAck {
    this.commands.push({ type: 'modify', id, cmd });
    const order = this.orders.get(id);
    if (!order || order.userId !== userId) return { ok: false, reason: 'Order not found', code: 'not_found' };
    if (!WORKING.has(order.snap.status)) return { ok: false, reason: `Order is ${order.snap.status}` };
    const refused = this.options.refuseModify?.(order.cmd.clientOrderId, cmd);
    if (refused) return { ok: false, reason: refused, code: 'rejected' };
    if (cmd.price !== undefined) order.snap.price = cmd.price;
    if (cmd.triggerPrice !== undefined) order.snap.triggerPrice = cmd.triggerPrice;
    if (cmd.quantity !== undefined) order.snap.quantity = cmd.quantity;
    if (cmd.trailing !== undefined) {
      order.cmd = { ...order.cmd, ...(cmd.trailing ? { trailing: cmd.trailing } : { trailing: undefined }) };
      order.reference = this.market.getQuote(order.cmd.tradingSymbol, 'practice')?.lastPrice;
    }
    this.emit(order, {
      type: 'modified',
      price: cmd.price,
      triggerPrice: cmd.triggerPrice,
      quantity: cmd.quantity,
    });
    return { ok: true, brokerOrderId: id };
  }

  private cancel(userId: string, id: string): BrokerAck {
    this.commands.push({ type: 'cancel', id });
    const order = this.orders.get(id);
    if (!order || order.userId !== userId) return { ok: false, reason: 'Order not found', code: 'not_found' };
    if (!WORKING.has(order.snap.status)) return { ok: false, reason: `Order is ${order.snap.status}` };
    const refused = this.options.refuseCancel?.(order.cmd.clientOrderId);
    if (refused) return { ok: false, reason: refused, code: 'rejected' };
    order.snap.status = 'cancelled';
    this.emit(order, { type: 'cancelled' });
    return { ok: true, brokerOrderId: id };
  }

  /**
   * The broker ends a working order on its own, without our asking (a price-band rejection, an end-of-day cancel):
   * found by our order id. Returns false when no such working order exists.
   */
  endByBroker(clientOrderId: string, how: 'cancelled' | 'rejected', reason: string): boolean {
    const order = [...this.orders.values()].find((o) => o.cmd.clientOrderId === clientOrderId);
    if (!order || !WORKING.has(order.snap.status)) return false;
    order.snap.status = how;
    this.emit(order, how === 'cancelled' ? { type: 'cancelled', reason } : { type: 'rejected', reason });
    return true;
  }

  private fill(order: FakeOrder, price: number): void {
    const qty = order.snap.quantity - order.snap.filledQuantity;
    const value = order.snap.averagePrice * order.snap.filledQuantity + price * qty;
    order.snap.filledQuantity += qty;
    order.snap.averagePrice = value / order.snap.filledQuantity;
    order.snap.status = 'complete';
    order.trades += 1;
    this.emit(order, {
      type: 'fill',
      tradeId: `${order.snap.brokerOrderId}-t${order.trades}`,
      quantity: qty,
      price,
    });
  }

  private trail(order: FakeOrder, ltp: number): void {
    const t = order.cmd.trailing;
    const trigger = order.snap.triggerPrice;
    if (!t || order.reference === undefined || trigger === undefined) return;
    const dir = order.cmd.side === 'sell' ? 1 : -1;
    const steps = Math.floor((dir * (ltp - order.reference)) / t.changeInPrice + 1e-9);
    if (steps < 1) return;
    order.reference += dir * steps * t.changeInPrice;
    order.snap.triggerPrice = Math.round((trigger + dir * steps * t.changeInSL) * 100) / 100;
    this.emit(order, { type: 'modified', triggerPrice: order.snap.triggerPrice });
  }

  private match(order: FakeOrder, ltp: number): void {
    const { snap, cmd } = order;
    if (!WORKING.has(snap.status)) return;
    const buy = cmd.side === 'buy';
    if (snap.status === 'trigger_pending') {
      this.trail(order, ltp);
      const trigger = snap.triggerPrice ?? 0;
      if (buy ? ltp < trigger : ltp > trigger) return;
      snap.status = 'open';
      this.emit(order, { type: 'triggered' });
      this.fill(order, ltp);
      return;
    }
    const limit = snap.price ?? 0;
    if (cmd.orderType === 'market' || (buy ? ltp <= limit : ltp >= limit)) this.fill(order, ltp);
  }

  /** A new practice price: every working order of that symbol is matched against it. */
  onPrice(symbol: string, ltp: number): void {
    for (const order of this.orders.values()) {
      if (order.cmd.tradingSymbol === symbol) this.match(order, ltp);
    }
  }
}
