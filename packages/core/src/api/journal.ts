import { z } from 'zod';
import { MAX_PRICE } from '../orders/constants';
import { isoDateSchema } from './common';

// The execution journal (docs/journal.md): the day's round trips with notes and tags, each UI order's latencies
// and slippage, the day's equity curve, and the CSV of it all.

export const JOURNAL_PATH = '/journal';
export const JOURNAL_LATEST_PATH = '/journal/latest';
export const JOURNAL_CSV_PATH = '/journal.csv';
export const journalNotesPath = (tradeId: string) => `/journal/notes/${encodeURIComponent(tradeId)}`;

/** Far enough either side of now for any real clock; refuses nonsense without trusting the client's clock. */
const EPOCH_MS_MIN = Date.UTC(2020, 0, 1);
const EPOCH_MS_MAX = Date.UTC(2100, 0, 1);
/** A client time: epoch ms. */
export const clientTimeSchema = z
  .number()
  .int('Expected epoch milliseconds')
  .min(EPOCH_MS_MIN, 'Expected epoch milliseconds')
  .max(EPOCH_MS_MAX, 'Expected epoch milliseconds');

/**
 * What the web app sends with an order for the journal (all optional; an order without them is placed alike): the key
 * press and request times on the client's clock, and the price the card showed when the key was pressed.
 */
export const orderJournalFieldsSchema = z.object({
  pressedAt: clientTimeSchema.optional(),
  requestedAt: clientTimeSchema.optional(),
  shownPrice: z.number().positive('Expected a positive price').max(MAX_PRICE).optional(),
});
export type OrderJournalFields = z.infer<typeof orderJournalFieldsSchema>;

/** `?day=YYYY-MM-DD` (IST day); today when absent. */
export const journalDayQuerySchema = z.object({ day: isoDateSchema.optional() });

export const MAX_NOTE_LENGTH = 2000;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 32;

export const journalTagSchema = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(MAX_TAG_LENGTH, `A tag is at most ${MAX_TAG_LENGTH} characters`);

export const journalNotesParamsSchema = z.object({ tradeId: z.string().trim().min(1).max(64) });
export const journalNotesBodySchema = z.object({
  note: z.string().max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters`).default(''),
  tags: z
    .array(journalTagSchema)
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
});
export type JournalNotesBody = z.input<typeof journalNotesBodySchema>;

export const latenciesSchema = z.object({
  keyToRequestMs: z.number().nullable(),
  requestToAckMs: z.number().nullable(),
  ackToFillMs: z.number().nullable(),
  keyToAckMs: z.number().nullable(),
  keyToFillMs: z.number().nullable(),
});

/** One order placed from the UI: its times, latencies and slippage. Times are epoch ms; money rupees. */
export const journalExecutionSchema = z.object({
  orderId: z.string(),
  tradingSymbol: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: z.number(),
  filledQuantity: z.number(),
  shownPrice: z.number().nullable(),
  fillPrice: z.number().nullable(),
  pressedAt: z.number().nullable(),
  receivedAt: z.number(),
  ackAt: z.number().nullable(),
  firstFillAt: z.number().nullable(),
  lastFillAt: z.number().nullable(),
  latencies: latenciesSchema,
  /** Rs per unit and ticks; negative = worse for the trader than the price shown. */
  slippage: z.object({ perUnit: z.number(), ticks: z.number() }).nullable(),
});
export type JournalExecution = z.infer<typeof journalExecutionSchema>;

export const journalTradeSchema = z.object({
  tradeId: z.string(),
  tradingSymbol: z.string(),
  direction: z.enum(['long', 'short']),
  quantity: z.number(),
  openQuantity: z.number(),
  entryPrice: z.number(),
  exitPrice: z.number().nullable(),
  openedAt: z.number(),
  closedAt: z.number().nullable(),
  gross: z.number(),
  charges: z.number(),
  net: z.number(),
  orderIds: z.array(z.string()),
  note: z.string(),
  tags: z.array(z.string()),
});
export type JournalTrade = z.infer<typeof journalTradeSchema>;

export const journalDaySchema = z.object({
  day: isoDateSchema,
  trades: z.array(journalTradeSchema),
  executions: z.array(journalExecutionSchema),
  /** Cumulative net P&L (rupees) after each closed trip, from 0 at the day's first trade. */
  equity: z.array(z.object({ ts: z.number(), net: z.number() })),
  totals: z.object({ trades: z.number(), gross: z.number(), charges: z.number(), net: z.number() }),
});
export type JournalDay = z.infer<typeof journalDaySchema>;

/** data of GET /journal/latest: the user's last order placed from the UI, or null. */
export const journalLatestSchema = z.object({ execution: journalExecutionSchema.nullable() });
