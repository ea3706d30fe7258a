import { describe, expect, it } from 'vitest';
import { csvField, journalCsv } from './csv';
import { dayTotals, equityCurve } from './equity-curve';
import { pairRoundTrips } from './round-trips';

const trips = pairRoundTrips([
  { orderId: 'A', tradingSymbol: 'X', side: 'buy', quantity: 1, price: 10, ts: 5, chargesPaise: 10 },
  { orderId: 'B', tradingSymbol: 'Y', side: 'buy', quantity: 1, price: 10, ts: 6, chargesPaise: 10 },
  { orderId: 'C', tradingSymbol: 'Y', side: 'sell', quantity: 1, price: 9, ts: 7, chargesPaise: 10 },
  { orderId: 'D', tradingSymbol: 'X', side: 'sell', quantity: 1, price: 15, ts: 8, chargesPaise: 10 },
  { orderId: 'E', tradingSymbol: 'Z', side: 'buy', quantity: 1, price: 15, ts: 9, chargesPaise: 10 },
]);

describe('equityCurve', () => {
  it('adds each closed trip net in closing order from 0, leaving open trips out', () => {
    expect(equityCurve(trips, 0)).toEqual([
      { ts: 0, netPaise: 0 },
      { ts: 7, netPaise: -120 },
      { ts: 8, netPaise: 360 },
    ]);
  });

  it('totals the trips, open ones with their charges so far', () => {
    expect(dayTotals(trips)).toEqual({ trades: 3, grossPaise: 400, chargesPaise: 50, netPaise: 350 });
  });
});

describe('journalCsv', () => {
  it('writes a header and one row per trip, quoting and defusing text', () => {
    const text = journalCsv({
      trades: [
        {
          tradeId: 'XT1',
          tradingSymbol: 'NIFTY26000CE',
          direction: 'long',
          quantity: 65,
          openQuantity: 0,
          entryPrice: 100.05,
          exitPrice: 101.5,
          openedAt: 0,
          closedAt: 60_000,
          gross: 94.25,
          charges: 67.5,
          net: 26.75,
          orderIds: ['XT1', 'XT2'],
          tags: ['breakout', 'A+'],
          note: 'good, "clean" entry',
        },
      ],
    });
    const [header, row, end] = text.split('\r\n');
    expect(header).toBe(
      'tradeId,contract,direction,quantity,openQuantity,entryPrice,exitPrice,openedAt,closedAt,gross,charges,net,orderIds,tags,note',
    );
    expect(row).toBe(
      'XT1,NIFTY26000CE,long,65,0,100.05,101.50,1970-01-01T00:00:00.000Z,1970-01-01T00:01:00.000Z,94.25,67.50,26.75,XT1 XT2,breakout A+,"good, ""clean"" entry"',
    );
    expect(end).toBe('');
  });

  it('never lets a field start a spreadsheet formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('plain')).toBe('plain');
  });
});
