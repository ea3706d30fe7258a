import type { AlertSettings } from '@xtrader/core/alerts/alerts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { LeaseLeadership } from '../../cluster/lease-leadership';
import type { Resources } from '../../resources';
import type { AppModule } from '../module';
import type { KillRecord } from '../risk/record';
import { createBot } from './bot';
import { createDelivery } from './delivery';
import { createEngineCommands } from './engine-commands';
import { createLinkStore } from './link-store';
import { createOutbox, type OutboxOptions } from './outbox';
import { createPoller, type PollerOptions } from './poller';
import { registerAlertRoutes } from './routes';
import { createTelegramClient } from './telegram-client';

/** The lease whose holder polls Telegram's getUpdates (one poller per bot, whatever the number of instances). */
export const TELEGRAM_LEADER_LEASE = 'leader:telegram';

export interface AlertsModuleDeps {
  requireUser: preHandlerAsyncHookHandler;
  alertsOf(userId: string): Promise<AlertSettings>;
  marketProtectionOf(userId: string): Promise<number>;
  status(userId: string): Promise<{ open: number; mtm: number }>;
  lockForDay(userId: string): Promise<void>;
  closeAll(userId: string, marketProtection: number): Promise<KillRecord>;
  /** Test tuning: Bot API fetch, outbox limits, poll timeout. */
  telegram?: { fetch?: typeof fetch; outbox?: Partial<OutboxOptions>; poller?: Partial<PollerOptions> };
}

/**
 * Alerts away from the screen: the Telegram bot (when XT_TELEGRAM_BOT_TOKEN is set). Every instance sends the
 * alerts of the users whose engines it runs; the holder of `leader:telegram` alone polls for commands.
 */
export function createAlertsModule(
  resources: Pick<Resources, 'db' | 'bus' | 'clock' | 'logger' | 'config' | 'leases' | 'ownership'>,
  deps: AlertsModuleDeps,
): AppModule & { idle(): Promise<void> } {
  const { db, bus, clock, logger, config, leases, ownership } = resources;
  const links = createLinkStore(db, clock);
  const telegram = config.telegram;
  const base: AppModule = {
    name: 'alerts',
    registerRoutes(app) {
      registerAlertRoutes(app, { links, enabled: telegram !== undefined, requireUser: deps.requireUser });
    },
  };
  if (!telegram) return { ...base, idle: async () => undefined };

  const client = createTelegramClient({
    ...telegram,
    ...(deps.telegram?.fetch ? { fetch: deps.telegram.fetch } : {}),
  });
  const outbox = createOutbox({
    send: (chatId, text) => client.sendMessage(chatId, text),
    logger,
    ...(deps.telegram?.outbox ? { options: deps.telegram.outbox } : {}),
  });
  const commands = createEngineCommands({ ...deps, ownership, bus, logger, reply: outbox.send });
  const bot = createBot({
    links,
    reply: outbox.send,
    onOwner: commands.dispatch,
    clock,
    logger,
  });
  const poller = createPoller({
    client,
    bot,
    logger,
    ...(deps.telegram?.poller ? { options: deps.telegram.poller } : {}),
  });
  const leadership = new LeaseLeadership({
    leases,
    name: TELEGRAM_LEADER_LEASE,
    holder: config.instanceId,
    ttlMs: config.leaseTtlMs,
    logger,
  });
  const deliver = createDelivery({ links, alertsOf: deps.alertsOf, send: outbox.send, logger });
  const stops: Array<() => void> = [];

  return {
    ...base,
    async start() {
      stops.push(
        // Every instance hears every notification; the user's engine owner (who raised it) sends it once.
        bus.subscribe('notification', ({ userId, notification }) => {
          if (ownership.owns(userId)) void deliver(userId, notification);
        }),
        leadership.onChange((leader) => {
          if (leader) poller.start();
          else void poller.stop();
        }),
      );
      await leadership.start();
    },
    async drain() {
      await leadership.stop();
      await poller.stop();
    },
    async close() {
      for (const stop of stops.splice(0)) stop();
      commands.close();
      await leadership.stop();
      await poller.stop();
      outbox.close();
    },
    idle: () => outbox.idle(),
  };
}
