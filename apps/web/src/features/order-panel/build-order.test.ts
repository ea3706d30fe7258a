import { followUpMetaSchema } from '@xtrader/core/api/follow-up';
import { placeOrderRequestSchema } from '@xtrader/core/api/orders';
import { describe, expect, it } from 'vitest';
import { defaultTradingSettings } from '../../state/trading-settings-defaults';
import type { TradingSettings } from '../../state/trading-settings-types';
import { type BuildOrderInput, buildOrder } from './build-order';
import type { OrderIntent } from './order-intent';
import { normalizeDisasterPoints } from './use-order-fields';

function settings(): TradingSettings {
  const s = defaultTradingSettings();
  s.orderConfig = {
    ...s.orderConfig,
    index: 'NIFTY',
    lotSize: 65,
    callInternalToken: 'tok-ce',
    callTradingSymbol: 'NIFTY26N2426000CE',
    putInternalToken: 'tok-pe',
    putTradingSymbol: 'NIFTY26N2426000PE',
  };
  s.marketOrderState.quantity = 130;
  s.stopLossOrderState.quantity = 65;
  return s;
}

const input = (intent: OrderIntent, s = settings(), ltp: number | null = 100): BuildOrderInput => ({
  intent,
  orderConfig: s.orderConfig,
  marketOrderState: s.marketOrderState,
  stopLossOrderState: s.stopLossOrderState,
  followUpTradesState: s.followUpTradesState,
  ltp: ltp ?? undefined,
});

const buyCe: OrderIntent = { card: 'market', optionType: 'CE', side: 'buy' };
const sellPe: OrderIntent = { card: 'market', optionType: 'PE', side: 'sell' };

const body = (result: ReturnType<typeof buildOrder>) => {
  if (!result.ok) throw new Error(`expected an order, got ${result.message}`);
  return result.body;
};

