import { randomBytes } from 'node:crypto';
import type { IsoDate } from '@xtrader/core/market/dates';
import type { IstTime } from '@xtrader/core/market/hours';
import { type IndexTable, isIndexName } from '@xtrader/core/market/indices';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { Clock } from '../../../clock';
import { isDomainError } from '../../../domain-error';
import type { Logger } from '../../../logger';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerOrderEvent, BrokerOrderUpdate } from '../broker';
import type { PaperAccount, PricingContext } from './funds';
import type { OrderBook } from './order-book';
import type { PaperOrder } from './paper-order';
import type { PaperPrices } from './paper-prices';
import type { PaperPosition } from './positions';
import { insertAccount, insertTrades, type PaperStore, saveOrders, savePositions } from './store';
import type { PaperTradesTable } from './tables';
import type { UserEvents } from './user-events';
import type { WriteOp, WriteQueue } from './write-queue';

/** Settings of the paper exchange (from config). */
export interface PaperSettings {
  /** Virtual capital of a new or reset account, in rupees. */
  capital: number;
  /** IST time MIS positions are squared off on a date (when the market follows exchange hours). */
  squareOffTime: (date: IsoDate) => IstTime;
  /** True when prices follow exchange hours, so intraday square-off applies. */
  followsMarketHours: boolean;
  /** Brokerage per executed order in rupees (docs/charges.md); the common Rs 20 when omitted. */
  brokeragePerOrder?: number;
}

/** Everything the parts of the exchange share: state, collaborators, and the way changes are recorded. */
export interface ExchangeCore {
  clock: Clock;
  logger: Logger;
  /** Each account's Practice Mode prices (its user's source, delayed). */
  prices: PaperPrices;
  instruments: InstrumentDirectory;
  indexTable: IndexTable;
  settings: PaperSettings;
  accounts: Map<string, PaperAccount>;
  book: OrderBook;
  store: PaperStore;
  writes: WriteQueue;
  events: UserEvents;
  /** The prices one user's account is valued and filled at. */
  pricingOf(userId: string): PricingContext;
  newId(prefix: string): string;
  /** Sequence number of the next fill (continues after the stored ones). */
  nextTradeSeq(): number;
}

export const newPaperId = (prefix: string): string => `${prefix}${randomBytes(8).toString('hex')}`;

export function pricingFor(
  prices: PaperPrices,
  instruments: InstrumentDirectory,
  indexTable: IndexTable,
  clock: Clock,
): (userId: string) => PricingContext {
  return (userId) => ({
    now: () => clock.now(),
    ltp: (symbol) => prices.ltp(userId, symbol),
    iv: (symbol) => prices.quote(userId, symbol)?.iv,
    instrument: (symbol) => instruments.bySymbol(symbol),
    spot: (instrument) =>
      isIndexName(instrument.name) ? prices.ltp(userId, indexTable[instrument.name].displayName) : undefined,
  });
}

/**
 * One atomic step of the exchange: the in-memory state has already changed; the change holds what to persist
 * (the latest state of each order and position it touched, its trades, then any other writes) and the updates
 * that tell users about it once it is committed.
 */
export class Change {
  private readonly orders = new Map<string, PaperOrder>();
  private readonly positions = new Map<string, PaperPosition>();
  private readonly trades: PaperTradesTable[] = [];
  private readonly extraOps: WriteOp[] = [];
  readonly updates: BrokerOrderUpdate[] = [];
  /** Users whose state this change writes (fenced with it). */
  readonly userIds = new Set<string>();

  constructor(readonly now: number) {}

  get isEmpty(): boolean {
    return (
      this.orders.size === 0 &&
      this.positions.size === 0 &&
      this.trades.length === 0 &&
      this.extraOps.length === 0
    );
  }

  /** A write of `userId`'s state that runs after the change's orders, trades and positions are saved. */
  write(userId: string, op: WriteOp): void {
    this.userIds.add(userId);
    this.extraOps.push(op);
  }

