import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INDEX,
  DEFAULT_LOT_SIZE,
  DEFAULT_MODIFY_STEP,
  DEFAULT_MULTIPLIER,
  DEFAULT_PRODUCT_TYPE,
  DEFAULT_QUANTITY,
  DEFAULT_SL_POINTS,
  DEFAULT_TRAILING_HANDLER,
  MARKET_PROTECTION_DEFAULT_PERCENT,
  MARKET_PROTECTION_MAX_PERCENT,
  MIN_PRICE,
  ORDER_MESSAGES,
  ORDER_SLICE,
  ORDER_VALIDITY,
  ORDER_VARIETY,
  TICK_SIZE,
} from './constants';
import {
  enforceTrailMinimums,
  normalizeSettingsSlDifference,
  normalizeSlPoints,
  stepSlPoints,
  stepTrailValue,
  trailParamsFor,
  validateTrailParams,
} from './input-rules';
import { fromBrokerProduct, normalizeProductType, toBrokerProduct } from './types';

describe('section 9 constants', () => {
  it('has the specified values', () => {
    expect({
      DEFAULT_QUANTITY,
      DEFAULT_MULTIPLIER,
      DEFAULT_SL_POINTS,
      DEFAULT_LOT_SIZE,
      TICK_SIZE,
      MIN_PRICE,
      DEFAULT_MODIFY_STEP,
      MARKET_PROTECTION_DEFAULT_PERCENT,
      MARKET_PROTECTION_MAX_PERCENT,
      DEFAULT_INDEX,
      DEFAULT_PRODUCT_TYPE,
      DEFAULT_TRAILING_HANDLER,
      ORDER_VALIDITY,
      ORDER_SLICE,
      ORDER_VARIETY,
    }).toEqual({
      DEFAULT_QUANTITY: 10000,
      DEFAULT_MULTIPLIER: 1,
      DEFAULT_SL_POINTS: 25,
      DEFAULT_LOT_SIZE: 75,
      TICK_SIZE: 0.05,
      MIN_PRICE: 0.05,
      DEFAULT_MODIFY_STEP: 0.05,
      MARKET_PROTECTION_DEFAULT_PERCENT: 10,
      MARKET_PROTECTION_MAX_PERCENT: 10,
      DEFAULT_INDEX: 'NIFTY',
      DEFAULT_PRODUCT_TYPE: 'normal',
      DEFAULT_TRAILING_HANDLER: 'broker',
      ORDER_VALIDITY: 'day',
      ORDER_SLICE: 0,
      ORDER_VARIETY: 'regular',
    });
    expect(ORDER_MESSAGES.invalidPrice).toBe('Invalid price - price should be greater than 0.05.');
  });

  it('maps product types both ways', () => {
    expect(toBrokerProduct('normal')).toBe('NRML');
    expect(toBrokerProduct('intraday')).toBe('MIS');
    expect(fromBrokerProduct('MIS')).toBe('intraday');
    expect(normalizeProductType('NRML')).toBe('normal');
    expect(normalizeProductType('intraday')).toBe('intraday');
  });
});

describe('SL points', () => {
  it.each([
    [25, 25],
    [0, 1],
    [-3, 1],
    [0.01, 1], // rounds to 0, so becomes 1
    [12.33, 12.35],
    [Number.NaN, 1],
  ])('normalizeSlPoints(%d) = %d', (value, expected) => {
    expect(normalizeSlPoints(value)).toBe(expected);
  });

  it.each([
    [0, 0.05],
    [0.01, 0.05],
    [2.33, 2.35],
  ])('normalizeSettingsSlDifference(%d) = %d', (value, expected) => {
    expect(normalizeSettingsSlDifference(value)).toBe(expected);
  });

  it('ignores a minus step below 0', () => {
    expect(stepSlPoints(1, 0.05, 'down')).toBe(0.95);
    expect(stepSlPoints(0.03, 0.05, 'down')).toBe(0.03);
    expect(stepSlPoints(1, 0.05, 'up')).toBe(1.05);
  });
});

describe('trailing parameters', () => {
  it('sets the handler defaults', () => {
    expect(trailParamsFor('broker')).toEqual({ priceChange: 5, slChange: 1 });
    expect(trailParamsFor('local')).toEqual({ priceChange: 1, slChange: 1 });
  });

  it.each([
    ['broker', { priceChange: 2, slChange: 0.5 }, { priceChange: 5, slChange: 1 }],
    ['broker', { priceChange: 8, slChange: 3 }, { priceChange: 8, slChange: 3 }],
    ['local', { priceChange: 2, slChange: 0 }, { priceChange: 2, slChange: 1 }],
    ['local', { priceChange: Number.NaN, slChange: 2 }, { priceChange: 1, slChange: 2 }],
  ] as const)('enforceTrailMinimums(%s, %j)', (handler, params, expected) => {
    expect(enforceTrailMinimums(handler, params)).toEqual(expected);
  });

  it('validates against the minimums', () => {
    expect(validateTrailParams('broker', { priceChange: 4, slChange: 1 })).toEqual([
      { field: 'priceChange', message: 'Price change should be at least 5' },
    ]);
    expect(validateTrailParams('local', { priceChange: 1, slChange: 0.5 })).toEqual([
      { field: 'slChange', message: 'SL change should be at least 1' },
    ]);
    expect(validateTrailParams('local', { priceChange: 1, slChange: 1 })).toEqual([]);
  });

  it.each([
    [6, 5, 'down', 5],
    [5, 5, 'down', 5], // at the minimum
    [5.5, 5, 'down', 5], // never under it
    [0, 0, 'down', 0],
    [5, 5, 'up', 6],
  ] as const)('stepTrailValue(%d, min %d, %s) = %d', (value, min, direction, expected) => {
    expect(stepTrailValue(value, min, direction)).toBe(expected);
  });
});