describe('buildOrder: market card', () => {
  it('sends a market order of the call with the fixed fields', () => {
    expect(body(buildOrder(input(buyCe)))).toEqual({
      exchange: 'NFO',
      internalToken: 'tok-ce',
      quantity: 130,
      slice: 0,
      transactionType: 'buy',
      validity: 'day',
      variety: 'regular',
      product: 'normal',
      orderType: 'market',
      orderCategory: 'single',
      ocoOrderUnit: 'points',
      trailingEnabled: false,
    });
  });

  it('uses BFO for SENSEX and the put token for a PE order', () => {
    const s = settings();
    s.orderConfig.index = 'SENSEX';
    expect(body(buildOrder(input(sellPe, s)))).toMatchObject({
      exchange: 'BFO',
      internalToken: 'tok-pe',
      transactionType: 'sell',
    });
  });

  it('rounds the quantity to lots, then applies the multiplier', () => {
    const s = settings();
    s.marketOrderState.quantity = 100; // 1.54 lots of 65 -> 2 lots
    s.marketOrderState.multiplier = 3;
    expect(body(buildOrder(input(buyCe, s))).quantity).toBe(390);
  });

  it('falls back to a lot of 75 when the lot size is unknown', () => {
    const s = settings();
    s.orderConfig.lotSize = null;
    s.marketOrderState.quantity = 100;
    expect(body(buildOrder(input(buyCe, s))).quantity).toBe(75);
  });

  it("refuses a zero quantity with 'Quantity should be greater than 0'", () => {
    const s = settings();
    s.marketOrderState.quantity = 0;
    expect(buildOrder(input(buyCe, s))).toEqual({ ok: false, message: 'Quantity should be greater than 0' });
  });

  it('turns into a limit order at the protected price with market protection on (buy up, sell down)', () => {
    const s = settings();
    s.orderConfig.marketProtection = { enabled: true, percentage: 10 };
    expect(body(buildOrder(input(buyCe, s, 101.3)))).toMatchObject({
      orderType: 'limit',
      triggerPrice: 111.45,
    });
    expect(body(buildOrder(input(sellPe, s, 101.3)))).toMatchObject({
      orderType: 'limit',
      triggerPrice: 91.15,
    });
  });

  it('clamps a stored protection above 10 percent to 10', () => {
    const s = settings();
    s.orderConfig.marketProtection = { enabled: true, percentage: 25 };
    expect(body(buildOrder(input(buyCe, s, 100))).triggerPrice).toBe(110);
  });

  it('never protects below 0.05', () => {
    const s = settings();
    s.orderConfig.marketProtection = { enabled: true, percentage: 10 };
    expect(body(buildOrder(input(sellPe, s, 0.05))).triggerPrice).toBe(0.05);
  });

  it('refuses a protected order before the first price arrives', () => {
    const s = settings();
    s.orderConfig.marketProtection = { enabled: true, percentage: 5 };
    expect(buildOrder(input(buyCe, s, null))).toMatchObject({
      ok: false,
      message: 'Place order failed!',
    });
  });

  it('refuses when no strike is chosen', () => {
    const s = settings();
    s.orderConfig.callInternalToken = '';
    expect(buildOrder(input(buyCe, s))).toMatchObject({ ok: false, description: 'Select a CE strike first' });
  });

  it('makes a bracket with target and stop-loss points, or a cover with the stop-loss only', () => {
    const s = settings();
    s.marketOrderState = {
      ...s.marketOrderState,
      presetTargetAndSl: true,
      orderCategory: 'bracket',
      target: 20,
      stopLoss: 10,
    };
    expect(body(buildOrder(input(buyCe, s)))).toMatchObject({
      orderCategory: 'oco',
      ocoOrderTarget: 20,
      ocoOrderStoploss: 10,
    });
    s.marketOrderState.orderCategory = 'cover';
    const cover = body(buildOrder(input(buyCe, s)));
    expect(cover).toMatchObject({ orderCategory: 'cover', ocoOrderStoploss: 10 });
    expect(cover).not.toHaveProperty('ocoOrderTarget');
  });

  it('refuses a preset with a target or stop-loss under 0.05', () => {
    const s = settings();
    s.marketOrderState = {
      ...s.marketOrderState,
      presetTargetAndSl: true,
      orderCategory: 'bracket',
      target: 0,
      stopLoss: 10,
    };
    expect(buildOrder(input(buyCe, s))).toMatchObject({
      ok: false,
      message: 'Invalid price - price should be greater than 0.05.',
    });
  });

  it('carries the iceberg choice', () => {
    const s = settings();
    s.orderConfig.icebergOrder = true;
    expect(buildOrder(input(buyCe, s))).toMatchObject({ ok: true, iceberg: true });
  });
});

describe('buildOrder: the most one order may carry', () => {
  // NIFTY: lot 65, freeze 1,800, so 20 slices of 1,755 = 35,100.
  it('refuses a quantity above 20 freeze slices, naming the limit, instead of sending it', () => {
    const s = settings();
    s.marketOrderState.quantity = 35_100;
    s.marketOrderState.multiplier = 2;
    expect(buildOrder(input(buyCe, s))).toEqual({
      ok: false,
      message: 'Place order failed!',
      description:
        'Quantity 70200 is above the most one order may carry for NIFTY: 20 slices of 1,755 (35,100)',
    });
    s.stopLossOrderState.quantity = 35_165;
    expect(buildOrder(input({ ...buyCe, card: 'stopLoss' }, s))).toMatchObject({
      ok: false,
      description: expect.stringContaining('20 slices of 1,755 (35,100)'),
    });
  });

  it('sends exactly the most, and leaves icebergs (legs sent one by one) to their own limits', () => {
    const s = settings();
    s.marketOrderState.quantity = 35_100;
    expect(body(buildOrder(input(buyCe, s))).quantity).toBe(35_100);
    s.marketOrderState.quantity = 70_200;
    s.orderConfig.icebergOrder = true;
    expect(buildOrder(input(buyCe, s))).toMatchObject({ ok: true, iceberg: true });
  });

  it("uses the chosen index's freeze limit (BANKNIFTY: 20 slices of 600)", () => {
    const s = settings();
    s.orderConfig = { ...s.orderConfig, index: 'BANKNIFTY', lotSize: 30 };
    s.marketOrderState.quantity = 12_030;
    expect(buildOrder(input(buyCe, s))).toMatchObject({
      ok: false,
      description:
        'Quantity 12030 is above the most one order may carry for BANKNIFTY: 20 slices of 600 (12,000)',
    });
  });
});

