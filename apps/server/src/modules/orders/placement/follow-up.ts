import { followUpMetaSchema } from '@xtrader/core/api/follow-up';
import { followUpQuantity } from '@xtrader/core/orders/quantity-rules';
import type { TransactionType } from '@xtrader/core/orders/types';
import { DomainError } from '../../../domain-error';
import type { OrderContext } from '../context/context';
import { childIds } from '../model/ids';
import { ORDER_ERRORS } from '../model/messages';
import type { OrderRecord, Workflow } from '../model/record';
import { maxPerRequestOf, type Tradable, tradableOf } from '../model/tradable';
import { buildOrders, type OrderSpec } from './planner';

// The follow-up trade an order may carry, in the payload's `metaData.followUp` (core `followUpMetaSchema`, the
// schema the web builds it with). Whether it waits for the main order's fill is the payload's `tradeConfirmation`.

interface FollowUpRequest {
  /** The instrument as the client named it: internal token, else trading symbol. */
  internalToken: string | undefined;
  tradingSymbol: string | undefined;
  transactionType: TransactionType;
  multiplier: number;
}

/** The follow-up of an order payload, if any; a malformed one is a 400 naming the field. */
function followUpOf(metaData: Record<string, unknown> | undefined): FollowUpRequest | undefined {
  const raw = metaData?.followUp;
  if (raw === undefined || raw === null) return undefined;
  const parsed = followUpMetaSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new DomainError(
      'bad_request',
      ORDER_ERRORS.followUp(field ? `${field}: ${issue?.message}` : String(issue?.message)),
    );
  }
  const { internalToken, tradingSymbol, transactionType, action, multiplier } = parsed.data;
  return {
    internalToken,
    tradingSymbol,
    transactionType: (transactionType ?? action) as TransactionType,
    multiplier,
  };
}

type Resolved = { ok: true; tradable: Tradable } | { ok: false; reason: string };

/** The follow-up's contract: known, tradable and not expired; else why not, naming what the client sent. */
function resolveFollowUp(
  ctx: Pick<OrderContext, 'instruments' | 'indexTable' | 'clock'>,
  request: FollowUpRequest,
): Resolved {
  const named = request.internalToken ?? request.tradingSymbol;
  if (named === undefined) return { ok: false, reason: ORDER_ERRORS.followUpNoInstrument };
  const instrument =
    (request.internalToken !== undefined ? ctx.instruments.byToken(request.internalToken) : undefined) ??
    (request.tradingSymbol !== undefined ? ctx.instruments.bySymbol(request.tradingSymbol) : undefined);
  const tradable = instrument ? tradableOf(instrument, ctx.indexTable) : undefined;
  if (!instrument || !tradable) return { ok: false, reason: ORDER_ERRORS.followUpUnknown(named) };
  if (ctx.instruments.isExpired(instrument, ctx.clock.now())) {
    return { ok: false, reason: ORDER_ERRORS.followUpExpired(instrument.tradingsymbol) };
  }
  return { ok: true, tradable };
}

export interface FollowUpParts {
  /** The follow-up's orders when it goes out with the main order. */
  orders: OrderRecord[];
  /** The plan stored on the main order. */
  workflow: Workflow;
  /** Why the follow-up was not armed: the main order goes out without it. */
  warning?: string;
}

/** The follow-up of a main order about to be placed (`root`), from the payload's `metaData.followUp`. */
export function followUpParts(
  ctx: Pick<OrderContext, 'instruments' | 'indexTable' | 'clock'>,
  root: OrderSpec,
  body: { metaData?: Record<string, unknown> | undefined; tradeConfirmation: boolean },
): FollowUpParts {
  const request = followUpOf(body.metaData);
  if (!request) return { orders: [], workflow: {} };
  const resolved = resolveFollowUp(ctx, request);
  if (!resolved.ok) return { orders: [], workflow: {}, warning: resolved.reason };
  const { tradable } = resolved;
  const waitForFill = body.tradeConfirmation;
  const quantity = followUpQuantity(
    root.quantity,
    root.tradable.lotSize,
    tradable.lotSize,
    request.multiplier,
  );
  // Checked now even when it waits for the fill: it is then scaled to the fill, never above this. Too large a
  // follow-up is not armed; the main order still goes out.
  const max = maxPerRequestOf(tradable, ctx.indexTable);
  if (quantity > max) {
    const above = tradable.index
      ? ORDER_ERRORS.aboveOrderCap(quantity, tradable.index, tradable.maxPerOrder)
      : ORDER_ERRORS.aboveQuantityCap(quantity, max);
    return { orders: [], workflow: {}, warning: `Follow-up not armed: ${above}` };
  }
  const state = waitForFill ? 'waiting' : quantity > 0 ? 'placed' : 'skipped';
  const plan = {
    internalToken: tradable.internalToken,
    transactionType: request.transactionType,
    multiplier: request.multiplier,
  };
  const workflow: Workflow = { followUp: { ...plan, waitForFill, state } };
  if (state !== 'placed') return { orders: [], workflow };
  const orders = buildOrders({
    ...root,
    id: childIds.followUp(root.id),
    rootId: root.id,
    parentOrderId: root.id,
    role: 'follow-up',
    isInternal: true,
    category: 'follow-up',
    orderType: 'market',
    side: request.transactionType,
    tradable,
    quantity,
    price: null,
    triggerPrice: null,
    stoplossPoints: null,
    targetPoints: null,
    trailing: null,
    workflow: {},
    idempotencyKey: null,
  });
  return { orders, workflow };
}
