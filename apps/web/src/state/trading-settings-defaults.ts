import type {
  ColumnConfig,
  FollowUpKey,
  FollowUpTrade,
  IndexName,
  PerIndex,
  TradingSettings,
} from './trading-settings-types';

// Section 9 of the SPEC: default quantity 10000, multiplier 1, slPoints 25, market protection 10 % (off),
// modifyStep 0.05, trailing handler broker with price 5 / SL 1, index NIFTY, product normal.

export const INDEX_NAMES: readonly IndexName[] = [
  'NIFTY',
  'BANKNIFTY',
  'FINNIFTY',
  'MIDCPNIFTY',
  'SENSEX',
  'BANKEX',
  'NIFTYNXT50',
];

const perIndex = <T>(value: T): PerIndex<T> =>
  Object.fromEntries(INDEX_NAMES.map((name) => [name, value])) as PerIndex<T>;

export const DEFAULT_QUANTITY = 10000;
export const DEFAULT_SL_POINTS = 25;
/** Stop-loss trigger/limit difference starts at its minimum (SPEC section 5, Inputs). */
export const DEFAULT_SL_TRIGGER_PRICE_DIFFERENCE = 1;

const followUpTrade = (key: FollowUpKey, action: 'buy' | 'sell'): FollowUpTrade => ({
  key,
  isEnabled: true,
  instrument: null,
  action,
  multiplier: 1,
});

const column = (
  key: string,
  label: string,
  isOptional: boolean,
  style?: ColumnConfig['style'],
): ColumnConfig =>
  style ? { key, label, visible: true, isOptional, style } : { key, label, visible: true, isOptional };

export const POSITION_COLUMNS: ColumnConfig[] = [
  column('instrument', 'Instrument', false, { minWidth: 220 }),
  column('productType', 'Product', true),
  column('quantity', 'Qty', false, { align: 'right' }),
  column('averagePrice', 'Avg Price', false, { align: 'right' }),
  column('lastTradedPrice', 'LTP', false, { align: 'right' }),
  column('pnl', 'P&L', false, { align: 'right' }),
  column('placeStopLoss', 'Place SL', true, { minWidth: 150 }),
  column('placeTarget', 'Place Target', true, { minWidth: 150 }),
  column('delta', 'Delta', true, { align: 'right' }),
  column('squareOff', 'Square Off', false, { align: 'center' }),
];

export const PENDING_ORDER_COLUMNS: ColumnConfig[] = [
  column('time', 'Time', true),
  column('orderId', 'Order ID', true),
  column('type', 'Type', false),
  column('instrument', 'Instrument', false, { minWidth: 220 }),
  column('productType', 'Product', true),
  column('orderType', 'Order Type', true),
  column('quantity', 'Qty', false, { align: 'right' }),
  column('price', 'Price', false, { align: 'right' }),
  column('lastTradedPrice', 'LTP', false, { align: 'right' }),
  column('modifyOrder', 'Modify', false, { minWidth: 160 }),
  column('stopLossTrailing', 'SL Trailing', true),
  column('cancel', 'Cancel', false, { align: 'center' }),
];

/** A fresh copy of every default, so callers can never mutate the shared template. */
export function defaultTradingSettings(): TradingSettings {
  return {
    userSettingsState: {
      modifyStep: 0.05,
      exitAllMarketProtection: { enabled: false, percentage: 10 },
      useDefaultQuantity: false,
      defaultQuantity: perIndex(DEFAULT_QUANTITY),
      SLTriggerPriceDifference: perIndex(DEFAULT_SL_TRIGGER_PRICE_DIFFERENCE),
    },
    orderConfig: {
      productType: 'normal',
      index: 'NIFTY',
      expiry: '',
      callStrike: null,
      putStrike: null,
      callTradingSymbol: '',
      callIdentifier: '',
      callInternalToken: '',
      putTradingSymbol: '',
      putIdentifier: '',
      putInternalToken: '',
      lotSize: null,
      marketProtection: { enabled: false, percentage: 10 },
      icebergOrder: false,
    },
    marketOrderState: {
      quantity: DEFAULT_QUANTITY,
      multiplier: 1,
      presetTargetAndSl: false,
      orderCategory: null,
      target: 0,
      stopLoss: 0,
    },
    followUpTradesState: {
      followUpEnabled: false,
      waitForFillConfirmation: false,
      trades: {
        buyCall: followUpTrade('buyCall', 'buy'),
        sellCall: followUpTrade('sellCall', 'sell'),
        buyPut: followUpTrade('buyPut', 'buy'),
        sellPut: followUpTrade('sellPut', 'sell'),
      },
    },
    stopLossOrderState: {
      quantity: DEFAULT_QUANTITY,
      multiplier: 1,
      slPoints: DEFAULT_SL_POINTS,
      autoSLTrail: { enabled: false, priceChange: 5, slChange: 1, trailingHandler: 'broker' },
      presetTargetAndSl: false,
      orderCategory: null,
      target: 0,
      stopLoss: 0,
    },
    orderTableState: {
      selectedTab: 'positions',
      positions: {
        showOnlyNonZeroPositions: false,
        showDeltaRelativeToNifty: false,
        columns: structuredClone(POSITION_COLUMNS),
      },
      pendingOrders: { columns: structuredClone(PENDING_ORDER_COLUMNS) },
    },
  };
}