describe('buildOrder: follow-up trades', () => {
  const withFollowUp = () => {
    const s = settings();
    s.followUpTradesState.followUpEnabled = true;
    s.followUpTradesState.waitForFillConfirmation = true;
    s.followUpTradesState.trades.buyCall = {
      ...s.followUpTradesState.trades.buyCall,
      action: 'sell',
      multiplier: 0.5,
      instrument: {
        index: 'BANKNIFTY',
        tradingSymbol: 'BANKNIFTY26NOV59000CE',
        identifier: 'BANKNIFTY 59000 CE',
        expiry: '2026-11-24',
        lotSize: 30,
      },
    };
    return s;
  };

  it("attaches the row matching the order's option and side, scaled by its multiplier", () => {
    const s = withFollowUp();
    s.marketOrderState.quantity = 260; // 4 lots of 65 -> follow-up 2 lots of 30
    const result = body(buildOrder(input(buyCe, s)));
    expect(result.tradeConfirmation).toBe(true);
    expect(result.metaData).toEqual({
      followUp: {
        key: 'buyCall',
        index: 'BANKNIFTY',
        tradingSymbol: 'BANKNIFTY26NOV59000CE',
        identifier: 'BANKNIFTY 59000 CE',
        expiry: '2026-11-24',
        transactionType: 'sell',
        quantity: 60,
        multiplier: 0.5,
      },
    });
  });

  it('builds a follow-up the server accepts: the one core schema, without an internal token', () => {
    const built = body(buildOrder(input(buyCe, withFollowUp())));
    expect(placeOrderRequestSchema.safeParse(built).success).toBe(true);
    expect(followUpMetaSchema.parse(built.metaData?.followUp)).toMatchObject({
      tradingSymbol: 'BANKNIFTY26NOV59000CE',
      transactionType: 'sell',
      multiplier: 0.5,
    });
  });

  it('attaches nothing when follow-up is off, the row is disabled, or for another side', () => {
    const off = withFollowUp();
    off.followUpTradesState.followUpEnabled = false;
    expect(body(buildOrder(input(buyCe, off)))).not.toHaveProperty('metaData');
    const disabled = withFollowUp();
    disabled.followUpTradesState.trades.buyCall.isEnabled = false;
    expect(body(buildOrder(input(buyCe, disabled)))).not.toHaveProperty('metaData');
    expect(body(buildOrder(input(sellPe, withFollowUp())))).not.toHaveProperty('metaData');
  });

  it('attaches nothing when the scaled quantity floors to zero lots', () => {
    const s = withFollowUp();
    s.followUpTradesState.trades.buyCall.multiplier = 0.1;
    s.marketOrderState.quantity = 65; // 1 lot x 0.1 -> 0 lots
    expect(body(buildOrder(input(buyCe, s)))).not.toHaveProperty('metaData');
  });
});

