import { describe, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../broker';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { DhanOrder } from './dhan-schemas';
import {
  fromDhanFunds,
  fromDhanOrder,
  fromDhanPositions,
  parseDhanTime,
  toDhanModification,
  toDhanPlacement,
  toOrderReport,
} from './map';

const contract: BrokerContract = {
  instrumentId: '40112',
  tradingSymbol: 'SENSEX-Dec2026-85000-CE',
  exchange: 'BSE_FNO',
  underlying: 'SENSEX',
  expiry: '2026-12-03',
  strike: 85000,
  optionType: 'CE',
  lotSize: 20,
};
const cmd = (over: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: 'XTABCDEFGH12-2',
  tradingSymbol: 'SENSEX26D0385000CE',
  internalToken: '1',
  exchange: 'BFO',
  side: 'buy',
  quantity: 40,
  product: 'intraday',
  orderType: 'market',
  ...over,
});
const row = (over: Partial<DhanOrder> = {}): DhanOrder => ({
  orderId: '5200',
  correlationId: 'XTABCDEFGH12',
  orderStatus: 'PENDING',
  transactionType: 'SELL',
  exchangeSegment: 'NSE_FNO',
  productType: 'MARGIN',
  orderType: 'STOP_LOSS',
  tradingSymbol: 'NIFTY-Dec2026-26000-CE',
  securityId: '40100',
  quantity: 130,
  filledQty: 0,
  remainingQuantity: 130,
  price: 78.4,
  triggerPrice: 80,
  averageTradedPrice: 0,
  createTime: '2026-11-24 09:20:00',
  updateTime: '2026-11-24 09:21:05',
  exchangeTime: '0001-01-01 00:00:00',
  omsErrorCode: undefined,
  omsErrorDescription: undefined,
  validity: 'DAY',
  ...over,
});

describe('Dhan placement', () => {
  it("names Dhan's security id and segment, units, INTRADAY, MARKET and our id as the correlation id", () => {
    expect(toDhanPlacement(cmd(), contract, '1100000001')).toEqual({
      dhanClientId: '1100000001',
      correlationId: 'XTABCDEFGH12-2',
      transactionType: 'BUY',
      exchangeSegment: 'BSE_FNO',
      productType: 'INTRADAY',
      orderType: 'MARKET',
      validity: 'DAY',
      securityId: '40112',
      quantity: 40,
      afterMarketOrder: false,
    });
  });

  it('sends normal as MARGIN and a limit with its price', () => {
    expect(
      toDhanPlacement(cmd({ product: 'normal', orderType: 'limit', price: 101.5 }), contract, 'C'),
    ).toMatchObject({
      productType: 'MARGIN',
      orderType: 'LIMIT',
      price: 101.5,
    });
  });

  it('sends a stop-market as STOP_LOSS with a protective limit beyond the trigger', () => {
    const sell = toDhanPlacement(
      cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80 }),
      contract,
      'C',
    );
    expect(sell).toMatchObject({ orderType: 'STOP_LOSS', triggerPrice: 80 });
    expect(sell.price).toBeLessThan(80);
    const buy = toDhanPlacement(cmd({ orderType: 'stoploss_market', triggerPrice: 80 }), contract, 'C');
    expect(buy.price).toBeGreaterThan(80);
    expect(
      toDhanPlacement(cmd({ orderType: 'stoploss', triggerPrice: 80, price: 79 }), contract, 'C').price,
    ).toBe(79);
  });

  it("restates type, quantity and validity on modify, keeping the stop's buffer when only the trigger moves", () => {
    const known = {
      orderType: 'stoploss' as const,
      side: 'sell' as const,
      tradingSymbol: 'X',
      quantity: 130,
      price: 78.4,
      triggerPrice: 80,
    };
    const body = toDhanModification('5200', known, { triggerPrice: 95 }, '1100000001');
    expect(body).toMatchObject({
      dhanClientId: '1100000001',
      orderId: '5200',
      orderType: 'STOP_LOSS',
      quantity: 130,
      validity: 'DAY',
      triggerPrice: 95,
    });
    expect(body.price).toBeLessThan(95);
    expect(
      toDhanModification(
        '5200',
        { ...known, orderType: 'limit', triggerPrice: undefined },
        { price: 70 },
        'C',
      ),
    ).toMatchObject({
      orderType: 'LIMIT',
      price: 70,
      quantity: 130,
    });
  });
});

