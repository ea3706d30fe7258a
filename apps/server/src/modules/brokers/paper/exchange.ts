import type { DaySummary, OrderCharges } from '@xtrader/core/api/practice';
import { INDEX_TABLE, type IndexTable } from '@xtrader/core/market/indices';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../clock';
import type { Logger } from '../../../logger';
import type { Database } from '../../../store/database';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { MarketData, PriceSourceId, Quote, SourcedPrices } from '../../market/contract';
import { singleSource } from '../../market/sourced-prices';
import type { BrokerSession } from '../broker';
import { daySummaryRow, listDaySummaries, listOrderCharges, saveDaySummary } from './day-summary';
import {
  accountOf,
  Change,
  commit,
  type ExchangeCore,
  newPaperId,
  orderOwner,
  type PaperSettings,
  positionOwner,
  pricingFor,
  retainPosition,
} from './exchange-core';
import { squareOffIntraday } from './intraday-square-off';
import { cancelOrder, restOrder } from './order-actions';
import { OrderBook } from './order-book';
import { PaperPrices } from './paper-prices';
import { DayRollover } from './rollover';
import { createPaperSession } from './session';
import { SquareOffScheduler } from './square-off';
import { createPaperStore, resetAccount, setPreviousBroker } from './store';
import { matchQuotes } from './tick-matcher';
import { UserEvents } from './user-events';
import { WriteQueue } from './write-queue';

export interface PaperExchangeDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  marketData: MarketData;
  /**
   * Every source's prices: each account fills at its user's Practice Mode source (their own broker stream when
   * they have one). Without it, every account reads `marketData` (one shared source).
   */
  prices?: SourcedPrices;
  instruments: InstrumentDirectory;
  settings: PaperSettings;
  /** Lot and freeze sizes (with any deployment overrides); defaults to core's table. */
  indexTable?: IndexTable;
  newId?: (prefix: string) => string;
  /**
   * Whether this instance runs the user's engine (cluster/ownership.ts). Several instances share the paper tables
   * and each keeps in memory (and matches) only the users it owns; `adopt` and `drop` move a user. Default: all.
   */
  owns?: (userId: string) => boolean;
  /** The fencing check of every write, inside its transaction (cluster/ownership.ts `fence`). */
  fence?: (trx: Transaction<Database>, userId: string) => Promise<void>;
}

export const FUNDS_RESET_REASON = 'Funds reset';

/**
 * The simulated exchange of Practice Mode, shared by every paper user (one `BrokerSession` each). It matches
 * resting orders on the Practice Mode (5 s delayed) prices, keeps funds and positions, persists every change
 * before the update that reports it, and reloads its resting orders and positions on start.
 */
export class PaperExchange {
  private readonly core: ExchangeCore;
  private readonly sessions = new Map<string, BrokerSession>();
  private readonly squareOff: SquareOffScheduler;
  private readonly rollover: DayRollover;
  private unsubscribeQuotes: (() => void) | undefined;
  private tradeSeq = 0;
  private readonly owns: (userId: string) => boolean;

  constructor(deps: PaperExchangeDeps) {
    const indexTable = deps.indexTable ?? INDEX_TABLE;
    const store = createPaperStore(deps.db);
    this.owns = deps.owns ?? (() => true);
    const prices = new PaperPrices(deps.prices ?? singleSource(deps.marketData));
    this.core = {
      clock: deps.clock,
      logger: deps.logger,
      prices,
      instruments: deps.instruments,
      indexTable,
      settings: deps.settings,
      accounts: new Map(),
      book: new OrderBook(),
      store,
      writes: new WriteQueue(deps.db, deps.logger, deps.fence),
      events: new UserEvents(deps.logger),
      pricingOf: pricingFor(prices, deps.instruments, indexTable, deps.clock),
      newId: deps.newId ?? newPaperId,
      nextTradeSeq: () => ++this.tradeSeq,
    };
    this.rollover = new DayRollover(this.core);
    this.squareOff = new SquareOffScheduler({
      clock: deps.clock,
      logger: deps.logger,
      time: deps.settings.squareOffTime,
      run: () => this.runSquareOff(),
    });
  }