describe('buildOrder: stop-loss card', () => {
  const slBuyPe: OrderIntent = { card: 'stopLoss', optionType: 'PE', side: 'buy' };
  const slSellCe: OrderIntent = { card: 'stopLoss', optionType: 'CE', side: 'sell' };

  it('places a stop-loss at the last price plus slPoints for a buy, minus for a sell', () => {
    const s = settings();
    s.stopLossOrderState.slPoints = 12.5;
    expect(body(buildOrder(input(slBuyPe, s, 80.03)))).toMatchObject({
      orderType: 'stoploss',
      triggerPrice: 92.55,
      internalToken: 'tok-pe',
      quantity: 65,
      trailingEnabled: false,
      brokerTrailing: true,
    });
    expect(body(buildOrder(input(slSellCe, s, 10)))).toMatchObject({ triggerPrice: 0.05 });
  });

  it('uses the stop-loss card quantity and multiplier, not the market card', () => {
    const s = settings();
    s.stopLossOrderState.multiplier = 2;
    expect(body(buildOrder(input(slBuyPe, s))).quantity).toBe(130);
  });

  it('sends the auto trail parameters and handler when auto SL trail is on', () => {
    const s = settings();
    s.stopLossOrderState.autoSLTrail = {
      enabled: true,
      priceChange: 2,
      slChange: 1,
      trailingHandler: 'local',
    };
    expect(body(buildOrder(input(slBuyPe, s)))).toMatchObject({
      trailingEnabled: true,
      brokerTrailing: false,
      changeInPrice: 2,
      changeInSL: 1,
    });
  });

  it('asks for a disaster stop only with Local trailing on (hybrid stop)', () => {
    const s = settings();
    s.stopLossOrderState.disasterStopPoints = 20;
    expect(body(buildOrder(input(slBuyPe, s)))).not.toHaveProperty('hybridStopPoints');
    s.stopLossOrderState.autoSLTrail = {
      enabled: true,
      priceChange: 2,
      slChange: 1,
      trailingHandler: 'broker',
    };
    expect(body(buildOrder(input(slBuyPe, s)))).not.toHaveProperty('hybridStopPoints');
    s.stopLossOrderState.autoSLTrail.trailingHandler = 'local';
    expect(body(buildOrder(input(slBuyPe, s)))).toMatchObject({
      brokerTrailing: false,
      hybridStopPoints: 20,
    });
    s.stopLossOrderState.disasterStopPoints = null;
    expect(body(buildOrder(input(slBuyPe, s)))).not.toHaveProperty('hybridStopPoints');
  });

  it('never attaches follow-ups to stop-loss orders', () => {
    const s = settings();
    s.followUpTradesState.followUpEnabled = true;
    expect(body(buildOrder(input(slBuyPe, s)))).not.toHaveProperty('metaData');
  });

  it('needs a live price', () => {
    expect(buildOrder(input(slBuyPe, settings(), null))).toMatchObject({ ok: false });
  });
});

describe('risk-first sizing of the stop-loss card', () => {
  const slBuy: OrderIntent = { card: 'stopLoss', optionType: 'CE', side: 'buy' };

  it('sends floor(risk / (SL points x lot size)) lots instead of Qty x multiplier', () => {
    const s = settings();
    s.stopLossOrderState.riskPerTrade = 5000;
    s.stopLossOrderState.slPoints = 25;
    s.stopLossOrderState.multiplier = 3;
    expect(body(buildOrder(input(slBuy, s))).quantity).toBe(195);
    // The market card is not sized by risk.
    expect(body(buildOrder(input(buyCe, s))).quantity).toBe(130);
  });

  it('refuses 0 lots with a message, sending nothing', () => {
    const s = settings();
    s.stopLossOrderState.riskPerTrade = 1000;
    expect(buildOrder(input(slBuy, s))).toEqual({
      ok: false,
      message: 'Place order failed!',
      description: 'Risk ₹1,000 is less than one lot at the stop (₹1,625 per lot): 0 lots, nothing sent',
    });
  });

  it('the freeze cap still applies to the sized quantity', () => {
    const s = settings();
    s.stopLossOrderState.riskPerTrade = 100_000_000;
    s.stopLossOrderState.slPoints = 1;
    const result = buildOrder(input(slBuy, s));
    expect(result.ok).toBe(false);
  });
});

describe('disaster stop points', () => {
  it('turns empty, zero or junk off and keeps a distance on the tick', () => {
    expect(normalizeDisasterPoints(Number.NaN)).toBeNull();
    expect(normalizeDisasterPoints(0)).toBeNull();
    expect(normalizeDisasterPoints(12.34)).toBe(12.35);
    expect(normalizeDisasterPoints(0.01)).toBe(0.05);
    expect(normalizeDisasterPoints(5000)).toBe(1000);
  });
});
