import { randomUUID } from 'node:crypto';
import { evaluateProfitProtection, type ProfitProtectionTrigger } from '@xtrader/core/risk/profit-protection';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { PriceSourceId, PriceView, Quote, SourcedPrices } from '../market/contract';
import type { KillSwitch } from './kill-switch';
import { triggeredNotification } from './notification';
import { outcomeMessage } from './outcome-message';
import type { LoggedInCheck, OrderActivitySource, PositionSource, PricesOf } from './ports';
import { createProtectionPauses } from './price-pause';
import { isArmed, isSquaringOff, type KillRecord, type ProfitProtectionRecord } from './record';
import type { RiskStore } from './store';
import { intradayPositions, openSymbols, type Watch, WatchIndex } from './watch-index';
import { createWork } from './work';

export interface MonitorDeps {
  store: RiskStore;
  /** Every source's prices: each user's MTM follows their own source (docs/market-data.md). */
  prices: SourcedPrices;
  positions: PositionSource;
  pricesOf: PricesOf;
  activity: OrderActivitySource;
  killSwitch: KillSwitch;
  loggedIn?: LoggedInCheck;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  /** Whether this instance runs the user's engine (cluster/ownership.ts); only owned users are watched. */
  owns?: (userId: string) => boolean;
}

const owner = (userId: string) => `profit-protection:${userId}`;
/** How long a logged-out user's reached trigger waits before the login is checked again (ticks keep coming). */
export const LOGIN_RECHECK_MS = 5_000;

/**
 * Profit protection, driven by ticks. For every armed user it keeps the intraday positions in memory (reloaded
 * when the user's orders change, never on the tick path) and, for each batch of quotes that moves one of their
 * symbols, recomputes the total MTM and applies the core rule: trailing raises the max loss (persisted), target or
 * max loss claims the trigger and runs the kill switch.
 */
