import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { LinkStore } from './link-store';
import type { TelegramUpdate } from './telegram-client';

/** How long a `/closeall` waits for its `yes`. */
export const CONFIRM_WINDOW_MS = 60_000;

/** A command that must run where the user's engine runs (cluster/ownership.ts); that instance replies. */
export type OwnerCommand = 'status' | 'closeall';

export interface BotDeps {
  links: Pick<
    LinkStore,
    'redeem' | 'userOfChat' | 'awaitConfirmation' | 'takeConfirmation' | 'clearConfirmation'
  >;
  /** Queues a reply (the outbox); never waits. */
  reply(chatId: string, text: string): void;
  /** Runs the command on the user's engine owner, which answers the chat itself. */
  onOwner(userId: string, chatId: string, command: OwnerCommand): Promise<void>;
  clock: Clock;
  logger: Logger;
}

export const MESSAGES = {
  notLinked:
    'This chat is not linked to an X-Trader account. Open User Settings -> Alerts, press "Link Telegram" and send /start CODE here.',
  badCode: 'That code is unknown or has expired. Show a new one in User Settings -> Alerts.',
  linked:
    'Linked. Alerts of this account come here.\nCommands: /status (positions and MTM), /closeall (exit everything and lock trading for today).',
  confirmCloseAll:
    'Close all? This cancels every open order, exits every open intraday position at market and locks new orders for the rest of the day.\nReply "yes" within 60 s or send /closeall CONFIRM.',
  nothingToConfirm: 'Nothing waits for a confirmation. Send /closeall first.',
  help: 'Commands: /status, /closeall. Unlink this chat from User Settings -> Alerts.',
} as const;

/** `/cmd@BotName arg` -> { command: 'cmd', arg: 'arg' }; plain text -> command ''. */
export function parseCommand(text: string): { command: string; arg: string } {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/')) return { command: '', arg: trimmed };
  const [head = '', ...rest] = trimmed.split(/\s+/);
  return { command: head.slice(1).split('@')[0]?.toLowerCase() ?? '', arg: rest.join(' ') };
}

/**
 * What the bot says to each message. Only the chat a user linked may ask anything; every other chat may only
 * link itself with a code. `/closeall` is asked back and runs on `/closeall CONFIRM` or a `yes` within the
 * window; the command itself runs on the user's engine owner.
 */
export function createBot(deps: BotDeps) {
  // A `/closeall` waiting for its yes is kept with the chat's link in the store, not in this process: the poller
  // answering the yes may be another instance (leadership moved) or this one restarted.
  const { links, reply, clock, logger } = deps;

  const runOnOwner = (userId: string, chatId: string, command: OwnerCommand) =>
    deps.onOwner(userId, chatId, command).catch((error: unknown) => {
      logger.error({ err: error, userId, command }, 'telegram command failed');
      reply(chatId, 'That did not work; try again, or use the app.');
    });

  const handle = async (chatId: string, text: string): Promise<void> => {
    const { command, arg } = parseCommand(text);
    if ((command === 'start' || command === 'link') && arg !== '') {
      const userId = await links.redeem(arg.trim(), chatId);
      reply(chatId, userId ? MESSAGES.linked : MESSAGES.badCode);
      return;
    }
    const userId = await links.userOfChat(chatId);
    if (!userId) {
      reply(chatId, MESSAGES.notLinked);
      return;
    }
    if (command === 'closeall' && arg.toUpperCase() === 'CONFIRM') {
      await links.clearConfirmation(chatId);
      await runOnOwner(userId, chatId, 'closeall');
    } else if (command === 'closeall') {
      await links.awaitConfirmation(chatId, clock.now() + CONFIRM_WINDOW_MS);
      reply(chatId, MESSAGES.confirmCloseAll);
    } else if (command === '' && /^yes$/i.test(arg)) {
      if (!(await links.takeConfirmation(chatId))) {
        reply(chatId, MESSAGES.nothingToConfirm);
        return;
      }
      await runOnOwner(userId, chatId, 'closeall');
    } else if (command === 'status') {
      await runOnOwner(userId, chatId, 'status');
    } else {
      reply(chatId, MESSAGES.help);
    }
  };

  return {
    /** Answers one update; a failure is logged and never stops the poller. */
    async onUpdate(update: TelegramUpdate): Promise<void> {
      const message = update.message;
      if (!message || typeof message.text !== 'string') return;
      const chatId = String(message.chat.id);
      try {
        await handle(chatId, message.text.slice(0, 200));
      } catch (error) {
        logger.error({ err: error, chatId }, 'telegram update failed');
      }
    },
  };
}

export type Bot = ReturnType<typeof createBot>;
