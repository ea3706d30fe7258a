import { DERIVATIVES_EXCHANGES, type DerivativesExchange } from '@xtrader/core/market/exchanges';
import type { OrderState } from '@xtrader/core/orders/order-state';
import { ORDER_STATUSES, WORKING_STATUSES } from '@xtrader/core/orders/order-status';
import {
  ORDER_CATEGORIES,
  ORDER_TYPES,
  type OrderCategory,
  type OrderType,
  PRODUCT_TYPES,
  type ProductType,
  TRAILING_HANDLERS,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@xtrader/core/orders/types';
import type { Selectable } from 'kysely';
import { BROKER_ORDER_TYPES, type BrokerOrderType } from '../../brokers/broker';
import { PRICE_VIEWS, type PriceView } from '../../market/contract';
import { isRecord, isStringArray, jsonOf, oneOf, oneOfOrNull, optional } from './row-values';
import type { OrdersTable } from './tables';

/**
 * What an order is within its workflow family. `main` is what the user asked for; the rest the product creates:
 * freeze slices and iceberg legs (children of a group), bracket/cover exit legs, follow-ups, and the order that
 * squares off quantity both bracket legs filled in a race, and the broker's disaster stop behind a Local stop.
 */
const ORDER_ROLES = [
  'main',
  'exit',
  'slice',
  'iceberg-leg',
  'target',
  'stoploss',
  'follow-up',
  'flatten',
  'disaster',
] as const;
export type OrderRole = (typeof ORDER_ROLES)[number];

/** A broker order (sent to a broker) or a group (the parent of slices or iceberg legs, never sent). */
const ORDER_KINDS = ['broker', 'group'] as const;
type OrderKind = (typeof ORDER_KINDS)[number];

/** A follow-up trade the order carries (placed at once, or after the main order fills). */
interface FollowUpPlan {
  internalToken: string;
  transactionType: TransactionType;
  multiplier: number;
  waitForFill: boolean;
  state: 'waiting' | 'placed' | 'skipped';
}

/** Small per-order workflow facts; each key is owned by one workflow. */
export interface Workflow {
  /** Set by cancel-all / exit: no further orders may be created for this family. */
  halted?: boolean;
  followUp?: FollowUpPlan;
  /** Iceberg group: the planned leg quantities and how many legs exist so far. */
  iceberg?: { legs: number[]; created: number };
  /** Shown with the order's notification (e.g. why a flatten order was placed). */
  note?: string;
  /** Bracket/cover entry with auto trail: the trailing its stop-loss leg gets when it is placed. */
  trailStopLeg?: StopLegTrailing;
  /** Digest of the request that placed an order sent with an Idempotency-Key (a retry must match it). */
  placedWith?: string;
  /**
   * On a family's root: the broker ended one of its protective orders on its own (a stop or target leg, or a
   * resting stop-loss) while the position was open. The server then holds the stop itself (protection/).
   */
  protectionLost?: { orderId: string; reason: string };
  /**
   * A Local stop (and a bracket/cover entry, for its stop-loss leg) backed by a disaster stop-loss at the broker this
   * many points further away; `disasterFilled`: what of the disaster stop's fill the local stop was reduced for
   * (workflows/hybrid-rules.ts).
   */
  hybridStop?: { points: number; disasterFilled?: number };
  /**
   * An exit limit order chasing the best price (trailing/chaser.ts): re-priced `reprices` of at most `max` times,
   * then made marketable at the market-protection price (`protectionPercent`).
   */
  chase?: { max: number; reprices: number; protectionPercent: number; marketable?: boolean };
}

/** Trailing of a stop-loss order. `reference` is the price the last move was measured from. */
export interface TrailingState {
  active: boolean;
  handler: 'broker' | 'local';
  changeInPrice: number;
  changeInSl: number;
  reference: number | null;
  /** A local move sent to the broker and not yet confirmed: the reference it will set. */
  pendingReference: number | null;
  /**
   * Broker trailing on a broker without native trailing: the stop-loss rests at the broker and the server trails
   * it by modifying its trigger (as local trailing does), within the broker's modification limit.
   */
  byModify?: boolean;
  /** Trigger moves the server sent for this order (counted against the broker's modification limit). */
  modifications?: number;
  /**
   * A Local stop held in the server: never sent to the broker until the price crosses its trigger, then sent as a
   * market order (and no longer held).
   */
  held?: boolean;
}

/** A stop-loss the server holds (Local trailing set at placement): the broker has not seen it. */
export const isHeld = (order: Pick<OrderRecord, 'trailing' | 'brokerOrderId'>): boolean =>
  order.trailing?.held === true && order.brokerOrderId === null;

/** Trailing the server carries out on price ticks: local, or broker trailing emulated by modification. */
export const isServerTrailed = (trailing: TrailingState | null | undefined): boolean =>
  trailing?.active === true && (trailing.handler === 'local' || trailing.byModify === true);

/** Trailing the broker carries out itself (handed over on placement and modification). */
export const isNativeTrailed = (trailing: TrailingState | null | undefined): boolean =>
  trailing?.active === true && trailing.handler === 'broker' && trailing.byModify !== true;

/** The stop-loss leg trailing a bracket or cover entry asked for (set on the entry; the leg trails once placed). */
export interface StopLegTrailing {
  handler: 'broker' | 'local';
  changeInPrice: number;
  changeInSl: number;
  byModify: boolean;
}

/** One order as the engine works with it: identity, instrument, workflow facts and the core order state. */
export interface OrderRecord {
  id: string;
  userId: string;
  brokerId: string;
  brokerOrderId: string | null;
  kind: OrderKind;
  role: OrderRole;
  rootId: string;
  groupId: string | null;
  parentOrderId: string | null;
  isInternal: boolean;
  category: OrderCategory;
  orderType: OrderType;
  brokerOrderType: BrokerOrderType | null;
  side: TransactionType;
  exchange: DerivativesExchange;
  tradingSymbol: string;
  internalToken: string;
  identifier: string;
  productType: ProductType;
  lotSize: number;
  state: OrderState;
  stoplossPoints: number | null;
  targetPoints: number | null;
  priceView: PriceView;
  trailing: TrailingState | null;
  workflow: Workflow;
  idempotencyKey: string | null;
}

export type OrderRow = Selectable<OrdersTable>;

/** Roles whose orders are parts of another order (their group speaks for them to the user). */
export const isPartRole = (role: OrderRole): boolean => role === 'slice' || role === 'iceberg-leg';

export const isLogical = (order: OrderRecord): boolean => !isPartRole(order.role);

export const isActiveTrailing = (order: OrderRecord): boolean => order.trailing?.active === true;

export function toRow(order: OrderRecord): OrderRow {
  const s = order.state;
  return {
    id: order.id,
    userId: order.userId,
    brokerId: order.brokerId,
    brokerOrderId: order.brokerOrderId,
    kind: order.kind,
    role: order.role,
    rootId: order.rootId,
    groupId: order.groupId,
    parentOrderId: order.parentOrderId,
    isInternal: order.isInternal ? 1 : 0,
    orderCategory: order.category,
    orderType: order.orderType,
    brokerOrderType: order.brokerOrderType,
    transactionType: order.side,
    exchange: order.exchange,
    tradingSymbol: order.tradingSymbol,
    internalToken: order.internalToken,
    identifier: order.identifier,
    productType: order.productType,
    lotSize: order.lotSize,
    status: s.status,
    quantity: s.quantity,
    filledQuantity: s.filledQuantity,
    filledValuePaise: s.filledValuePaise,
    averagePrice: s.averagePrice,
    price: s.price,
    triggerPrice: s.triggerPrice,
    tradeIds: JSON.stringify(s.tradeIds),
    statusBeforeRequest: s.statusBeforeRequest,
    rejectedReason: s.rejectedReason,
    cancelReason: s.cancelReason,
    stoplossPoints: order.stoplossPoints,
    targetPoints: order.targetPoints,
    priceView: order.priceView,
    trailing: order.trailing ? JSON.stringify(order.trailing) : null,
    workflow: JSON.stringify(order.workflow),
    idempotencyKey: order.idempotencyKey,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

const TABLE = 'orders';
const readStatus = oneOf('status', ORDER_STATUSES);
const readStatusBeforeRequest = oneOfOrNull('statusBeforeRequest', WORKING_STATUSES);
const readRole = oneOf('role', ORDER_ROLES);
const readKind = oneOf('kind', ORDER_KINDS);
const readCategory = oneOf('orderCategory', ORDER_CATEGORIES);
const readOrderType = oneOf('orderType', ORDER_TYPES);
const readBrokerOrderType = oneOfOrNull('brokerOrderType', BROKER_ORDER_TYPES);
const readSide = oneOf('transactionType', TRANSACTION_TYPES);
const readExchange = oneOf('exchange', DERIVATIVES_EXCHANGES);
const readProductType = oneOf('productType', PRODUCT_TYPES);
const readPriceView = oneOf('priceView', PRICE_VIEWS);
const readTradeIds = jsonOf('tradeIds', isStringArray);
const readTrailing = jsonOf('trailing', isTrailingState);
const readWorkflow = jsonOf('workflow', isWorkflow);

const TRAILING_HANDLER_SET: ReadonlySet<unknown> = new Set(TRAILING_HANDLERS);
const isNumberOrNull = (value: unknown): boolean => value === null || typeof value === 'number';

function isTrailingState(value: unknown): value is TrailingState {
  return (
    isRecord(value) &&
    typeof value.active === 'boolean' &&
    TRAILING_HANDLER_SET.has(value.handler) &&
    typeof value.changeInPrice === 'number' &&
    typeof value.changeInSl === 'number' &&
    isNumberOrNull(value.reference) &&
    isNumberOrNull(value.pendingReference) &&
    optional(value, 'byModify', 'boolean') &&
    optional(value, 'modifications', 'number') &&
    optional(value, 'held', 'boolean')
  );
}

/** The workflow document's keys are each owned by one workflow; this checks their kinds, not their insides. */
function isWorkflow(value: unknown): value is Workflow {
  return (
    isRecord(value) &&
    optional(value, 'halted', 'boolean') &&
    optional(value, 'followUp', 'object') &&
    optional(value, 'iceberg', 'object') &&
    optional(value, 'note', 'string') &&
    optional(value, 'trailStopLeg', 'object') &&
    optional(value, 'placedWith', 'string') &&
    optional(value, 'hybridStop', 'object') &&
    optional(value, 'chase', 'object')
  );
}

/** A stored row as a record; throws `CorruptRowError` on a value the engine does not know. */
export function fromRow(row: OrderRow): OrderRecord {
  const place = { table: TABLE, id: row.id };
  const state: OrderState = {
    orderId: row.id,
    status: readStatus(place, row.status),
    quantity: Number(row.quantity),
    filledQuantity: Number(row.filledQuantity),
    filledValuePaise: Number(row.filledValuePaise),
    averagePrice: Number(row.averagePrice),
    price: row.price === null ? null : Number(row.price),
    triggerPrice: row.triggerPrice === null ? null : Number(row.triggerPrice),
    tradeIds: readTradeIds(place, row.tradeIds),
    statusBeforeRequest: readStatusBeforeRequest(place, row.statusBeforeRequest),
    rejectedReason: row.rejectedReason,
    cancelReason: row.cancelReason,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
  return {
    id: row.id,
    userId: row.userId,
    brokerId: row.brokerId,
    brokerOrderId: row.brokerOrderId,
    kind: readKind(place, row.kind),
    role: readRole(place, row.role),
    rootId: row.rootId,
    groupId: row.groupId,
    parentOrderId: row.parentOrderId,
    isInternal: Number(row.isInternal) === 1,
    category: readCategory(place, row.orderCategory),
    orderType: readOrderType(place, row.orderType),
    brokerOrderType: readBrokerOrderType(place, row.brokerOrderType),
    side: readSide(place, row.transactionType),
    exchange: readExchange(place, row.exchange),
    tradingSymbol: row.tradingSymbol,
    internalToken: row.internalToken,
    identifier: row.identifier,
    productType: readProductType(place, row.productType),
    lotSize: Number(row.lotSize),
    state,
    stoplossPoints: row.stoplossPoints === null ? null : Number(row.stoplossPoints),
    targetPoints: row.targetPoints === null ? null : Number(row.targetPoints),
    priceView: readPriceView(place, row.priceView),
    trailing: row.trailing ? readTrailing(place, row.trailing) : null,
    workflow: readWorkflow(place, row.workflow),
    idempotencyKey: row.idempotencyKey,
  };
}

/** Whether anything may follow from a change to this order (plain single orders need no workflow pass). */
export function hasWorkflow(order: OrderRecord): boolean {
  return (
    order.rootId !== order.id ||
    order.kind === 'group' ||
    order.category === 'oco' ||
    order.category === 'cover' ||
    order.workflow.followUp !== undefined ||
    order.workflow.hybridStop !== undefined
  );
}
