import type { ReplayDay, ReplayStatus, StartReplay } from '@xtrader/core/api/replay';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import type { IndexTable } from '@xtrader/core/market/indices';
import { DomainError } from '../../domain-error';
import type { Resources } from '../../resources';
import type { BrokerSession } from '../brokers/broker';
import type { PaperExchange } from '../brokers/paper/exchange';
import type { PaperSettings } from '../brokers/paper/exchange-core';
import type { InstrumentDirectory } from '../instruments/contract';
import type { PriceSources } from '../market/price-sources';
import type { DayCatalog } from './day-catalog';
import { ReplaySession } from './replay-session';

export const REPLAY_SERVICE_MESSAGES = {
  needsPracticeMode: 'Session replay is part of Practice Mode. Start Practice Mode first.',
  openOrders: 'Cancel your open Practice orders before replaying a day: they would not be watched meanwhile.',
  notReplaying: 'No replay is running.',
  resetDuringReplay: 'Stop the replay before resetting your Practice funds.',
} as const;

export interface ReplayServiceDeps {
  resources: Pick<Resources, 'config' | 'clock' | 'logger'>;
  catalog: DayCatalog;
  sources: Pick<PriceSources, 'setReplay'>;
  activeBrokerOf(userId: string): Promise<string | null>;
  /** The user's session at the Practice exchange (to see that nothing rests there before a replay). */
  practiceSession(userId: string): BrokerSession;
  directory: InstrumentDirectory;
  indexTable: IndexTable;
  paper: Omit<PaperSettings, 'followsMarketHours'>;
  pollMs?: number;
}

/** Called after a user's replay starts or stops: their paper account has been swapped. */
export type ReplaySwitchHandler = (userId: string) => void | Promise<void>;

const OPEN_STATUSES = new Set(['open', 'trigger_pending', 'partially_filled']);

/** Practice users' session replays: one per user at most, each with its own prices, clock and paper account. */
export function createReplayService(deps: ReplayServiceDeps) {
  const sessions = new Map<string, ReplaySession>();
  const handlers = new Set<ReplaySwitchHandler>();
  /** One start or stop at a time per user. */
  const busy = new Map<string, Promise<unknown>>();

  const serial = <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const run = (busy.get(userId) ?? Promise.resolve()).then(work, work);
    busy.set(
      userId,
      run.catch(() => undefined),
    );
    return run;
  };

  const switched = async (userId: string) => {
    for (const handler of handlers) {
      try {
        await handler(userId);
      } catch (error) {
        deps.resources.logger.error({ err: error, userId }, 'replay switch handler failed');
      }
    }
  };

  const running = (userId: string): ReplaySession => {
    const session = sessions.get(userId);
    if (!session) throw new DomainError('conflict', REPLAY_SERVICE_MESSAGES.notReplaying);
    return session;
  };

  const stopNow = async (userId: string): Promise<boolean> => {
    const session = sessions.get(userId);
    if (!session) return false;
    sessions.delete(userId);
    deps.sources.setReplay(userId, null);
    await session.stop();
    await switched(userId);
    return true;
  };

  return {
    days: (userId: string): Promise<ReplayDay[]> => deps.catalog.daysFor(userId),

    status: (userId: string): ReplayStatus | null => sessions.get(userId)?.status() ?? null,

    /** Refuses a Practice funds reset while the user replays: it would clear the account they are not looking at. */
    refuseResetWhileReplaying(userId: string): void {
      if (sessions.has(userId)) throw new DomainError('conflict', REPLAY_SERVICE_MESSAGES.resetDuringReplay);
    },

    /** The replay's paper exchange of a user replaying in Practice Mode, else undefined. */
    practiceExchangeOf(userId: string): PaperExchange | undefined {
      return sessions.get(userId)?.exchange;
    },

    start: (userId: string, request: StartReplay): Promise<ReplayStatus> =>
      serial(userId, async () => {
        if (!isPracticeBroker(await deps.activeBrokerOf(userId)))
          throw new DomainError('not_in_practice_mode', REPLAY_SERVICE_MESSAGES.needsPracticeMode);
        const { day, ticks } = await deps.catalog.ticksOf(userId, request.day);
        if (!sessions.has(userId)) {
          const orders = await deps.practiceSession(userId).listOrders();
          if (orders.some((order) => OPEN_STATUSES.has(order.status)))
            throw new DomainError('conflict', REPLAY_SERVICE_MESSAGES.openOrders);
        }
        await stopNow(userId);
        const session = await ReplaySession.start(deps.resources, {
          userId,
          id: request.day,
          day,
          ticks,
          speed: request.speed,
          directory: deps.directory,
          indexTable: deps.indexTable,
          paper: deps.paper,
          ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
        });
        sessions.set(userId, session);
        deps.sources.setReplay(userId, session.source);
        await switched(userId);
        return session.status();
      }),

    pause(userId: string): ReplayStatus {
      const session = running(userId);
      session.pause();
      return session.status();
    },

    resume(userId: string): ReplayStatus {
      const session = running(userId);
      session.resume();
      return session.status();
    },

    /** Back to the shared prices and the user's own Practice account; false when nothing ran. */
    stop: (userId: string): Promise<boolean> => serial(userId, () => stopNow(userId)),

    onSwitch(handler: ReplaySwitchHandler): () => void {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },

    async close(): Promise<void> {
      for (const userId of [...sessions.keys()]) await stopNow(userId);
    },
  };
}

export type ReplayService = ReturnType<typeof createReplayService>;
