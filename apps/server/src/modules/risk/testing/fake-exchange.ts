import type { BrokerPosition, ProductType } from '../../brokers/broker';
import type {
  CancelFailure,
  ExitAck,
  ExitPort,
  ExitRef,
  ExitRequest,
  ExitState,
  OrderActivitySource,
  PositionSource,
} from '../ports';

/** How the fake answers one exit: fill at once, reject, or accept and leave it working. */
export type ExitBehaviour = { fill: true } | { reject: string } | { hang: true };

interface FakeExit {
  userId: string;
  request: ExitRequest;
  state: ExitState;
}

/**
 * A scripted broker behind the risk module's ports: positions per user, open orders, exits that fill at the price
 * `priceOf` gives (or are rejected / left working as `behaviour` says), and order activity after every change.
 */
export class FakeExchange implements PositionSource, ExitPort, OrderActivitySource {
  private readonly books = new Map<string, BrokerPosition[]>();
  private readonly openOrders = new Map<string, string[]>();
  private readonly handlers = new Set<(userId: string) => void>();
  readonly exits = new Map<string, FakeExit>();
  /** Every placeExit call, including idempotent repeats. */
  readonly placeCalls: ExitRequest[] = [];
  readonly cancelledOrders: string[] = [];
  behaviour: (request: ExitRequest, sentBefore: number) => ExitBehaviour = () => ({ fill: true });
  failPositionsReads = 0;

  constructor(private readonly priceOf: (symbol: string) => number) {}

  setPosition(
    userId: string,
    position: Partial<BrokerPosition> & { tradingSymbol: string; quantity: number; price: number },
  ) {
    const { price, quantity, ...rest } = position;
    const full: BrokerPosition = {
      internalToken: `tok-${position.tradingSymbol}`,
      product: 'intraday',
      buyQuantity: quantity > 0 ? quantity : 0,
      sellQuantity: quantity < 0 ? -quantity : 0,
      buyValue: quantity > 0 ? quantity * price : 0,
      sellValue: quantity < 0 ? -quantity * price : 0,
      lastTradedPrice: price,
      quantity,
      ...rest,
    };
    const book = (this.books.get(userId) ?? []).filter(
      (p) => !this.same(p, full.tradingSymbol, full.product),
    );
    this.books.set(userId, [...book, full]);
  }

  setOpenOrders(userId: string, orderIds: string[]): void {
    this.openOrders.set(userId, orderIds);
  }

  position(
    userId: string,
    tradingSymbol: string,
    product: ProductType = 'intraday',
  ): BrokerPosition | undefined {
    return this.books.get(userId)?.find((p) => this.same(p, tradingSymbol, product));
  }

  exitsOf(userId: string, tradingSymbol: string): FakeExit[] {
    return [...this.exits.values()].filter(
      (e) => e.userId === userId && e.request.position.tradingSymbol === tradingSymbol,
    );
  }

  async positions(userId: string): Promise<readonly BrokerPosition[]> {
    if (this.failPositionsReads > 0) {
      this.failPositionsReads -= 1;
      throw new Error('broker unavailable');
    }
    return (this.books.get(userId) ?? []).map((p) => ({ ...p }));
  }

  async cancelOpenOrders(userId: string): Promise<CancelFailure[]> {
    this.cancelledOrders.push(...(this.openOrders.get(userId) ?? []));
    this.openOrders.set(userId, []);
    this.emit(userId);
    return [];
  }

  async placeExit(userId: string, request: ExitRequest): Promise<ExitAck> {
    this.placeCalls.push(request);
    const known = this.exits.get(request.exitId);
    if (known)
      return known.state.status === 'done' && known.state.reason
        ? { ok: false, reason: known.state.reason }
        : { ok: true };
    const sentBefore = this.exitsOf(userId, request.position.tradingSymbol).length;
    const behaviour = this.behaviour(request, sentBefore);
    const exit: FakeExit = { userId, request, state: { status: 'working' } };
    this.exits.set(request.exitId, exit);
    if ('reject' in behaviour) exit.state = { status: 'done', reason: behaviour.reject };
    else if ('fill' in behaviour) this.fill(userId, exit);
    this.emit(userId);
    return 'reject' in behaviour ? { ok: false, reason: behaviour.reject } : { ok: true };
  }

  /** The port's batch call: each request through `placeExit` (which tests may wrap), in order; a throw is a refusal. */
  async placeExits(userId: string, requests: readonly ExitRequest[]): Promise<ReadonlyMap<string, ExitAck>> {
    const acks = new Map<string, ExitAck>();
    for (const request of requests) {
      const ack = await this.placeExit(userId, request).catch((error: unknown) => ({
        ok: false as const,
        reason: error instanceof Error ? error.message : String(error),
      }));
      acks.set(request.exitId, ack);
    }
    return acks;
  }

  async exitStates(_userId: string, refs: readonly ExitRef[]): Promise<ReadonlyMap<string, ExitState>> {
    return new Map(
      refs.flatMap(({ exitId }) => {
        const exit = this.exits.get(exitId);
        return exit ? [[exitId, exit.state] as const] : [];
      }),
    );
  }

  async cancelExit(userId: string, { exitId }: ExitRef): Promise<void> {
    const exit = this.exits.get(exitId);
    if (exit?.state.status !== 'working') return;
    exit.state = { status: 'done', reason: 'Cancelled' };
    this.emit(userId);
  }

  /** Fills a working exit now (e.g. one left hanging). */
  complete(exitId: string): void {
    const exit = this.exits.get(exitId);
    if (exit?.state.status !== 'working') return;
    this.fill(exit.userId, exit);
    this.emit(exit.userId);
  }

  onOrderActivity(handler: (userId: string) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  private fill(userId: string, exit: FakeExit): void {
    const { tradingSymbol, product } = exit.request.position;
    const current = this.position(userId, tradingSymbol, product);
    const quantity = Math.abs(current?.quantity ?? 0);
    if (current && quantity > 0) {
      const price = this.priceOf(tradingSymbol);
      const selling = current.quantity > 0;
      Object.assign(current, {
        quantity: 0,
        sellQuantity: current.sellQuantity + (selling ? quantity : 0),
        buyQuantity: current.buyQuantity + (selling ? 0 : quantity),
        sellValue: current.sellValue + (selling ? quantity * price : 0),
        buyValue: current.buyValue + (selling ? 0 : quantity * price),
        lastTradedPrice: price,
      });
    }
    exit.state = { status: 'done', reason: null };
  }

  private emit(userId: string): void {
    setImmediate(() => {
      for (const handler of this.handlers) handler(userId);
    });
  }

  private same(p: BrokerPosition, tradingSymbol: string, product: ProductType): boolean {
    return p.tradingSymbol === tradingSymbol && p.product === product;
  }
}
