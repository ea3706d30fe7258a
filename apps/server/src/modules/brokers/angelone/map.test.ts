import { describe, expect, it } from 'vitest';
import type { AngelOrder } from './angelone-schemas';
import { fromAngelOrder, parseAngelTime, toAngelPlacement, toOrderReport } from './map';

const row = (change: Partial<AngelOrder>): AngelOrder => ({
  orderid: '261124000000001',
  variety: 'STOPLOSS',
  ordertype: 'STOPLOSS_LIMIT',
  producttype: 'INTRADAY',
  tradingsymbol: 'NIFTY01DEC2626000CE',
  symboltoken: '40000',
  exchange: 'NFO',
  transactiontype: 'SELL',
  quantity: 65,
  price: 87.3,
  triggerprice: 90,
  averageprice: 0,
  filledshares: 0,
  unfilledshares: 65,
  status: 'trigger pending',
  orderstatus: 'trigger pending',
  text: '',
  ordertag: 'XT0123456789S',
  uniqueorderid: 'u1',
  updatetime: '24-Nov-2026 10:15:02',
  exchorderupdatetime: undefined,
  ...change,
});

describe('Angel One order rows', () => {
  it("reads `orderstatus` over `status` (status says 'modified' for a modified trigger-pending order)", () => {
    expect(toOrderReport(row({ status: 'modified', orderstatus: 'trigger pending' })).status).toBe(
      'trigger_pending',
    );
    expect(toOrderReport(row({ status: 'open pending', orderstatus: 'open pending' })).status).toBe(
      'in_flight',
    );
    expect(toOrderReport(row({ status: 'complete', orderstatus: null })).status).toBe('complete');
  });

  it('keeps a trigger only on stop orders, and the rejection text', () => {
    expect(toOrderReport(row({ ordertype: 'LIMIT', triggerprice: 0 })).triggerPrice).toBeUndefined();
    expect(
      fromAngelOrder(row({ status: 'rejected', orderstatus: 'rejected', text: 'RMS: margin exceeds' }), 0),
    ).toMatchObject({ status: 'rejected', rejectedReason: 'RMS: margin exceeds', orderType: 'stoploss' });
    expect(toOrderReport(row({ status: 'rejected', text: 'Algo orders are not allowed' })).message).toMatch(
      /approved algo id/,
    );
  });

  it('reads SmartAPI times as IST', () => {
    expect(parseAngelTime('24-Nov-2026 10:15:02')).toBe(Date.UTC(2026, 10, 24, 4, 45, 2));
    expect(parseAngelTime('')).toBeUndefined();
  });

  it('leaves out a tag too long for Angel One (under 20 characters)', () => {
    const contract = {
      instrumentId: '40000',
      tradingSymbol: 'NIFTY01DEC2626000CE',
      exchange: 'NFO',
      underlying: 'NIFTY',
      expiry: '2026-12-01',
      strike: 26000,
      optionType: 'CE' as const,
      lotSize: 65,
    };
    const cmd = {
      clientOrderId: 'XT0123456789',
      tradingSymbol: 'NIFTY26D0126000CE',
      internalToken: '1',
      exchange: 'NFO' as const,
      side: 'buy' as const,
      quantity: 65,
      product: 'normal' as const,
      orderType: 'market' as const,
    };
    expect(toAngelPlacement(cmd, contract).ordertag).toBe('XT0123456789');
    expect(
      toAngelPlacement({ ...cmd, clientOrderId: 'XT0123456789-12345678' }, contract).ordertag,
    ).toBeUndefined();
  });
});
