import { z } from 'zod';
import { formatNumber } from '../format/format';
import { DERIVATIVES_EXCHANGES } from '../market/exchanges';
import {
  ICEBERG_MAX_LEGS,
  ICEBERG_MIN_LEGS,
  MAX_PRICE,
  ORDER_MESSAGES,
  TICK_SIZE,
} from '../orders/constants';
import { MAX_CHASE_REPRICES } from '../orders/edge-stops';
import { validateTrailParams } from '../orders/input-rules';
import { ORDER_STATUSES } from '../orders/order-status';
import {
  BROKER_PRODUCTS,
  normalizeProductType,
  ORDER_CATEGORIES,
  ORDER_TYPES,
  PRODUCT_TYPES,
  TRANSACTION_TYPES,
} from '../orders/types';
import {
  idSchema,
  isoDateTimeSchema,
  marketProtectionFractionSchema,
  onTickSchema,
  priceSchema,
  quantitySchema,
} from './common';
import { orderMetaDataSchema } from './follow-up';
import { orderJournalFieldsSchema } from './journal';

export const exchangeSchema = z.enum(DERIVATIVES_EXCHANGES);
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export const orderTypeSchema = z.enum(ORDER_TYPES);
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const brokerProductSchema = z.enum(BROKER_PRODUCTS);
export const orderCategorySchema = z.enum(ORDER_CATEGORIES);
export const orderStatusSchema = z.enum(ORDER_STATUSES);
/** Requests may say normal/intraday or NRML/MIS; they are read as normal/intraday. */
export const productInputSchema = z
  .enum([...PRODUCT_TYPES, ...BROKER_PRODUCTS])
  .transform(normalizeProductType);

const AT_MOST_MAX_PRICE = `Must be at most ${formatNumber(MAX_PRICE)}`;

/** Trail steps in points: positive, at most MAX_PRICE (each handler's own minimums are checked separately). */
const pointsSchema = z.number().positive('Must be greater than 0').max(MAX_PRICE, AT_MOST_MAX_PRICE);

/**
 * Bracket target/stop-loss distances in points. The exit legs sit at the fill price +/- these, so they must be on
 * the tick grid too: an off-tick distance is refused rather than silently rounded.
 */
const bracketPointsSchema = onTickSchema({
  min: TICK_SIZE,
  max: MAX_PRICE,
  belowMin: `Must be at least ${TICK_SIZE}`,
  aboveMax: AT_MOST_MAX_PRICE,
  offTick: `Must be a multiple of the ${TICK_SIZE} tick`,
});

type Ctx = z.core.$RefinementCtx;
const requireField = (ctx: Ctx, present: boolean, field: string, message: string) => {
  if (!present) ctx.addIssue({ code: 'custom', path: [field], message });
};

interface TrailFields {
  trailingEnabled?: boolean;
  brokerTrailing?: boolean;
  changeInPrice?: number;
  changeInSL?: number;
}

const checkTrailing = (body: TrailFields, ctx: Ctx) => {
  if (!body.trailingEnabled) return;
  const handler = body.brokerTrailing === false ? 'local' : 'broker';
  const params = { priceChange: body.changeInPrice ?? Number.NaN, slChange: body.changeInSL ?? Number.NaN };
  for (const { field, message } of validateTrailParams(handler, params)) {
    ctx.addIssue({
      code: 'custom',
      path: [field === 'priceChange' ? 'changeInPrice' : 'changeInSL'],
      message,
    });
  }
};

