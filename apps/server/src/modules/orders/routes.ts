import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import {
  type BulkOrderResult,
  bulkOrdersResponseSchema,
  cancelAllOrdersRequestSchema,
  cancelMultipleOrdersRequestSchema,
  cancelOrderQuerySchema,
  editTrailParamsRequestSchema,
  exitAllPositionsRequestSchema,
  exitPositionParamsSchema,
  exitPositionRequestSchema,
  modifyMultipleOrdersRequestSchema,
  modifyOrderRequestSchema,
  orderIdParamsSchema,
  ordersResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  trailStateParamsSchema,
  trailStopLossRequestSchema,
} from '@xtrader/core/api/orders';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain-error';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import { bulkRefusedMessage, ORDER_SUCCESS } from './model/messages';
import type { OrdersService } from './service';

/**
 * The execution journal's times of one order placed from the UI: the client's key press and request (its clock), the
 * price its card showed, and the server's arrival and answer (the broker's acknowledgement).
 */
export interface PlacementTiming {
  pressedAt: number;
  requestedAt: number | null;
  shownPrice: number | null;
  receivedAt: number;
  ackAt: number;
}

/** Told, without being awaited, of each placement that carried a key press time (`pressedAt`). */
export type PlacementTimingListener = (userId: string, orderId: string, timing: PlacementTiming) => void;

/** Told of each fill booked, with the user's order it belongs to (a slice's group, else the order itself). */
export type FillTimeListener = (userId: string, orderId: string) => void;

export interface OrderRouteDeps {
  orders: OrdersService;
  requireUser: preHandlerAsyncHookHandler;
  /** Epoch ms now (the server clock the journal's times are on). */
  now?: () => number;
  placementTimings?: PlacementTimingListener;
}

const tags = ['orders'];
const security = [{ accessToken: [] }];
const done = { 200: envelopeSchema(z.object({})) };
const bulkDone = { 200: envelopeSchema(bulkOrdersResponseSchema) };

/** Each order's outcome; the message is the product's success text, or names the refused orders when there are any. */
function bulkAnswer(results: BulkOrderResult[], allDone: string) {
  const refused = results.filter((result) => !result.ok);
  return ok({ results }, refused.length === 0 ? allDone : bulkRefusedMessage(refused, results.length));
}

/** Start needs valid trail parameters; stop takes the same body but ignores it (a stop must always be possible). */
const trailBodySchema = z.looseObject({}).optional();

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.');
  throw new DomainError(
    'bad_request',
    field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid body'),
  );
}

const placeHeadersSchema = z.object({
  /** A client's key for one intended order: retries with it return the first order, never a second. */
  'idempotency-key': z.string().trim().min(1).max(128).optional(),
});

/** `/order/...` and `GET /portfolio/orders`. */
export function registerOrderRoutes(app: ApiApp, deps: OrderRouteDeps): void {
  registerPlacementRoutes(app, deps);
  registerChangeRoutes(app, deps);
  registerBulkRoutes(app, deps);
  registerTrailingRoutes(app, deps);
}

function registerPlacementRoutes(
  app: ApiApp,
  { orders, requireUser, now = Date.now, placementTimings }: OrderRouteDeps,
): void {
  const schema = {
    tags,
    security,
    headers: placeHeadersSchema,
    body: placeOrderRequestSchema,
    response: { 200: envelopeSchema(placeOrderResponseSchema) },
  };
  for (const [path, iceberg] of [
    ['/order', false],
    ['/order/iceberg', true],
  ] as const) {
    app.post(path, { schema, preHandler: requireUser }, async (request) => {
      const idempotencyKey = request.headers['idempotency-key'];
      const receivedAt = now();
      // The journal's fields never reach the order (nor its idempotency digest): only the journal hears them.
      const { pressedAt, requestedAt, shownPrice, ...body } = request.body;
      const userId = currentUser(request).id;
      const result = await orders.place(userId, { body, iceberg, idempotencyKey });
      if (pressedAt !== undefined && placementTimings) {
        placementTimings(userId, result.orderId, {
          pressedAt,
          requestedAt: requestedAt ?? null,
          shownPrice: shownPrice ?? null,
          receivedAt,
          ackAt: now(),
        });
      }
      return ok(result, ORDER_SUCCESS.placed);
    });
  }
  app.get(
    '/portfolio/orders',
    {
      schema: { tags, security, response: { 200: envelopeSchema(ordersResponseSchema) } },
      preHandler: requireUser,
    },
    async (request) => ok(await orders.listOrders(currentUser(request).id)),
  );
}

