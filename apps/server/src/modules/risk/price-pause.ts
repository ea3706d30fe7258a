import type { Notification } from '@xtrader/core/api/notifications';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { PriceHold, PriceSourceId, PriceView, SourcedPrices } from '../market/contract';

/**
 * Profit protection acts only on prices it may trust: while any symbol of a user's MTM is held by the market
 * module (stale in the user's own source), it neither trails nor fires. It logs and tells the trader once
 * per pause, and resumes on the next evaluation with trusted prices.
 */
export function createProtectionPauses(deps: {
  prices: SourcedPrices;
  bus: Bus;
  clock: Clock;
  logger: Logger;
}) {
  const paused = new Set<string>();

  const heldOf = (source: PriceSourceId, symbols: readonly string[], view: PriceView) => {
    for (const symbol of symbols) {
      const hold = deps.prices.holdOf(source, symbol, view);
      if (hold) return { symbol, hold };
    }
    return undefined;
  };

  const announce = (userId: string, symbol: string, hold: PriceHold) => {
    deps.logger.warn({ userId, symbol, reason: hold.reason }, `profit protection paused: ${hold.message}`);
    const notification: Notification = {
      notificationType: 'automation_paused',
      timestamp: new Date(deps.clock.now()).toISOString(),
      identifier: symbol,
      transactionType: null,
      quantity: null,
      averagePrice: null,
      status: 'PROFIT PROTECTION PAUSED',
      statusMessage: `Profit protection ${hold.message.charAt(0).toLowerCase()}${hold.message.slice(1)} (${symbol})`,
    };
    void deps.bus
      .publish('notification', { userId, notification })
      .catch((error: unknown) => deps.logger.error({ err: error, userId }, 'pause notice failed'));
  };

  return {
    /** True when the user's MTM must not be acted on now. */
    holds(userId: string, source: PriceSourceId, symbols: readonly string[], view: PriceView): boolean {
      const held = heldOf(source, symbols, view);
      if (!held) {
        paused.delete(userId);
        return false;
      }
      if (!paused.has(userId)) {
        paused.add(userId);
        announce(userId, held.symbol, held.hold);
      }
      return true;
    },
    forget(userId: string): void {
      paused.delete(userId);
    },
  };
}
