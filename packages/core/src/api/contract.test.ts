import { describe, expect, it } from 'vitest';
import { INDEX_NAMES } from '../market/indices';
import { isEntitledToTrade, PLAN_FEATURES, PLANS, planRequestSchema } from './billing';
import { brokerCallbackSchemas, brokerKeySchema } from './brokers';
import { isoDateSchema, jsonQueryParam } from './common';
import { expiryDatesFiltersSchema, instrumentSchema, instrumentSearchPagingSchema } from './instruments';
import { liveClientMessageSchema, liveServerMessageSchema } from './live';
import { notificationSchema } from './notifications';
import { marginSchema, positionSchema } from './portfolio';
import { profitProtectionSchema, validateProfitProtectionTargets } from './profit-protection';
import {
  DEFAULT_USER_SETTINGS,
  mergeUserSettings,
  userSettingsPatchSchema,
  userSettingsSchema,
} from './settings';

describe('shared primitives', () => {
  it('validates calendar dates and JSON query parameters', () => {
    expect(isoDateSchema.safeParse('2026-11-24').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-11-31').success).toBe(false);
    const filters = jsonQueryParam(expiryDatesFiltersSchema);
    expect(filters.parse('{"name":"SENSEX"}')).toEqual({ name: 'SENSEX' });
    expect(filters.safeParse('{name:').error?.issues[0]?.message).toBe('Expected JSON');
    expect(filters.safeParse('{"name":"NIFTYX"}').success).toBe(false);
  });

  it('rejects non-finite numbers everywhere', () => {
    expect(marginSchema.safeParse({ total: Number.NaN, available: 0, utilized: 0 }).success).toBe(false);
    expect(
      marginSchema.safeParse({ total: 1, available: Number.POSITIVE_INFINITY, utilized: 0 }).success,
    ).toBe(false);
  });
});

describe('user settings', () => {
  it('has the section 9 defaults for every index', () => {
    expect(userSettingsSchema.parse(DEFAULT_USER_SETTINGS)).toEqual(DEFAULT_USER_SETTINGS);
    expect(DEFAULT_USER_SETTINGS.modifyStep).toBe(0.05);
    expect(DEFAULT_USER_SETTINGS.exitAllMarketProtection).toEqual({ enabled: false, percentage: 10 });
    for (const name of INDEX_NAMES) expect(DEFAULT_USER_SETTINGS.defaultQuantity[name]).toBe(10000);
  });

  it('rejects a step under 0.05 or off the grid, and a missing index', () => {
    expect(userSettingsSchema.safeParse({ ...DEFAULT_USER_SETTINGS, modifyStep: 0.01 }).success).toBe(false);
    expect(userSettingsSchema.safeParse({ ...DEFAULT_USER_SETTINGS, modifyStep: 0.07 }).success).toBe(false);
    const { NIFTY: _dropped, ...rest } = DEFAULT_USER_SETTINGS.defaultQuantity;
    expect(userSettingsSchema.safeParse({ ...DEFAULT_USER_SETTINGS, defaultQuantity: rest }).success).toBe(
      false,
    );
  });

  it('merges a partial patch', () => {
    const patch = userSettingsPatchSchema.parse({ modifyStep: 0.5, SLTriggerPriceDifference: { SENSEX: 2 } });
    const merged = mergeUserSettings(DEFAULT_USER_SETTINGS, patch);
    expect(merged.modifyStep).toBe(0.5);
    expect(merged.SLTriggerPriceDifference.SENSEX).toBe(2);
    expect(merged.SLTriggerPriceDifference.NIFTY).toBe(1);
    expect(DEFAULT_USER_SETTINGS.SLTriggerPriceDifference.SENSEX).toBe(1);
  });
});

describe('billing', () => {
  it('lists the four plans with their prices', () => {
    expect(
      Object.values(PLANS).map((p) => [
        p.key,
        p.duration,
        p.discountedPrice,
        p.originalPrice,
        p.discountPercentage,
      ]),
    ).toEqual([
      ['freeTrial', 'monthly', 0, 0, 0],
      ['x-trader-quarterly', 'quarterly', 15000, 20000, 25],
      ['x-trader-half-yearly', 'half_yearly', 25000, 35000, 30],
      ['x-trader-yearly', 'yearly', 40000, 60000, 33],
    ]);
    expect(PLANS.freeTrial.title).toBe('Free Trial');
    expect(PLAN_FEATURES).toHaveLength(10);
  });

  it('reads plan_code or planId', () => {
    expect(planRequestSchema.parse({ plan_code: 'freeTrial' })).toEqual({ planCode: 'freeTrial' });
    expect(planRequestSchema.parse({ planId: 'x-trader-yearly' })).toEqual({ planCode: 'x-trader-yearly' });
    expect(planRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Please check your input');
    expect(planRequestSchema.safeParse({ plan_code: 'gold' }).success).toBe(false);
  });

  it.each([
    ['PAPERTRADE', 'none', null, true],
    ['ZERODHA', 'live', 'freeTrial', true],
    ['ZERODHA', 'expired', 'x-trader-quarterly', true],
    ['ZERODHA', 'expired', 'freeTrial', false],
    ['IIFL', 'none', null, false],
    [null, 'pending', null, false],
  ] as const)(
    'broker %s, status %s, plan %s: entitled %s',
    (activeBroker, subscriptionStatus, activePlan, expected) => {
      expect(isEntitledToTrade({ activeBroker, subscriptionStatus, activePlan })).toBe(expected);
    },
  );
});

describe('profit protection', () => {
  const body = {
    profitProtectionEnabled: true,
    targetProfit: 5000,
    maxLoss: -2000,
    profitTrailingEnabled: false,
    profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 500 },
    marketProtection: 0.1,
  };

  it('takes whole-rupee MTM values', () => {
    expect(profitProtectionSchema.safeParse(body).success).toBe(true);
    expect(profitProtectionSchema.safeParse({ ...body, targetProfit: 5000.5 }).success).toBe(false);
    expect(profitProtectionSchema.safeParse({ ...body, marketProtection: 0.2 }).success).toBe(false);
  });

  it.each([
    [5000, -2000, 1000, []],
    [1000, -2000, 1000, []],
    [999, -2000, 1000, ['Target Profit should be greater than total P&L']],
    [5000, 1001, 1000, ['Max Loss should be less than total P&L']],
    [0, 0, 500, ['Target Profit should be greater than total P&L']],
  ])('target %d, max loss %d at P&L %d', (targetProfit, maxLoss, pnl, expected) => {
    expect(validateProfitProtectionTargets({ targetProfit, maxLoss }, pnl)).toEqual(expected);
  });
});

describe('read models and live messages', () => {
  const instrument = {
    tradingsymbol: 'NIFTY26NOV26000CE',
    internalToken: 'NFO:NIFTY26NOV26000CE',
    name: 'NIFTY',
    expiry: '2026-11-23',
    strike: 26000,
    instrument_type: 'CE',
    last_price: 120.5,
    tick_size: 0.05,
    lot_size: 65,
    exchange: 'NFO',
    exchange_token: '47164',
    identifier: 'NIFTY 23 NOV 26000 CE',
    segment: 'NFO-OPT',
  };

  it('parses instruments, positions and notifications', () => {
    expect(instrumentSchema.safeParse(instrument).success).toBe(true);
    expect(instrumentSchema.safeParse({ ...instrument, expiry: '23-11-2026' }).success).toBe(false);
    expect(instrumentSearchPagingSchema.parse({})).toEqual({ page: 0, limit: 20 });
    expect(instrumentSearchPagingSchema.parse({ page: '2', limit: '50' })).toEqual({ page: 2, limit: 50 });
    const position = {
      internalToken: 'x',
      tradingSymbol: 'NIFTY26NOV26000CE',
      exchange: 'NFO',
      index: 'NIFTY',
      identifier: 'NIFTY 23 NOV 26000 CE',
      product: 'MIS',
      productType: 'intraday',
      quantity: -65,
      buyQuantity: 0,
      sellQuantity: 65,
      buyValue: 0,
      sellValue: 7800,
      price: 120,
      lastTradedPrice: 118.5,
      delta: null,
      relativeDelta: null,
    };
    expect(positionSchema.safeParse(position).success).toBe(true);
    const notification = {
      notificationType: 'order_executed',
      timestamp: '2026-11-23T04:00:00.000Z',
      identifier: 'NIFTY 23 NOV 26000 CE',
      transactionType: 'buy',
      quantity: 65,
      averagePrice: 120.05,
      status: 'COMPLETE',
      statusMessage: null,
    };
    expect(notificationSchema.safeParse(notification).success).toBe(true);
    expect(notificationSchema.safeParse({ ...notification, notificationType: 'order_placed' }).success).toBe(
      false,
    );
  });

  it('parses client and server socket messages', () => {
    expect(
      liveClientMessageSchema.safeParse({ action: 'subscribe', symbols: ['NIFTY 50', 'NIFTY26NOV26000CE'] })
        .success,
    ).toBe(true);
    expect(liveClientMessageSchema.safeParse({ action: 'watch', symbols: [] }).success).toBe(false);
    expect(liveClientMessageSchema.safeParse({ action: 'subscribe', symbols: [''] }).success).toBe(false);
    const tick = { symbol: 'NIFTY 50', LastPrice: 26010.5, NetChange: 10.5, OHLC: { close: 26000 }, ts: 1 };
    expect(liveServerMessageSchema.parse({ channel: 'ltp', data: [tick] })).toEqual({
      channel: 'ltp',
      data: [tick],
    });
    expect(liveServerMessageSchema.safeParse({ channel: 'error', message: 'Unauthorized' }).success).toBe(
      true,
    );
    expect(
      liveServerMessageSchema.safeParse({ channel: 'ltp', data: [{ ...tick, LastPrice: null }] }).success,
    ).toBe(false);
  });

  it('maps rupeezy to vortex and validates callbacks', () => {
    expect(brokerKeySchema.parse('rupeezy')).toBe('vortex');
    expect(brokerKeySchema.safeParse('robinhood').success).toBe(false);
    expect(brokerCallbackSchemas.zerodha.safeParse({ requestToken: 'abc' }).success).toBe(true);
    expect(brokerCallbackSchemas.aliceblue.safeParse({ authCode: 'abc' }).success).toBe(false);
  });
});