  /** The day-end: MIS orders cancelled, MIS positions closed (with their charges), then each user's day summed up. */
  private async runSquareOff(): Promise<void> {
    await this.rollover.check();
    await squareOffIntraday(this.core);
    await this.recordDaySummaries();
  }

  /** Keeps the summary of the day so far of every account that traded today (rewritten if run again that day). */
  private async recordDaySummaries(): Promise<void> {
    await this.core.writes.idle();
    const change = new Change(this.core.clock.now());
    for (const account of this.core.accounts.values()) {
      const row = await daySummaryRow(this.core, account, change.now);
      if (row) change.write(account.userId, (trx) => saveDaySummary(trx, row));
    }
    await commit(this.core, change);
  }

  /**
   * Runs the day-end now, whatever the time (a developer tool: XT_DEV_TOOLS lets end-to-end specs reach the
   * square-off without waiting for the clock).
   */
  async squareOffNow(): Promise<void> {
    await this.runSquareOff();
    await this.idle();
  }

  /** The user's Practice Mode days as the square-off summed them up, latest first. */
  async daySummaries(userId: string): Promise<DaySummary[]> {
    await this.core.writes.idle();
    return listDaySummaries(this.core.store.db, userId);
  }

  /** Charges of each executed paper order of the user. */
  async orderCharges(userId: string): Promise<OrderCharges[]> {
    await this.core.writes.idle();
    return listOrderCharges(this.core, userId);
  }

  /** Reloads accounts, positions and resting orders, then starts matching ticks and the square-off timer. */
  async start(): Promise<void> {
    await this.load();
    this.unsubscribeQuotes = this.core.prices.onQuotes(
      (source, quotes) => void this.onQuotes(quotes, source),
    );
    if (this.core.settings.followsMarketHours) this.squareOff.start();
  }

  async close(): Promise<void> {
    this.unsubscribeQuotes?.();
    this.unsubscribeQuotes = undefined;
    this.squareOff.stop();
    await this.idle();
  }

  /** The tick path (also called directly by tests and the benchmark); resolves when its fills are recorded. */
  onQuotes(quotes: readonly Quote[], source: PriceSourceId = 'sim'): Promise<void> | undefined {
    // A new day's first tick rolls the positions over before it fills anything.
    const rolled = this.rollover.check();
    const matched = matchQuotes(this.core, quotes, source);
    return rolled ? rolled.then(() => matched) : matched;
  }

  /** Resolves when every change so far is written and its updates delivered. */
  async idle(): Promise<void> {
    await this.core.writes.idle();
    await this.core.events.idle();
  }

  /** Changes that could not be persisted since start (each is logged). */
  get persistenceFailures(): number {
    return this.core.writes.failures;
  }

  /** Contracts some account holds: working orders and open positions (the instrument master keeps them). */
  *heldSymbols(): Iterable<string> {
    for (const account of this.core.accounts.values()) {
      for (const order of account.resting.values()) yield order.tradingSymbol;
      for (const position of account.positions.values())
        if (position.netQuantity !== 0) yield position.tradingSymbol;
    }
  }

  /** Resting orders on the whole exchange. */
  get restingOrderCount(): number {
    return this.core.book.size;
  }

  /** The user's session: the only way to trade on, and read from, the exchange. */
  sessionFor(userId: string): BrokerSession {
    let session = this.sessions.get(userId);
    if (!session) {
      session = createPaperSession({ core: this.core, rollover: this.rollover }, userId);
      this.sessions.set(userId, session);
    }
    return session;
  }

  /** The user's Practice Mode source may have changed (their broker stream opened or ended): follow it. */
  followSource(userId: string): void {
    this.core.prices.follow(userId);
  }

