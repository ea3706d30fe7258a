import { describe, expect, it } from 'vitest';
import type { FlattradeOrderRow } from './flattrade-schemas';
import { fromFlattradeLimits, fromFlattradeOrder, parseNorenTime, toOrderReport } from './map';

// Noren order-book rows and limits -> our reports, snapshots and funds.

const row = (fields: Partial<FlattradeOrderRow> = {}): FlattradeOrderRow => ({
  norenordno: '26112400000001',
  status: 'OPEN',
  exch: 'NFO',
  tsym: 'NIFTY24NOV26C26000',
  token: '43919',
  trantype: 'B',
  prctyp: 'LMT',
  prd: 'M',
  qty: 130,
  fillshares: 0,
  avgprc: 0,
  prc: 90,
  trgprc: 0,
  rejreason: undefined,
  remarks: 'XT0123456789-1',
  norentm: '10:15:30 24-11-2026',
  exch_tm: undefined,
  ...fields,
});

describe('Flattrade order rows', () => {
  it.each([
    ['OPEN', 'open'],
    ['PENDING', 'in_flight'],
    ['TRIGGER_PENDING', 'trigger_pending'],
    ['COMPLETE', 'complete'],
    ['CANCELED', 'cancelled'],
    ['REJECTED', 'rejected'],
    ['INVALID_STATUS_TYPE', 'in_flight'],
  ])('status %s reads as %s', (status, expected) => {
    expect(toOrderReport(row({ status })).status).toBe(expected);
  });

  it('snapshots a partly filled order with our tag, side, type, product and Noren time', () => {
    expect(
      fromFlattradeOrder(
        row({ fillshares: 65, avgprc: 89.5, trantype: 'S', prd: 'I', ourSymbol: 'X' } as never),
        1,
      ),
    ).toEqual({
      brokerOrderId: '26112400000001',
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: 'X',
      side: 'sell',
      orderType: 'limit',
      product: 'intraday',
      quantity: 130,
      filledQuantity: 65,
      averagePrice: 89.5,
      status: 'partially_filled',
      price: 90,
      updatedTs: Date.UTC(2026, 10, 24, 4, 45, 30),
    });
  });

  it('carries the rejection reason of a rejected order', () => {
    expect(
      fromFlattradeOrder(row({ status: 'REJECTED', rejreason: 'RED:Margin Shortfall' }), 1),
    ).toMatchObject({
      status: 'rejected',
      rejectedReason: 'RED:Margin Shortfall',
      tradingSymbol: 'NIFTY24NOV26C26000',
    });
  });

  it('reads both Noren time layouts as IST', () => {
    expect(parseNorenTime('24-11-2026 09:15:00')).toBe(Date.UTC(2026, 10, 24, 3, 45));
    expect(parseNorenTime('09:15:00 24-11-2026')).toBe(Date.UTC(2026, 10, 24, 3, 45));
    expect(parseNorenTime('yesterday')).toBeUndefined();
  });

  it('reads funds: cash and pay-in less margin used is available', () => {
    expect(fromFlattradeLimits({ cash: 100_000, payin: 5000, marginused: 20_000.5 })).toEqual({
      total: 105_000,
      available: 84_999.5,
      utilized: 20_000.5,
    });
  });
});
