import { describe, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../broker';
import type { BrokerContract } from '../live-kit/instrument-master';
import {
  fromVortexFunds,
  fromVortexOrder,
  fromVortexPosition,
  knownOfPlacement,
  reportStatusOf,
  toOrderReport,
  toVortexModification,
  toVortexPlacement,
} from './map';
import type { VortexOrder, VortexPosition } from './vortex-schemas';

// Our commands in Vortex's words and its rows in ours: units on NSE_FO, lots on BSE_FO, stop-market as a
// stop-limit, our id as order_identifier, Vortex's status words.

const NIFTY: BrokerContract = {
  instrumentId: 'NSE_FO|43919',
  tradingSymbol: 'NIFTY26D0126000CE',
  exchange: 'NSE_FO',
  underlying: 'NIFTY',
  expiry: '2026-12-01',
  strike: 26000,
  optionType: 'CE',
  lotSize: 65,
};
const SENSEX: BrokerContract = { ...NIFTY, instrumentId: 'BSE_FO|81234', exchange: 'BSE_FO', lotSize: 20 };

const command = (over: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: 'XT0001',
  tradingSymbol: 'NIFTY26D0126000CE',
  internalToken: '1001',
  exchange: 'NFO',
  side: 'buy',
  quantity: 130,
  product: 'intraday',
  orderType: 'market',
  ...over,
});

const row = (over: Partial<VortexOrder> = {}): VortexOrder => ({
  order_id: 'NXAAE00001K3',
  exchange: 'NSE_FO',
  token: '43919',
  status: 'PENDING',
  error_reason: '',
  transaction_type: 'BUY',
  product: 'INTRADAY',
  variety: 'RL',
  total_quantity: 130,
  pending_quantity: 130,
  traded_quantity: 0,
  order_price: 90,
  trigger_price: 0,
  traded_price: 0,
  symbol: 'NIFTY',
  lot_size: 65,
  order_created_at: '2026-11-24 10:00:00',
  order_identifier: 'XT0001',
  ourSymbol: 'NIFTY26D0126000CE',
  ...over,
});

describe('Vortex placements', () => {
  it('sends a market buy on NSE_FO in units, INTRADAY, RL-MKT at price 0, with the token and our tag', () => {
    expect(toVortexPlacement(command(), NIFTY)).toEqual({
      exchange: 'NSE_FO',
      token: 43919,
      transaction_type: 'BUY',
      product: 'INTRADAY',
      variety: 'RL-MKT',
      quantity: 130,
      price: 0,
      trigger_price: 0,
      disclosed_quantity: 0,
      validity: 'DAY',
      validity_days: 1,
      is_amo: false,
      order_identifier: 'XT0001',
    });
  });

  it('counts BSE_FO in lots and refuses a part lot before sending', () => {
    const cmd = command({
      exchange: 'BFO',
      quantity: 40,
      product: 'normal',
      orderType: 'limit',
      price: 101.5,
    });
    expect(toVortexPlacement(cmd, SENSEX)).toMatchObject({
      exchange: 'BSE_FO',
      token: 81234,
      quantity: 2,
      product: 'DELIVERY',
      variety: 'RL',
      price: 101.5,
    });
    expect(() => toVortexPlacement({ ...cmd, quantity: 30 }, SENSEX)).toThrow(/whole number of lots/);
  });

  it('sends a stop-loss-market as SL with a protective limit beyond the trigger', () => {
    const sell = toVortexPlacement(
      command({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 100 }),
      NIFTY,
    );
    expect(sell).toMatchObject({ variety: 'SL', trigger_price: 100 });
    expect(sell.price).toBeLessThan(100);
    expect(sell.price).toBeGreaterThan(90);
    const own = toVortexPlacement(command({ orderType: 'stoploss', triggerPrice: 100, price: 102 }), NIFTY);
    expect(own).toMatchObject({ variety: 'SL', trigger_price: 100, price: 102 });
  });
});

