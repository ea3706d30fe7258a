import { createOrderState } from '@xtrader/core/orders/order-state';
import { sliceByFreeze } from '@xtrader/core/orders/quantity-rules';
import type { OrderCategory, OrderType, ProductType, TransactionType } from '@xtrader/core/orders/types';
import type { BrokerOrderType } from '../../brokers/broker';
import type { PriceView } from '../../market/contract';
import { childIds } from '../model/ids';
import type { OrderRecord, OrderRole, TrailingState, Workflow } from '../model/record';
import type { Tradable } from '../model/tradable';

/** One order as a user or a workflow asks for it, before it is split into what the exchange accepts. */
export interface OrderSpec {
  id: string;
  userId: string;
  brokerId: string;
  /** The family's root order id; defaults to `id` (a new root). */
  rootId?: string;
  parentOrderId?: string | null;
  role: OrderRole;
  isInternal: boolean;
  category: OrderCategory;
  orderType: OrderType;
  side: TransactionType;
  tradable: Tradable;
  productType: ProductType;
  quantity: number;
  /** Limit price (limit orders). */
  price?: number | null;
  /** Trigger price (stop-loss orders). */
  triggerPrice?: number | null;
  stoplossPoints?: number | null;
  targetPoints?: number | null;
  priceView: PriceView;
  trailing?: TrailingState | null;
  workflow?: Workflow;
  idempotencyKey?: string | null;
  now: number;
}

/** Stop-loss orders fire at market once triggered (the paper exchange and SL-M); limits and markets map 1:1. */
const BROKER_ORDER_TYPE: Readonly<Record<OrderType, BrokerOrderType>> = {
  market: 'market',
  limit: 'limit',
  stoploss: 'stoploss_market',
};

function recordOf(spec: OrderSpec, kind: OrderRecord['kind']): OrderRecord {
  const { tradable } = spec;
  return {
    id: spec.id,
    userId: spec.userId,
    brokerId: spec.brokerId,
    brokerOrderId: null,
    kind,
    role: spec.role,
    rootId: spec.rootId ?? spec.id,
    groupId: null,
    parentOrderId: spec.parentOrderId ?? null,
    isInternal: spec.isInternal,
    category: spec.category,
    orderType: spec.orderType,
    brokerOrderType: kind === 'broker' ? BROKER_ORDER_TYPE[spec.orderType] : null,
    side: spec.side,
    exchange: tradable.exchange,
    tradingSymbol: tradable.tradingSymbol,
    internalToken: tradable.internalToken,
    identifier: tradable.identifier,
    productType: spec.productType,
    lotSize: tradable.lotSize,
    state: createOrderState({
      orderId: spec.id,
      quantity: spec.quantity,
      price: spec.orderType === 'limit' ? (spec.price ?? null) : null,
      triggerPrice: spec.orderType === 'stoploss' ? (spec.triggerPrice ?? null) : null,
      createdAt: spec.now,
    }),
    stoplossPoints: spec.stoplossPoints ?? null,
    targetPoints: spec.targetPoints ?? null,
    priceView: spec.priceView,
    trailing: spec.trailing ?? null,
    workflow: spec.workflow ?? {},
    idempotencyKey: spec.idempotencyKey ?? null,
  };
}

/** Part `n` (1-based) of a group: a freeze slice or an iceberg leg, sent to the broker in the group's name. */
export function partOf(
  group: OrderRecord,
  n: number,
  quantity: number,
  role: 'slice' | 'iceberg-leg',
  now: number,
): OrderRecord {
  const id = childIds.part(group.id, n);
  const { price, triggerPrice } = group.state;
  return {
    ...group,
    id,
    kind: 'broker',
    role,
    groupId: group.id,
    isInternal: true,
    brokerOrderType: BROKER_ORDER_TYPE[group.orderType],
    state: createOrderState({ orderId: id, quantity, price, triggerPrice, createdAt: now }),
    workflow: {},
    idempotencyKey: null,
  };
}

/**
 * The orders that carry out `spec`: one broker order, or (above the freeze limit) a group whose whole-lot slices
 * are placed together. The group is never sent; it speaks for its slices in the order lists.
 */
export function buildOrders(spec: OrderSpec): OrderRecord[] {
  const { lotSize, maxPerOrder } = spec.tradable;
  const slices = sliceByFreeze(spec.quantity, lotSize, maxPerOrder);
  if (slices.length <= 1) return [recordOf(spec, 'broker')];
  const group = recordOf(spec, 'group');
  return [group, ...slices.map((quantity, i) => partOf(group, i + 1, quantity, 'slice', spec.now))];
}

/** An iceberg: the group with its leg plan, and the first leg (the others follow one by one as each fills). */
export function buildIceberg(spec: OrderSpec, legs: readonly number[]): OrderRecord[] {
  const group = recordOf(
    { ...spec, workflow: { ...spec.workflow, iceberg: { legs: [...legs], created: 1 } } },
    'group',
  );
  return [group, partOf(group, 1, legs[0] ?? spec.quantity, 'iceberg-leg', spec.now)];
}