  saveOrder(order: PaperOrder): void {
    this.userIds.add(order.userId);
    // A snapshot: the order object keeps changing in memory before the write runs.
    this.orders.set(order.id, { ...order, trailing: order.trailing && { ...order.trailing } });
  }

  savePosition(position: PaperPosition): void {
    this.userIds.add(position.userId);
    this.positions.set(`${position.userId}|${positionKey(position)}`, { ...position });
  }

  insertTrade(trade: PaperTradesTable): void {
    this.userIds.add(trade.userId);
    this.trades.push(trade);
  }

  /** The write of the whole change: one statement per table (per 500 rows), then the other writes in order. */
  toWriteOp(): WriteOp {
    const orders = [...this.orders.values()];
    const positions = [...this.positions.values()];
    const { trades, extraOps } = this;
    return async (trx) => {
      if (orders.length > 0) await saveOrders(trx, orders);
      if (trades.length > 0) await insertTrades(trx, trades);
      if (positions.length > 0) await savePositions(trx, positions);
      for (const op of extraOps) await op(trx);
    };
  }

  emit(order: PaperOrder, event: BrokerOrderEvent): void {
    this.updates.push({
      userId: order.userId,
      brokerOrderId: order.id,
      ...(order.clientOrderId === undefined ? {} : { clientOrderId: order.clientOrderId }),
      event,
      eventTs: this.now,
      receivedTs: this.now,
    });
  }
}

/** Persists a change, then hands its updates to the user's listeners. */
export async function commit(core: ExchangeCore, change: Change): Promise<void> {
  // Updates always follow the queue, even without writes, so they reach users in commit order.
  if (!change.isEmpty || change.updates.length > 0) {
    try {
      await core.writes.enqueue(change.toWriteOp(), [...change.userIds]);
    } catch (error) {
      // Fenced: another instance owns the user now; what this one did in memory never happened, and no one hears of it.
      if (isDomainError(error) && error.code === 'engine_moved') {
        core.logger.warn(
          { userIds: [...change.userIds] },
          'paper change refused: the user moved to another instance',
        );
        return;
      }
      // The exchange keeps acting on its in-memory state; the failure is logged by the queue and here.
      core.logger.error({ err: error }, 'paper exchange change not persisted');
    }
  }
  core.events.deliver(change.updates);
}

/** The user's account, created with fresh capital (and persisted with `change`) on first use. */
export function accountOf(core: ExchangeCore, userId: string, change: Change): PaperAccount {
  let account = core.accounts.get(userId);
  if (!account) {
    account = {
      userId,
      capitalPaise: Math.round(core.settings.capital * 100),
      resting: new Map(),
      positions: new Map(),
      blockedPaise: 0,
      bookedPaise: 0,
    };
    core.accounts.set(userId, account);
    const capitalPaise = account.capitalPaise;
    change.write(userId, (trx) => insertAccount(trx, userId, capitalPaise, change.now));
  }
  return account;
}

/** Market-data interest of a resting order (its symbol) and of an open position (its symbol and index). */
export const orderOwner = (order: PaperOrder) => `paper-order:${order.id}`;
export const positionOwner = (p: Pick<PaperPosition, 'userId' | 'tradingSymbol' | 'product'>) =>
  `paper-position:${p.userId}:${positionKey(p)}`;

export function retainPosition(core: ExchangeCore, position: PaperPosition): void {
  const owner = positionOwner(position);
  if (position.netQuantity === 0) {
    core.prices.release(owner);
    return;
  }
  const instrument = core.instruments.bySymbol(position.tradingSymbol);
  const index = instrument && isIndexName(instrument.name) ? core.indexTable[instrument.name] : undefined;
  core.prices.retain(
    position.userId,
    owner,
    index ? [position.tradingSymbol, index.displayName] : [position.tradingSymbol],
  );
}