describe('Vortex modifications', () => {
  it('restates the whole order with what has traded, in the exchange unit', () => {
    const cmd = command({ exchange: 'BFO', quantity: 60, orderType: 'limit', price: 90 });
    const known = { ...knownOfPlacement(cmd, SENSEX, toVortexPlacement(cmd, SENSEX)), filledQuantity: 20 };
    expect(toVortexModification(known, { price: 88 })).toEqual({
      variety: 'RL',
      quantity: 3,
      traded_quantity: 1,
      price: 88,
      trigger_price: 0,
      disclosed_quantity: 0,
      validity: 'DAY',
      validity_days: 1,
    });
  });

  it("moves a stop's trigger and re-buffers its protective limit", () => {
    const cmd = command({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 100 });
    const known = knownOfPlacement(cmd, NIFTY, toVortexPlacement(cmd, NIFTY));
    const body = toVortexModification(known, { triggerPrice: 95 });
    expect(body).toMatchObject({ variety: 'SL', trigger_price: 95, quantity: 130, traded_quantity: 0 });
    expect(body.price).toBeLessThan(95);
  });
});

describe('Vortex order rows', () => {
  it.each([
    ['PENDING', 'open'],
    ['AMOACCEPTED', 'open'],
    ['TRIGGER PENDING', 'trigger_pending'],
    ['EXECUTED', 'complete'],
    ['CANCELLED', 'cancelled'],
    ['REJECTED', 'rejected'],
    ['OMSREJECT', 'rejected'],
    ['OMSXMITTED', 'in_flight'],
    ['SOMETHING NEW', 'in_flight'],
  ])('reads %s as %s', (status, expected) => {
    expect(reportStatusOf(status)).toBe(expected);
  });

  it('reports a partly traded BSE_FO order in units with its average and reason', () => {
    const report = toOrderReport(
      row({ exchange: 'BSE_FO', lot_size: 20, total_quantity: 3, traded_quantity: 1, traded_price: 91.5 }),
    );
    expect(report).toMatchObject({ status: 'open', quantity: 60, filledQuantity: 20, averagePrice: 91.5 });
    expect(toOrderReport(row({ status: 'REJECTED', error_reason: 'Margin shortfall' })).message).toBe(
      'Margin shortfall',
    );
  });

  it('snapshots a row with our symbol and tag, or Vortex words when our master does not list it', () => {
    expect(fromVortexOrder(row(), 5)).toMatchObject({
      brokerOrderId: 'NXAAE00001K3',
      clientOrderId: 'XT0001',
      tradingSymbol: 'NIFTY26D0126000CE',
      side: 'buy',
      orderType: 'limit',
      product: 'intraday',
      quantity: 130,
      status: 'open',
      price: 90,
    });
    expect(fromVortexOrder(row({ ourSymbol: undefined, variety: 'SL-MKT' }), 5)).toMatchObject({
      tradingSymbol: 'NIFTY (NSE_FO 43919)',
      orderType: 'stoploss_market',
    });
  });
});

describe('Vortex positions and funds', () => {
  const position: VortexPosition = {
    exchange: 'BSE_FO',
    token: '81234',
    symbol: 'SENSEX',
    expiry_date: '20261203',
    option_type: 'PE',
    strike_price: 85000,
    product: 'INTRADAY',
    quantity: -2,
    lot_size: 20,
    average_price: 110,
    buy_value: 0,
    sell_value: 4400,
    buy_quantity: 0,
    sell_quantity: 2,
    buy_price: undefined,
    sell_price: undefined,
  };

  it('reads a BSE_FO short in units under our symbol', () => {
    expect(
      fromVortexPosition(position, { tradingSymbol: 'SENSEX26D0385000PE', internalToken: '77' }),
    ).toEqual({
      tradingSymbol: 'SENSEX26D0385000PE',
      internalToken: '77',
      product: 'intraday',
      quantity: -40,
      buyQuantity: 0,
      sellQuantity: 40,
      buyValue: 0,
      sellValue: 4400,
      lastTradedPrice: 110,
      averagePrice: 110,
    });
  });

  it('reads funds: net available, utilisation reported as a negative', () => {
    expect(fromVortexFunds({ net_available: 31222.08, total_utilization: -66.92 })).toEqual({
      total: 31289,
      available: 31222.08,
      utilized: 66.92,
    });
  });
});
