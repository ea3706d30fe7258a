import { MAX_FOLLOW_UP_MULTIPLIER, TRANSACTION_TYPES } from '@xtrader/core';
import { z } from 'zod';
import { BadRequestError } from '../../http/errors';
import { ORDER_ERRORS } from './messages';

/**
 * The follow-up trade an order may carry, in the order payload's `metaData.followUp`: the instrument, its side
 * (`transactionType`, or `action` as the follow-up panel calls it) and the multiplier its quantity is scaled by.
 * Whether it waits for the main order's fill is the payload's `tradeConfirmation`.
 */
export const followUpMetaSchema = z
  .object({
    internalToken: z.string().trim().min(1).max(128),
    transactionType: z.enum(TRANSACTION_TYPES).optional(),
    action: z.enum(TRANSACTION_TYPES).optional(),
    multiplier: z.number().positive().max(MAX_FOLLOW_UP_MULTIPLIER).default(1),
  })
  .refine((value) => value.transactionType !== undefined || value.action !== undefined, {
    error: 'transactionType is required',
    path: ['transactionType'],
  });

export interface FollowUpRequest {
  internalToken: string;
  transactionType: 'buy' | 'sell';
  multiplier: number;
}

/** The follow-up of an order payload, if any; a malformed one is a 400 naming the field. */
export function followUpOf(metaData: Record<string, unknown> | undefined): FollowUpRequest | undefined {
  const raw = metaData?.followUp;
  if (raw === undefined || raw === null) return undefined;
  const parsed = followUpMetaSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new BadRequestError(
      ORDER_ERRORS.followUp(field ? `${field}: ${issue?.message}` : String(issue?.message)),
    );
  }
  const { internalToken, transactionType, action, multiplier } = parsed.data;
  return { internalToken, transactionType: (transactionType ?? action) as 'buy' | 'sell', multiplier };
}
