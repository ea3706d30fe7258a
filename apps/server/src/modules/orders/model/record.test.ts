import { describe, expect, it } from 'vitest';
import { fromRow, type OrderRecord, type OrderRow, toRow } from './record';
import { CorruptRowError } from './row-values';

const order: OrderRecord = {
  id: 'XTREC1',
  userId: 'u1',
  brokerId: 'PAPERTRADE',
  brokerOrderId: 'B1',
  kind: 'broker',
  role: 'stoploss',
  rootId: 'XTREC0',
  groupId: null,
  parentOrderId: 'XTREC0',
  isInternal: true,
  category: 'cover-exit',
  orderType: 'stoploss',
  brokerOrderType: 'stoploss_market',
  side: 'sell',
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26DEC24000CE',
  internalToken: 't1',
  identifier: 'i1',
  productType: 'intraday',
  lotSize: 75,
  state: {
    orderId: 'XTREC1',
    status: 'modify_pending',
    quantity: 150,
    filledQuantity: 75,
    filledValuePaise: 750_000,
    averagePrice: 100,
    price: null,
    triggerPrice: 95.5,
    tradeIds: ['T1'],
    statusBeforeRequest: 'partially_filled',
    rejectedReason: null,
    cancelReason: null,
    createdAt: 1,
    updatedAt: 2,
  },
  stoplossPoints: 5,
  targetPoints: null,
  priceView: 'practice',
  trailing: {
    active: true,
    handler: 'local',
    changeInPrice: 2,
    changeInSl: 1,
    reference: 100,
    pendingReference: null,
    modifications: 3,
  },
  workflow: { halted: true, note: 'why', followUp: undefined },
  idempotencyKey: 'k1',
};

const rowWith = (change: Partial<OrderRow>): OrderRow => ({ ...toRow(order), ...change });

describe('order rows', () => {
  it('read back as the record that was stored', () => {
    expect(fromRow(toRow(order))).toEqual(order);
    const group = { ...order, kind: 'group' as const, brokerOrderType: null, trailing: null, workflow: {} };
    expect(fromRow(toRow(group))).toEqual(group);
  });

  it.each([
    ['status', { status: 'filled' }],
    ['statusBeforeRequest', { statusBeforeRequest: 'complete' }],
    ['role', { role: 'leader' }],
    ['kind', { kind: 'basket' as OrderRow['kind'] }],
    ['orderCategory', { orderCategory: 'bracket' }],
    ['orderType', { orderType: 'SL' }],
    ['brokerOrderType', { brokerOrderType: 'SL-M' }],
    ['transactionType', { transactionType: 'BUY' }],
    ['exchange', { exchange: 'NSE' }],
    ['productType', { productType: 'MIS' }],
    ['priceView', { priceView: 'delayed' }],
    ['tradeIds', { tradeIds: '[1]' }],
    ['tradeIds', { tradeIds: 'not json' }],
    ['trailing', { trailing: '{"active":true,"handler":"exchange","changeInPrice":1,"changeInSl":1}' }],
    ['trailing', { trailing: '{"active":"yes","handler":"local","changeInPrice":1,"changeInSl":1}' }],
    ['workflow', { workflow: '[]' }],
    ['workflow', { workflow: '{"halted":"no"}' }],
  ])('refuse a corrupt %s, naming the row and column', (column, change) => {
    const read = () => fromRow(rowWith(change));
    expect(read).toThrow(CorruptRowError);
    expect(read).toThrow(`orders row XTREC1: column ${column} holds`);
  });
});
