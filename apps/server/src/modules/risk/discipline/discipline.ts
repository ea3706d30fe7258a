import type { DisciplineStatus } from '@xtrader/core/api/discipline';
import type { PlaceOrderRequest } from '@xtrader/core/api/orders';
import {
  bookedByPosition,
  closedAtLoss,
  type DisciplineSettings,
  disciplineHolds,
  reachesMaxLoss,
} from '@xtrader/core/risk/discipline';
import type { Clock } from '../../../clock';
import { DomainError } from '../../../domain-error';
import type { Logger } from '../../../logger';
import type { MtmReader } from '../current-mtm';
import type { OrderActivitySource, PositionSource } from '../ports';
import { createMemoryDisciplineDays, type DisciplineDays } from './days';

export interface DisciplineDeps {
  /** The user's discipline settings (part of their user settings). */
  settingsOf(userId: string): Promise<DisciplineSettings>;
  /** The day's intraday MTM (the figure profit protection watches), read only when a max loss is set. */
  mtmOf: MtmReader;
  positions: PositionSource;
  activity: OrderActivitySource;
  clock: Clock;
  logger: Logger;
  /** Where each user's day record is kept: the store in the app, memory when not given. */
  days?: DisciplineDays;
  /**
   * Whether this instance runs the user's engine (default: always). Only there are their trades watched (their
   * positions are there), so another instance never writes a day record from a partial view.
   */
  owns?: (userId: string) => boolean;
}

const watchesTrades = (settings: DisciplineSettings) =>
  settings.coolDownMinutes !== null || settings.maxLossPerDay !== null;

/**
 * The trader's own limits, enforced on the server: a guard run once per POST /order (before anything is stored),
 * the count of orders placed, and a watch of order activity that notices losing trades (cool-down) and the day's
 * max loss (lock). Exits, square-offs, cancels and modifications never pass the guard.
 */
export function createDiscipline(deps: DisciplineDeps) {
  const { clock, logger } = deps;
  const days = deps.days ?? createMemoryDisciplineDays(() => clock.now());
  // Each user's rules as last read: the guard then costs no store read per order. Dropped when the user saves
  // settings (any instance, through the bus), so a rule switched on holds from the next order.
  const kept = new Map<string, DisciplineSettings>();
  const settingsOf = async (userId: string): Promise<DisciplineSettings> => {
    const known = kept.get(userId);
    if (known) return known;
    const read = await deps.settingsOf(userId);
    kept.set(userId, read);
    return read;
  };
  /** What each user's flat positions had booked at the last reading (the loss detector's baseline). */
  const booked = new Map<string, Map<string, number>>();

  /** Sets the lock when the day's MTM is at or below the max loss. */
  const checkMaxLoss = async (userId: string, settings: DisciplineSettings) => {
    if (settings.maxLossPerDay === null || (await days.today(userId)).lockedAt !== null) return;
    if (reachesMaxLoss(settings, await deps.mtmOf(userId))) await days.lock(userId);
  };

  const owns = deps.owns ?? (() => true);
  const noticeTrades = async (userId: string) => {
    if (!owns(userId)) return;
    const settings = await settingsOf(userId);
    if (!watchesTrades(settings)) return;
    if (settings.coolDownMinutes !== null) {
      const before = booked.get(userId);
      const after = bookedByPosition(await deps.positions.positions(userId), before);
      booked.set(userId, after);
      if (before && closedAtLoss(before, after)) await days.lostTrade(userId);
    }
    await checkMaxLoss(userId, settings);
  };

  const status = async (userId: string, settings: DisciplineSettings): Promise<DisciplineStatus> => {
    const day = await days.today(userId);
    return {
      settings,
      tradesToday: day.trades,
      locked: day.lockedAt !== null,
      holds: disciplineHolds({ settings, day, now: clock.now() }),
    };
  };

  return {
    /** Refuses a new order while a rule holds (403 `discipline_hold`, the rule's message). */
    async guard(userId: string, _brokerId: string | null, body: PlaceOrderRequest): Promise<void> {
      const settings = await settingsOf(userId);
      await checkMaxLoss(userId, settings);
      const [hold] = disciplineHolds({
        settings,
        day: await days.today(userId),
        now: clock.now(),
        marketOrder: body.orderType === 'market',
        exchange: body.exchange,
      });
      if (hold) throw new DomainError('discipline_hold', hold.message);
    },
    /** The user's engine moved to another instance: what is kept of their day and trades here goes. */
    forgetUser(userId: string) {
      days.forget(userId);
      booked.delete(userId);
    },
    /** The user saved settings: their rules are read again at the next order. */
    forgetSettings(userId: string) {
      kept.delete(userId);
    },
    /**
     * Locks new orders for the rest of the IST day, as a reached max loss does (the trader's own close-all).
     * Stored with the rest of the day's record, so it holds after a restart and on every instance.
     */
    lockForDay(userId: string): Promise<void> {
      return days.lock(userId, true);
    },
    /** An order was placed: one more trade today. */
    placed(userId: string, orderId: string): Promise<void> {
      return days.placed(userId, orderId);
    },
    async status(userId: string): Promise<DisciplineStatus> {
      const settings = await settingsOf(userId);
      await checkMaxLoss(userId, settings);
      return status(userId, settings);
    },
    /** Watches order activity (fills close trades); returns the unsubscribe. */
    start(): () => void {
      return deps.activity.onOrderActivity((userId) => {
        noticeTrades(userId).catch((error: unknown) =>
          logger.warn({ err: error, userId }, 'discipline: reading the day after order activity failed'),
        );
      });
    },
  };
}

export type Discipline = ReturnType<typeof createDiscipline>;
