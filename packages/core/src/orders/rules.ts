// The order rules, one import away: prices, quantities, inputs and their constants.
export * from './constants';
export * from './input-rules';
export * from './price-rules';
export * from './quantity-rules';
export * from './types';