/** POST /order and POST /order/iceberg. */
export const placeOrderRequestSchema = z
  .object({
    exchange: exchangeSchema,
    internalToken: idSchema,
    quantity: quantitySchema,
    slice: z.literal(0).default(0),
    transactionType: transactionTypeSchema,
    validity: z.literal('day').default('day'),
    variety: z.literal('regular').default('regular'),
    product: productInputSchema,
    orderType: orderTypeSchema,
    /** Limit price of limit orders, trigger of stop-loss orders. */
    triggerPrice: priceSchema.optional(),
    orderCategory: orderCategorySchema.default('single'),
    ocoOrderStoploss: bracketPointsSchema.optional(),
    ocoOrderTarget: bracketPointsSchema.optional(),
    ocoOrderUnit: z.literal('points').default('points'),
    metaData: orderMetaDataSchema.optional(),
    trailingEnabled: z.boolean().default(false),
    changeInPrice: pointsSchema.optional(),
    changeInSL: pointsSchema.optional(),
    /** true: the broker trails the stop-loss; false: our server does (local). */
    brokerTrailing: z.boolean().default(true),
    /**
     * Hybrid stop: with Local trailing, also a disaster stop-loss at the broker this many points beyond the local
     * trigger (off when absent).
     */
    hybridStopPoints: bracketPointsSchema.optional(),
    /** Follow-ups wait for the fill confirmation of this order before they are placed. */
    tradeConfirmation: z.boolean().default(false),
    /** Iceberg only: number of legs (2-50); by default the order is sliced by the freeze quantity. */
    icebergLegs: z.number().int().min(ICEBERG_MIN_LEGS).max(ICEBERG_MAX_LEGS).optional(),
    /** For the execution journal only (key press, request time, price shown); never change the order. */
    ...orderJournalFieldsSchema.shape,
  })
  .superRefine((body, ctx) => {
    const needsPrice = body.orderType !== 'market';
    requireField(
      ctx,
      !needsPrice || body.triggerPrice !== undefined,
      'triggerPrice',
      ORDER_MESSAGES.invalidPrice,
    );
    const bracket = body.orderCategory === 'oco';
    const stopLossNeeded = bracket || body.orderCategory === 'cover';
    requireField(
      ctx,
      !stopLossNeeded || body.ocoOrderStoploss !== undefined,
      'ocoOrderStoploss',
      'Stop-loss points are required',
    );
    requireField(
      ctx,
      !bracket || body.ocoOrderTarget !== undefined,
      'ocoOrderTarget',
      'Target points are required',
    );
    checkTrailing(body, ctx);
    const local = body.trailingEnabled && body.brokerTrailing === false;
    const stop = body.orderType === 'stoploss' || stopLossNeeded;
    requireField(
      ctx,
      body.hybridStopPoints === undefined || (local && stop),
      'hybridStopPoints',
      'A disaster stop goes with a stop-loss trailed locally only',
    );
  });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;
/** What a client sends (defaults not yet applied; product may be NRML/MIS). */
export type PlaceOrderInput = z.input<typeof placeOrderRequestSchema>;

/** data of POST /order: our order id, plus the ids of every child order when it was sliced. */
export const placeOrderResponseSchema = z.object({
  orderId: z.string(),
  orderIds: z.array(z.string()),
  /** What was placed without being all that was asked (e.g. a follow-up that could not be armed), for a toast. */
  warnings: z.array(z.string()).optional(),
});

