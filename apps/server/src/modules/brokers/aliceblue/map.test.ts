import { describe, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../broker';
import type { AliceOrder } from './aliceblue-schemas';
import { aliceOrderSchema } from './aliceblue-schemas';
import { fromAliceOrder, parseAliceTime, toAliceModification, toAlicePlacement, toOrderReport } from './map';

// Our commands in AliceBlue's words and AliceBlue's order rows in ours.

const cmd = (change: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: 'XT0123456789-1',
  tradingSymbol: 'SENSEX26D0382000PE',
  internalToken: '1',
  exchange: 'BFO',
  side: 'sell',
  quantity: 40,
  product: 'intraday',
  orderType: 'limit',
  price: 210.5,
  ...change,
});

const row = (change: Record<string, unknown> = {}): AliceOrder =>
  aliceOrderSchema.parse({
    brokerOrderId: '25112400000001',
    orderStatus: 'open',
    tradingSymbol: 'SENSEX03DEC26P82000',
    exchange: 'BFO',
    instrumentId: '1130400',
    transactionType: 'SELL',
    orderType: 'LIMIT',
    product: 'INTRADAY',
    quantity: '40',
    filledQuantity: '0',
    price: '210.50',
    slTriggerPrice: '0',
    averageTradedPrice: '0',
    rejectionReason: '',
    orderTag: 'XT0123456789-1',
    orderTime: '24-11-2026 10:15:30',
    ...change,
  });

describe('AliceBlue mapping', () => {
  it("places on BFO with AliceBlue's exchange and id, and sends no algo id when none is configured", () => {
    const body = toAlicePlacement(cmd(), { instrumentId: '1130400', exchange: 'BFO' }, undefined);
    expect(body).toEqual({
      exchange: 'BFO',
      instrumentId: '1130400',
      transactionType: 'SELL',
      quantity: 40,
      product: 'INTRADAY',
      orderComplexity: 'REGULAR',
      orderType: 'LIMIT',
      validity: 'DAY',
      price: '210.5',
      slTriggerPrice: '0',
      disclosedQuantity: '0',
      marketProtectionPercent: '',
      orderTag: 'XT0123456789-1',
    });
  });

  it('modifies a limit order keeping its price when only the quantity changes', () => {
    const known = {
      orderType: 'limit',
      side: 'sell',
      tradingSymbol: 'X',
      quantity: 40,
      price: 210.5,
    } as const;
    expect(toAliceModification('7', known, { quantity: 80 })).toMatchObject({
      brokerOrderId: '7',
      quantity: 80,
      orderType: 'LIMIT',
      price: '210.5',
    });
  });

  it.each([
    ['open', 'open'],
    ['OPEN', 'open'],
    ['trigger pending', 'trigger_pending'],
    ['Complete', 'complete'],
    ['CANCELLED', 'cancelled'],
    ['rejected', 'rejected'],
    ['validation pending', 'in_flight'],
  ])('reads the status %j as %s', (orderStatus, status) => {
    expect(toOrderReport(row({ orderStatus })).status).toBe(status);
  });

  it('lists a row with our symbol when the contract master knows it, else its own', () => {
    const now = Date.UTC(2026, 10, 24, 5, 0);
    expect(fromAliceOrder({ ...row(), ourSymbol: 'SENSEX26D0382000PE' }, now)).toMatchObject({
      tradingSymbol: 'SENSEX26D0382000PE',
      clientOrderId: 'XT0123456789-1',
      side: 'sell',
      orderType: 'limit',
      product: 'intraday',
      price: 210.5,
      status: 'open',
      updatedTs: Date.UTC(2026, 10, 24, 4, 45, 30),
    });
    expect(
      fromAliceOrder(row({ orderType: 'SLM', orderStatus: 'rejected', rejectionReason: 'RMS: margin' }), now),
    ).toMatchObject({
      tradingSymbol: 'SENSEX03DEC26P82000',
      orderType: 'stoploss_market',
      status: 'rejected',
      rejectedReason: 'RMS: margin',
    });
  });

  it.each([
    ['2026-11-24 10:15:30', Date.UTC(2026, 10, 24, 4, 45, 30)],
    ['24-11-2026 10:15:30', Date.UTC(2026, 10, 24, 4, 45, 30)],
    ['24/11/2026 10:15:30', Date.UTC(2026, 10, 24, 4, 45, 30)],
    ['', undefined],
  ])('reads the IST time %j', (text, ms) => {
    expect(parseAliceTime(text)).toBe(ms);
  });
});
