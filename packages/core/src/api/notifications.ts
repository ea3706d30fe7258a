import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { transactionTypeSchema } from './orders';

export const NOTIFICATION_TYPES = [
  'order_executed',
  'order_failed',
  'profit_protection_triggered',
  /** The server stopped trailing an order (e.g. the broker's modification limit was reached). */
  'trailing_stopped',
  /**
   * The broker ended a protective order on its own (a bracket's stop or target leg, a resting stop-loss): what
   * happened and what the server does about it (it holds the stop itself).
   */
  'protection_lost',
  /**
   * Server-side automation (local trailing and held stops, profit protection) is paused rather than acting on a
   * price it must not trust: stale, or not the user's own source. Sent once per pause.
   */
  'automation_paused',
  /**
   * A family's follow-on orders (a bracket's legs, a follow-up) could not be placed past their retries and wait
   * for the server's repair (status RETRYING), then were placed (status PLACED). Neither is an execution: it plays
   * no fill cue and leaves the pending-order state alone.
   */
  'orders_repair',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** A notification card. Order fields are null for profit-protection notices. */
export const notificationSchema = z.object({
  notificationType: notificationTypeSchema,
  timestamp: isoDateTimeSchema,
  identifier: z.string().nullable(),
  transactionType: transactionTypeSchema.nullable(),
  quantity: z.number().int().nullable(),
  averagePrice: z.number().nullable(),
  /** e.g. COMPLETE, REJECTED, TRIGGERED. */
  status: z.string(),
  statusMessage: z.string().nullable(),
  /** Set on the execution of a stop-loss order (its trigger was hit): alerts treat it as a stop, not a fill. */
  stopLoss: z.boolean().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;
