import { z } from 'zod';
import { indexNameSchema } from '../market/indices';
import { MAX_FOLLOW_UP_MULTIPLIER } from '../orders/constants';
import { TRANSACTION_TYPES } from '../orders/types';

export const FOLLOW_UP_KEYS = ['buyCall', 'sellCall', 'buyPut', 'sellPut'] as const;
export type FollowUpKey = (typeof FOLLOW_UP_KEYS)[number];

/**
 * `metaData.followUp` of an order payload: the follow-up trade that rides on a market order. The web builds it
 * from a Follow-Up Trades row and the server validates it with this one schema. The row knows its instrument by
 * trading symbol (and label, index, expiry), not by internal token, so either names the instrument; the server
 * resolves it, and one it cannot resolve never blocks the main order (the answer says the follow-up was not armed).
 * The side is `transactionType`, or `action` as the follow-up panel calls it.
 */
export const followUpMetaSchema = z
  .object({
    key: z.enum(FOLLOW_UP_KEYS).optional(),
    internalToken: z.string().trim().min(1).max(128).optional(),
    tradingSymbol: z.string().trim().min(1).max(64).optional(),
    index: indexNameSchema.optional(),
    identifier: z.string().max(128).optional(),
    expiry: z.string().max(32).optional(),
    transactionType: z.enum(TRANSACTION_TYPES).optional(),
    action: z.enum(TRANSACTION_TYPES).optional(),
    /** What the client computed; the server scales the quantity itself (core `followUpQuantity`). */
    quantity: z.number().int().nonnegative().optional(),
    multiplier: z.number().positive().max(MAX_FOLLOW_UP_MULTIPLIER).default(1),
  })
  .refine((value) => value.transactionType !== undefined || value.action !== undefined, {
    error: 'transactionType is required',
    path: ['transactionType'],
  });
/** What a client sends as `metaData.followUp`. */
export type FollowUpMetaInput = z.input<typeof followUpMetaSchema>;

/** Order `metaData`: the follow-up, when any, and whatever else a client attaches. */
export const orderMetaDataSchema = z.looseObject({ followUp: followUpMetaSchema.nullish() });
