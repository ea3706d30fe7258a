// Public surface of @xtrader/core: pure rules and contracts shared by the server and the web app.
export * from './api/envelope';
export * from './constants';
export * from './format/format';
export * from './market/dates';
export * from './market/exchanges';
export * from './market/expiry';
export * from './market/holidays';
export * from './market/hours';
export * from './market/index-overrides';
export * from './market/indices';
export * from './market/symbols';
export * from './orders/rules';
export * from './orders/state';
export * from './pnl/pnl';
export * from './pricing/black-scholes';
export * from './pricing/implied-volatility';
export * from './pricing/normal';
