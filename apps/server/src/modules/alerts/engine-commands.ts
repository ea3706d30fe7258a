import type { AlertSettings } from '@xtrader/core/alerts/alerts';
import { formatRupee } from '@xtrader/core/format/format';
import type { Bus } from '../../bus/bus';
import type { EngineOwnership } from '../../cluster/ownership';
import type { Logger } from '../../logger';
import type { KillRecord } from '../risk/record';
import type { OwnerCommand } from './bot';

declare module '../../bus/bus' {
  interface BusEvents {
    /** A Telegram command for the instance running the user's engine (`to`), which answers the chat. */
    'alerts.command': { to: string; userId: string; chatId: string; command: OwnerCommand };
  }
}

export interface EngineCommandDeps {
  ownership: EngineOwnership;
  bus: Bus;
  logger: Logger;
  reply(chatId: string, text: string): void;
  /** Open positions (any product, quantity not zero) and the day's intraday MTM. */
  status(userId: string): Promise<{ open: number; mtm: number }>;
  /** Locks new orders for the rest of the day (the discipline lock). */
  lockForDay(userId: string): Promise<void>;
  /** The kill switch's square-off, now. */
  closeAll(userId: string, marketProtection: number): Promise<KillRecord>;
  /** The fraction exits are protected with (the user's exit-all market protection). */
  marketProtectionOf(userId: string): Promise<number>;
}

export const closeAllOutcome = (kill: KillRecord): string =>
  kill.status === 'completed'
    ? 'Close all done: open orders cancelled, every intraday position exited. Trading is locked until the next session.'
    : `Close all INCOMPLETE. Still open: ${kill.unclosed
        .map((p) => `${p.tradingSymbol} (${p.quantity}): ${p.reason}`)
        .join('; ')}. Trading is locked until the next session; check the app now.`;

/**
 * Runs the bot's `/status` and `/closeall` where the user's engine runs: here when this instance owns (or can
 * take) the user, else on the holder, told over the bus. The instance that runs it replies.
 */
export function createEngineCommands(deps: EngineCommandDeps) {
  const { ownership, bus, logger, reply } = deps;

  const run = async (userId: string, chatId: string, command: OwnerCommand): Promise<void> => {
    if (command === 'status') {
      const { open, mtm } = await deps.status(userId);
      reply(chatId, `Open positions: ${open}\nIntraday MTM: ${formatRupee(mtm)}`);
      return;
    }
    // Locked first: no new order may slip in while the positions are being closed.
    await deps.lockForDay(userId);
    reply(chatId, 'Closing all: cancelling open orders and exiting positions...');
    const kill = await deps.closeAll(userId, await deps.marketProtectionOf(userId));
    reply(chatId, closeAllOutcome(kill));
  };

  const unsubscribe = bus.subscribe('alerts.command', async ({ to, userId, chatId, command }) => {
    if (to !== ownership.instanceId) return;
    await run(userId, chatId, command).catch((error: unknown) => {
      logger.error({ err: error, userId, command }, 'telegram command failed on the engine owner');
      reply(chatId, 'That did not work; try again, or use the app.');
    });
  });

  return {
    async dispatch(userId: string, chatId: string, command: OwnerCommand): Promise<void> {
      const owner = await ownership.claim(userId);
      if (owner.owner === 'self') await run(userId, chatId, command);
      else await bus.publish('alerts.command', { to: owner.holder, userId, chatId, command });
    },
    close: unsubscribe,
  };
}

/** The fraction of the user's exit-all market protection setting (0 when it is off). */
export const exitProtection = (settings: {
  exitAllMarketProtection: { enabled: boolean; percentage: number };
}) => (settings.exitAllMarketProtection.enabled ? settings.exitAllMarketProtection.percentage / 100 : 0);

export type AlertSettingsOf = (userId: string) => Promise<AlertSettings>;