describe('Dhan order rows', () => {
  it.each([
    ['TRANSIT', 'LIMIT', 'in_flight'],
    ['PENDING', 'LIMIT', 'open'],
    ['PENDING', 'STOP_LOSS', 'trigger_pending'],
    ['PART_TRADED', 'LIMIT', 'open'],
    ['TRADED', 'LIMIT', 'complete'],
    ['CANCELLED', 'LIMIT', 'cancelled'],
    ['EXPIRED', 'STOP_LOSS', 'cancelled'],
    ['REJECTED', 'LIMIT', 'rejected'],
  ] as const)('reads %s (%s) as %s', (orderStatus, orderType, status) => {
    expect(toOrderReport(row({ orderStatus, orderType })).status).toBe(status);
  });

  it("gives the rejection's reason, and a reason for an expiry that has none", () => {
    expect(
      toOrderReport(row({ orderStatus: 'REJECTED', omsErrorDescription: 'Insufficient funds' })).message,
    ).toBe('Insufficient funds');
    expect(toOrderReport(row({ orderStatus: 'EXPIRED' })).message).toMatch(/expired/i);
  });

  it('snapshots a row under our symbol with our tag, product and the last real time', () => {
    expect(fromDhanOrder({ ...row(), ourSymbol: 'NIFTY26D0126000CE' }, 1)).toMatchObject({
      brokerOrderId: '5200',
      clientOrderId: 'XTABCDEFGH12',
      tradingSymbol: 'NIFTY26D0126000CE',
      side: 'sell',
      orderType: 'stoploss',
      product: 'normal',
      status: 'trigger_pending',
      price: 78.4,
      triggerPrice: 80,
      updatedTs: parseDhanTime('2026-11-24 09:21:05'),
    });
    expect(parseDhanTime('2026-11-24 09:21:05')).toBe(Date.UTC(2026, 10, 24, 3, 51, 5));
    expect(parseDhanTime('0001-01-01 00:00:00')).toBeUndefined();
  });
});

describe('Dhan positions and funds', () => {
  it('maps net positions of the F&O segments back to our symbols', () => {
    const positions = fromDhanPositions(
      [
        {
          securityId: '40100',
          tradingSymbol: 'NIFTY-Dec2026-26000-CE',
          exchangeSegment: 'NSE_FNO',
          productType: 'INTRADAY',
          netQty: 65,
          buyQty: 65,
          sellQty: 0,
          buyAvg: 120.5,
          sellAvg: 0,
          dayBuyValue: 7832.5,
          daySellValue: 0,
        } as never,
        {
          securityId: '2885',
          tradingSymbol: 'RELIANCE',
          exchangeSegment: 'NSE_EQ',
          productType: 'CNC',
          netQty: 10,
        } as never,
      ],
      (id) => (id === '40100' ? { tradingSymbol: 'NIFTY26D0126000CE', internalToken: '777' } : undefined),
    );
    expect(positions).toEqual([
      {
        tradingSymbol: 'NIFTY26D0126000CE',
        internalToken: '777',
        product: 'intraday',
        quantity: 65,
        buyQuantity: 65,
        sellQuantity: 0,
        buyValue: 7832.5,
        sellValue: 0,
        lastTradedPrice: 120.5,
        averagePrice: 120.5,
      },
    ]);
  });

  it("reads Dhan's available balance and utilised amount", () => {
    expect(fromDhanFunds({ available: 250000, utilized: 1250.5 })).toEqual({
      total: 251250.5,
      available: 250000,
      utilized: 1250.5,
    });
  });
});