  /** Creates the user's paper account (fresh capital) if it does not exist yet. */
  async ensureAccount(userId: string): Promise<void> {
    const change = new Change(this.core.clock.now());
    accountOf(this.core, userId, change);
    await commit(this.core, change);
  }

  /** The live broker the user had before Practice Mode started (kept with the paper account). */
  async previousBroker(userId: string): Promise<string | null> {
    await this.core.writes.idle();
    return (await this.core.store.findAccount(userId))?.previousBroker ?? null;
  }

  async setPreviousBroker(userId: string, broker: string | null): Promise<void> {
    const change = new Change(this.core.clock.now());
    accountOf(this.core, userId, change);
    change.write(userId, (trx) => setPreviousBroker(trx, userId, broker, change.now));
    await commit(this.core, change);
  }

  /**
   * Fresh virtual capital; the user's paper orders, trades and positions are cleared. Resting orders are
   * reported cancelled first, so the order manager closes its own records of them.
   */
  async resetFunds(userId: string): Promise<void> {
    await this.rollover.check();
    const change = new Change(this.core.clock.now());
    const account = accountOf(this.core, userId, change);
    for (const order of [...account.resting.values()])
      cancelOrder(this.core, order, FUNDS_RESET_REASON, change);
    for (const position of account.positions.values()) this.core.prices.release(positionOwner(position));
    account.positions.clear();
    account.blockedPaise = 0;
    account.bookedPaise = 0;
    account.capitalPaise = Math.round(this.core.settings.capital * 100);
    const capitalPaise = account.capitalPaise;
    change.write(userId, (trx) => resetAccount(trx, userId, capitalPaise, change.now));
    await commit(this.core, change);
  }

  /** Runs the intraday square-off if its time has come today (the timer calls this too). */
  async checkSquareOff(): Promise<void> {
    if (this.core.settings.followsMarketHours) await this.squareOff.check();
  }

  /**
   * Takes a user over from another instance: reloads their account, positions and resting orders from the store
   * and starts matching them. Anything of theirs still in memory (an earlier turn as owner) is dropped first.
   */
  async adopt(userId: string): Promise<void> {
    await this.drop(userId);
    await this.load(userId);
  }

  /** Stops serving a user here (another instance owns them now): forgets their state, matches none of it. */
  async drop(userId: string): Promise<void> {
    await this.idle();
    const account = this.core.accounts.get(userId);
    if (!account) return;
    for (const order of account.resting.values()) {
      this.core.book.remove(order);
      this.core.prices.release(orderOwner(order));
    }
    for (const position of account.positions.values()) this.core.prices.release(positionOwner(position));
    this.core.accounts.delete(userId);
    this.sessions.delete(userId);
  }

  /** Loads every owned user (`userId` undefined, on start) or one user. */
  private async load(userId?: string): Promise<void> {
    const { store, accounts } = this.core;
    const change = new Change(this.core.clock.now());
    // Trades of other instances' users count too: a user's fills keep growing sequence numbers wherever booked.
    this.tradeSeq = Math.max(this.tradeSeq, await store.lastTradeSeq());
    const owned = (row: { userId: string }) => userId !== undefined || this.owns(row.userId);
    for (const row of (await store.loadAccounts(userId)).filter(owned)) {
      accounts.set(row.userId, {
        userId: row.userId,
        capitalPaise: row.capitalPaise,
        bookedPaise: row.bookedPaise,
        resting: new Map(),
        positions: new Map(),
        blockedPaise: 0,
      });
    }
    for (const position of (await store.loadPositions(userId)).filter(owned)) {
      accountOf(this.core, position.userId, change).positions.set(positionKey(position), position);
      retainPosition(this.core, position);
    }
    for (const order of (await store.loadRestingOrders(userId)).filter(owned)) {
      accountOf(this.core, order.userId, change).blockedPaise += order.blockedPaise;
      restOrder(this.core, order);
    }
    this.rollover.reset();
    await commit(this.core, change);
  }
}