function registerChangeRoutes(app: ApiApp, { orders, requireUser }: OrderRouteDeps): void {
  app.put(
    '/order/:orderId',
    {
      schema: { tags, security, params: orderIdParamsSchema, body: modifyOrderRequestSchema, response: done },
      preHandler: requireUser,
    },
    async (request) => {
      await orders.modify(currentUser(request).id, request.params.orderId, request.body);
      return ok({}, ORDER_SUCCESS.modified);
    },
  );
  app.delete(
    '/order/:orderId',
    {
      schema: {
        tags,
        security,
        params: orderIdParamsSchema,
        querystring: cancelOrderQuerySchema,
        response: done,
      },
      preHandler: requireUser,
    },
    async (request) => ok({}, await orders.cancel(currentUser(request).id, request.params.orderId)),
  );
  app.post(
    '/order/exit/:tradingSymbol/:productType',
    {
      schema: {
        tags,
        security,
        params: exitPositionParamsSchema,
        body: exitPositionRequestSchema,
        response: done,
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { tradingSymbol, productType } = request.params;
      await orders.exitPosition(currentUser(request).id, tradingSymbol, productType, request.body);
      return ok({}, ORDER_SUCCESS.exitTriggered);
    },
  );
}

function registerBulkRoutes(app: ApiApp, { orders, requireUser }: OrderRouteDeps): void {
  app.post(
    '/order/exitAllPositions',
    {
      schema: { tags, security, body: exitAllPositionsRequestSchema, response: done },
      preHandler: requireUser,
    },
    async (request) => {
      await orders.exitAll(currentUser(request).id, request.body.marketProtection);
      return ok({}, ORDER_SUCCESS.exitAllTriggered);
    },
  );
  app.post(
    '/order/cancel',
    {
      schema: { tags, security, body: cancelAllOrdersRequestSchema, response: done },
      preHandler: requireUser,
    },
    async (request) => {
      await orders.cancelAll(currentUser(request).id, request.body);
      return ok({}, ORDER_SUCCESS.cancelAll);
    },
  );
  app.post(
    '/order/cancelMultipleOrders',
    {
      schema: { tags, security, body: cancelMultipleOrdersRequestSchema, response: bulkDone },
      preHandler: requireUser,
    },
    async (request) => {
      const results = await orders.cancelMultiple(currentUser(request).id, request.body);
      return bulkAnswer(results, ORDER_SUCCESS.cancelMultiple);
    },
  );
  app.post(
    '/order/modifyMultipleOrders',
    {
      schema: { tags, security, body: modifyMultipleOrdersRequestSchema, response: bulkDone },
      preHandler: requireUser,
    },
    async (request) => {
      const results = await orders.modifyMultiple(currentUser(request).id, request.body);
      return bulkAnswer(results, ORDER_SUCCESS.modifyMultiple);
    },
  );
}

function registerTrailingRoutes(app: ApiApp, { orders, requireUser }: OrderRouteDeps): void {
  app.post(
    '/order/trailStopLossOrder/:state/:orderId',
    {
      schema: { tags, security, params: trailStateParamsSchema, body: trailBodySchema, response: done },
      preHandler: requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { state, orderId } = request.params;
      if (state === 'start') {
        await orders.startTrailing(userId, orderId, parseBody(trailStopLossRequestSchema, request.body));
        return ok({}, ORDER_SUCCESS.trailingStarted);
      }
      await orders.stopTrailing(userId, orderId);
      return ok({}, ORDER_SUCCESS.trailingStopped);
    },
  );
  app.post(
    '/order/editTrailParams/:orderId',
    {
      schema: {
        tags,
        security,
        params: orderIdParamsSchema,
        body: editTrailParamsRequestSchema,
        response: done,
      },
      preHandler: requireUser,
    },
    async (request) => {
      await orders.editTrailParams(currentUser(request).id, request.params.orderId, request.body);
      return ok({}, ORDER_SUCCESS.trailParamsUpdated);
    },
  );
}
