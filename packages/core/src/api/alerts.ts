import { z } from 'zod';

// The Telegram link of the alerts (User Settings -> Alerts), as it crosses the wire.

export const TELEGRAM_PATH = '/alerts/telegram';
export const TELEGRAM_CODE_PATH = '/alerts/telegram/code';

/** GET /alerts/telegram: whether the operator set up a bot, and whether the caller linked a chat. */
export const telegramStatusSchema = z.object({
  enabled: z.boolean(),
  linked: z.boolean(),
  linkedAt: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

/** POST /alerts/telegram/code: a one-time code to send the bot as `/start CODE`. */
export const telegramCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
});
export type TelegramCode = z.infer<typeof telegramCodeSchema>;