/** The order read model, as tables show it. */
export const orderSchema = z.object({
  orderId: z.string(),
  /** Managed by the product (e.g. a local OCO leg) rather than resting at the broker. */
  isInternal: z.boolean(),
  time: isoDateTimeSchema,
  status: orderStatusSchema,
  orderCategory: orderCategorySchema,
  orderType: orderTypeSchema,
  transactionType: transactionTypeSchema,
  identifier: z.string(),
  exchange: exchangeSchema,
  product: brokerProductSchema,
  productType: productTypeSchema,
  tradingSymbol: z.string(),
  internalToken: z.string(),
  quantity: z.number().int().nonnegative(),
  filledQuantity: z.number().int().nonnegative(),
  /** Limit or trigger price; null for market orders. */
  price: z.number().nullable(),
  averagePrice: z.number().nullable(),
  /** Bracket/cover distances in points, when set. */
  stoploss: z.number().nullable(),
  target: z.number().nullable(),
  lastTradedPrice: z.number().nullable(),
  rejectedReason: z.string().nullable(),
  isTrailing: z.boolean(),
  brokerTrailing: z.boolean(),
  changeInPrice: z.number().nullable(),
  changeInSL: z.number().nullable(),
  /** The entry order of an exit leg (oco-exit, cover-exit), when there is one. */
  parentOrderId: z.string().nullable(),
  /**
   * A hybrid stop's disaster stop-loss at the broker: the id of the Local stop it backs (shown apart from it, never
   * added to its quantity: the two close the same position once).
   */
  disasterStopOf: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** data of GET /portfolio/orders. */
export const ordersResponseSchema = z.object({
  openOrders: z.array(orderSchema),
  executedOrders: z.array(orderSchema),
  rejectedOrders: z.array(orderSchema),
  cancelledOrders: z.array(orderSchema),
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderIdParamsSchema = z.object({ orderId: idSchema });

/** PUT /order/{orderId}: a new price and/or quantity. */
export const modifyOrderRequestSchema = z
  .object({
    orderId: idSchema.optional(),
    triggerPrice: priceSchema.optional(),
    quantity: quantitySchema.optional(),
  })
  .refine((body) => body.triggerPrice !== undefined || body.quantity !== undefined, {
    error: 'Nothing to modify',
    path: ['triggerPrice'],
  });
export type ModifyOrderRequest = z.infer<typeof modifyOrderRequestSchema>;

/** DELETE /order/{orderId}: the client also says what kind of order it is cancelling. */
export const cancelOrderQuerySchema = z.object({ orderType: orderTypeSchema.optional() });

/** POST /order/trailStopLossOrder/{state}/{orderId}. */
export const trailStateParamsSchema = z.object({ state: z.enum(['start', 'stop']), orderId: idSchema });
export const trailStopLossRequestSchema = z
  .object({ brokerTrailing: z.boolean(), changeInPrice: pointsSchema, changeInSL: pointsSchema })
  .superRefine((body, ctx) => checkTrailing({ ...body, trailingEnabled: true }, ctx));
/** POST /order/editTrailParams/{orderId}; the handler's minimums are checked against the order's handler. */
export const editTrailParamsRequestSchema = z.object({
  changeInPrice: pointsSchema,
  changeInSL: pointsSchema,
});

/** POST /order/exit/{tradingSymbol}/{productType}. */
export const exitPositionParamsSchema = z.object({
  tradingSymbol: idSchema,
  productType: productInputSchema,
});
export const exitPositionRequestSchema = z.object({
  /** The position's quantity (negative for a short); 0 means there is nothing to exit. */
  quantity: z
    .number()
    .int()
    .refine((q) => q !== 0, { error: ORDER_MESSAGES.noPositionToExit }),
  marketProtection: marketProtectionFractionSchema,
  /**
   * Exit chaser: a limit at the best bid (sell) / ask (buy) re-priced on each quote change up to `reprices` times,
   * then made marketable within the market protection. Absent: the usual market (or protected limit) exit.
   */
  chase: z.object({ reprices: z.number().int().min(0).max(MAX_CHASE_REPRICES) }).optional(),
});
/** POST /order/exitAllPositions. */
export const exitAllPositionsRequestSchema = z.object({ marketProtection: marketProtectionFractionSchema });

/** POST /order/cancel: cancel all (both 'all') or all of one symbol / order type. */
export const cancelAllOrdersRequestSchema = z.object({
  orderType: z.union([z.literal('all'), orderTypeSchema]).default('all'),
  tradingSymbol: z.string().trim().min(1).default('all'),
});

/** POST /order/cancelMultipleOrders. */
export const cancelMultipleOrdersRequestSchema = z
  .object({ orderIds: z.array(idSchema).default([]), internalOrderIds: z.array(idSchema).default([]) })
  .refine((body) => body.orderIds.length + body.internalOrderIds.length > 0, {
    error: 'No orders to cancel',
    path: ['orderIds'],
  });

/** POST /order/modifyMultipleOrders: move the target and/or stop-loss legs to one price. */
export const modifyMultipleOrdersRequestSchema = z
  .object({
    orderIds: z.array(idSchema).default([]),
    internalOrderIds: z.array(idSchema).default([]),
    targetOrderIds: z.array(idSchema).default([]),
    stoplossOrderIds: z.array(idSchema).default([]),
    triggerPrice: priceSchema,
  })
  .refine(
    (body) =>
      body.orderIds.length +
        body.internalOrderIds.length +
        body.targetOrderIds.length +
        body.stoplossOrderIds.length >
      0,
    { error: 'No orders to modify', path: ['orderIds'] },
  );

/** One order of a bulk action: done (sent to the broker and accepted), or refused with the reason. */
export const bulkOrderResultSchema = z.object({
  orderId: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BulkOrderResult = z.infer<typeof bulkOrderResultSchema>;
/** data of cancelMultipleOrders and modifyMultipleOrders: each requested order with its outcome. */
export const bulkOrdersResponseSchema = z.object({ results: z.array(bulkOrderResultSchema) });

export type TrailStopLossRequest = z.infer<typeof trailStopLossRequestSchema>;
export type ExitPositionRequest = z.infer<typeof exitPositionRequestSchema>;
export type CancelMultipleOrdersRequest = z.infer<typeof cancelMultipleOrdersRequestSchema>;
export type ModifyMultipleOrdersRequest = z.infer<typeof modifyMultipleOrdersRequestSchema>;