export function createProfitProtectionMonitor(deps: MonitorDeps) {
  const { store, prices, positions, pricesOf, killSwitch, bus, clock, logger } = deps;
  const watches = new Map<string, Watch>();
  const index = new WatchIndex();
  const work = createWork(logger);
  const unsubscribes: (() => void)[] = [];
  const pauses = createProtectionPauses({ prices, bus, clock, logger });

  const drop = (watch: Watch) => {
    pauses.forget(watch.userId);
    index.remove(watch);
    if (watches.get(watch.userId) === watch) watches.delete(watch.userId);
    prices.release(watch.source, owner(watch.userId));
  };
  const seed = (watch: Watch) => (symbol: string) =>
    prices.getQuote(watch.source, symbol, watch.view)?.lastPrice;

  /** Loads a watch's source, view and intraday positions (I/O), indexes its symbols, then evaluates it once. */
  const load = (userId: string) =>
    work.coalesce(`load:${userId}`, async () => {
      const watch = watches.get(userId);
      if (!watch || watch.firing) return;
      const [{ source, view }, snapshot] = await Promise.all([pricesOf(userId), positions.positions(userId)]);
      if (watches.get(userId) !== watch || watch.firing) return;
      const before = { source: watch.source, symbols: watch.symbols };
      watch.source = source;
      watch.view = view;
      watch.positions = intradayPositions(snapshot);
      watch.symbols = openSymbols(watch.positions);
      watch.loaded = true;
      index.index(watch, seed(watch));
      // Retain the new set before releasing what left it, so a symbol held throughout never stops ticking.
      prices.retain(source, owner(userId), watch.symbols);
      if (before.source !== source) prices.release(before.source, owner(userId));
      else {
        const gone = before.symbols.filter((symbol) => !watch.symbols.includes(symbol));
        if (gone.length > 0) prices.release(source, owner(userId), gone);
      }
      evaluate(watch);
    });

  const evaluate = (watch: Watch) => {
    if (!watch.loaded || watch.firing) return;
    // Neither trail nor fire on an MTM built from a stale price of the user's source.
    if (pauses.holds(watch.userId, watch.source, watch.symbols, watch.view)) return;
    const mtm = index.mtm(watch);
    const { record } = watch;
    const decision = evaluateProfitProtection(record.settings, record.state, mtm);
    if (decision.state !== record.state) {
      watch.record = { ...record, state: decision.state };
      persistTrail(watch);
    }
    if (decision.trigger && !(watch.loggedOutUntil && watch.loggedOutUntil > clock.now()))
      fire(watch, decision.trigger, mtm);
  };

  const persistTrail = (watch: Watch) =>
    void work.coalesce(`trail:${watch.userId}`, () =>
      store.saveTrail(watch.userId, watch.record.version, watch.record.state, clock.now()),
    );

  const onQuotes = (source: PriceSourceId, quotes: readonly Quote[], view: PriceView) => {
    const moved = index.applyQuotes(source, view, quotes);
    if (moved) for (const watch of moved) evaluate(watch);
  };

  const fire = (watch: Watch, trigger: ProfitProtectionTrigger, mtm: number) => {
    watch.firing = true;
    index.remove(watch);
    const kill = newKill(watch.record, trigger, mtm, clock.now());
    void work.track(
      (async () => {
        if (deps.loggedIn && !(await deps.loggedIn(watch.userId).catch(() => true))) {
          // Protection works only while logged in. Keep watching; a login brings it back on the next tick.
          logger.info(
            { userId: watch.userId, trigger },
            'profit protection reached but the user is logged out',
          );
          watch.firing = false;
          watch.loggedOutUntil = clock.now() + LOGIN_RECHECK_MS;
          if (watches.get(watch.userId) === watch) index.index(watch, seed(watch));
          return;
        }
        const claimed = await store.claimTrigger(
          watch.userId,
          watch.record.version,
          watch.record.state,
          kill,
        );
        drop(watch);
        if (!claimed) {
          // A Save (or another instance) got there first: follow what the store says now.
          const fresh = await store.get(watch.userId);
          if (fresh && isArmed(fresh) && !watches.has(watch.userId)) arm(fresh);
          return;
        }
        await squareOff(watch.userId, kill);
      })(),
    );
  };

  const squareOff = async (userId: string, kill: KillRecord) => {
    const done = await killSwitch.run(userId, kill);
    await bus.publish('notification', { userId, notification: triggeredNotification(done) });
  };

  const arm = (record: ProfitProtectionRecord) => {
    const previous = watches.get(record.userId);
    if (previous) drop(previous);
    const watch: Watch = {
      userId: record.userId,
      record,
      source: previous?.source ?? 'sim',
      view: previous?.view ?? 'live',
      positions: [],
      symbols: [],
      loaded: false,
      firing: false,
    };
    watches.set(record.userId, watch);
    void load(record.userId);
  };

  const resume = (record: ProfitProtectionRecord) => {
    if (isSquaringOff(record) && record.kill) {
      logger.info({ userId: record.userId, killId: record.kill.id }, 'resuming an interrupted square-off');
      void work.track(squareOff(record.userId, record.kill));
    } else if (isArmed(record)) arm(record);
  };

  const onActivity = (userId: string) => {
    if (watches.has(userId)) void load(userId);
  };

  return {
    async start(): Promise<void> {
      unsubscribes.push(
        prices.onQuotes('live', (source, quotes) => onQuotes(source, quotes, 'live')),
        prices.onQuotes('practice', (source, quotes) => onQuotes(source, quotes, 'practice')),
        deps.activity.onOrderActivity(onActivity),
      );
      for (const record of await store.listActive()) if (deps.owns?.(record.userId) ?? true) resume(record);
    },

    /** This instance took the user over: watch them (or finish their interrupted square-off) from the store. */
    async adopt(userId: string): Promise<void> {
      const record = await store.get(userId);
      if (record) resume(record);
    },

    /** Another instance owns the user now: stop watching them here. */
    forget(userId: string): void {
      const watch = watches.get(userId);
      if (watch) drop(watch);
    },

    /** Follows a Save: watch the user with the saved record, or stop watching. */
    apply(record: ProfitProtectionRecord): void {
      if (isArmed(record)) arm(record);
      else {
        const watch = watches.get(record.userId);
        if (watch) drop(watch);
      }
    },

    /**
     * Re-reads a watched user's positions and view (e.g. after a Practice Mode funds reset, which changes positions
     * without order activity). Resolves when the reload (and its evaluation) is done.
     */
    refresh: (userId: string): Promise<void> => (watches.has(userId) ? load(userId) : Promise.resolve()),

    /** Resolves once no load, trailing write, trigger or square-off is in flight (tests, shutdown). */
    idle: () => work.idle(),

    async close(): Promise<void> {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const watch of [...watches.values()]) drop(watch);
      await work.idle();
    },
  };
}

function newKill(
  record: ProfitProtectionRecord,
  trigger: ProfitProtectionTrigger,
  mtm: number,
  now: number,
): KillRecord {
  const kill = {
    id: `pp${now.toString(36)}${randomUUID().slice(0, 6)}`,
    trigger,
    mtm,
    triggeredAt: now,
    marketProtection: record.marketProtection,
    status: 'squaring_off' as const,
    ordersCancelled: false,
    attempts: 0,
    exits: {},
    failures: {},
    unclosed: [],
    finishedAt: null,
  };
  return { ...kill, message: outcomeMessage(kill) };
}

export type ProfitProtectionMonitor = ReturnType<typeof createProfitProtectionMonitor>;
