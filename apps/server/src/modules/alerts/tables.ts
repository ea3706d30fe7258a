/** The Telegram chat a user linked (one per user; a chat serves one user). */
export interface TelegramLinksTable {
  userId: string;
  /** Telegram's chat id, kept as text (it may exceed 2^31 and is negative for groups). */
  chatId: string;
  linkedAt: number;
  /** A `/closeall` of this chat waits for its "yes" until then (null: nothing waits). */
  closeAllPendingUntil: number | null;
}

/** A one-time code shown in user settings; the trader sends `/start CODE` to the bot to link the chat. */
export interface TelegramLinkCodesTable {
  code: string;
  userId: string;
  expiresAt: number;
}

export interface AlertsTables {
  telegramLinks: TelegramLinksTable;
  telegramLinkCodes: TelegramLinkCodesTable;
}
