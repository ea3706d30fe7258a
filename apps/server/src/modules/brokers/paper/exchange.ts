import { INDEX_TABLE, type IndexTable } from '@xtrader/core/market/indices';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Logger } from '../../../logger';
import type { Database } from '../../../store/database';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { MarketData, Quote } from '../../market/contract';
import type { BrokerSession } from '../broker';
import {
  accountOf,
  Change,
  commit,
  type ExchangeCore,
  newPaperId,
  type PaperSettings,
  positionOwner,
  pricingFor,
  retainPosition,
} from './exchange-core';
import { squareOffIntraday } from './intraday-square-off';
import { cancelOrder, restOrder } from './order-actions';
import { OrderBook } from './order-book';
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
  instruments: InstrumentDirectory;
  settings: PaperSettings;
  /** Lot and freeze sizes (with any deployment overrides); defaults to core's table. */
  indexTable?: IndexTable;
  newId?: (prefix: string) => string;
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

  constructor(deps: PaperExchangeDeps) {
    const indexTable = deps.indexTable ?? INDEX_TABLE;
    const store = createPaperStore(deps.db);
    this.core = {
      clock: deps.clock,
      logger: deps.logger,
      marketData: deps.marketData,
      instruments: deps.instruments,
      indexTable,
      settings: deps.settings,
      accounts: new Map(),
      book: new OrderBook(),
      store,
      writes: new WriteQueue(deps.db, deps.logger),
      events: new UserEvents(deps.logger),
      pricing: pricingFor(deps.marketData, deps.instruments, indexTable),
      newId: deps.newId ?? newPaperId,
      nextTradeSeq: () => ++this.tradeSeq,
    };
    this.rollover = new DayRollover(this.core);
    this.squareOff = new SquareOffScheduler({
      clock: deps.clock,
      logger: deps.logger,
      time: deps.settings.squareOffTime,
      run: async () => {
        await this.rollover.check();
        await squareOffIntraday(this.core);
      },
    });
  }

  /** Reloads accounts, positions and resting orders, then starts matching ticks and the square-off timer. */
  async start(): Promise<void> {
    await this.load();
    this.unsubscribeQuotes = this.core.marketData.onQuotes(
      'practice',
      (quotes) => void this.onQuotes(quotes),
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
  onQuotes(quotes: readonly Quote[]): Promise<void> | undefined {
    // A new day's first tick rolls the positions over before it fills anything.
    const rolled = this.rollover.check();
    const matched = matchQuotes(this.core, quotes);
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
    change.write((trx) => setPreviousBroker(trx, userId, broker, change.now));
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
    for (const position of account.positions.values()) this.core.marketData.release(positionOwner(position));
    account.positions.clear();
    account.blockedPaise = 0;
    account.bookedPaise = 0;
    account.capitalPaise = Math.round(this.core.settings.capital * 100);
    const capitalPaise = account.capitalPaise;
    change.write((trx) => resetAccount(trx, userId, capitalPaise, change.now));
    await commit(this.core, change);
  }

  /** Runs the intraday square-off if its time has come today (the timer calls this too). */
  async checkSquareOff(): Promise<void> {
    if (this.core.settings.followsMarketHours) await this.squareOff.check();
  }

  private async load(): Promise<void> {
    const { store, accounts } = this.core;
    const change = new Change(this.core.clock.now());
    this.tradeSeq = await store.lastTradeSeq();
    for (const row of await store.loadAccounts()) {
      accounts.set(row.userId, {
        userId: row.userId,
        capitalPaise: row.capitalPaise,
        bookedPaise: row.bookedPaise,
        resting: new Map(),
        positions: new Map(),
        blockedPaise: 0,
      });
    }
    for (const position of await store.loadPositions()) {
      accountOf(this.core, position.userId, change).positions.set(positionKey(position), position);
      retainPosition(this.core, position);
    }
    for (const order of await store.loadRestingOrders()) {
      accountOf(this.core, order.userId, change).blockedPaise += order.blockedPaise;
      restOrder(this.core, order);
    }
    this.rollover.reset();
    await commit(this.core, change);
  }
}
