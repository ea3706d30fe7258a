import { DEFAULT_USER_SETTINGS } from '@xtrader/core/api/settings';
import {
  DEFAULT_INDEX,
  DEFAULT_MARKET_PROTECTION,
  DEFAULT_MULTIPLIER,
  DEFAULT_PRODUCT_TYPE,
  DEFAULT_QUANTITY,
  DEFAULT_SL_POINTS,
  DEFAULT_TRAIL_PARAMS,
  DEFAULT_TRAILING_HANDLER,
  FOLLOW_UP_DEFAULTS,
} from '@xtrader/core/orders/constants';
import { DEFAULT_KEY_MAP } from './key-map';
import type { ColumnConfig, FollowUpKey, FollowUpTrade, TradingSettings } from './trading-settings-types';

// Defaults from the constants of @xtrader/core.

const followUpTrade = (key: FollowUpKey, action: 'buy' | 'sell'): FollowUpTrade => ({
  key,
  isEnabled: FOLLOW_UP_DEFAULTS.tradeEnabled,
  instrument: null,
  action,
  multiplier: FOLLOW_UP_DEFAULTS.multiplier,
});

const column = (
  key: string,
  label: string,
  isOptional: boolean,
  style?: ColumnConfig['style'],
): ColumnConfig =>
  style ? { key, label, visible: true, isOptional, style } : { key, label, visible: true, isOptional };

const POSITION_COLUMNS: ColumnConfig[] = [
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

const PENDING_ORDER_COLUMNS: ColumnConfig[] = [
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
    userSettingsState: structuredClone(DEFAULT_USER_SETTINGS),
    orderConfig: {
      productType: DEFAULT_PRODUCT_TYPE,
      index: DEFAULT_INDEX,
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
      marketProtection: { ...DEFAULT_MARKET_PROTECTION },
      icebergOrder: false,
      tradingKeysEnabled: true,
      exitChaseReprices: null,
    },
    marketOrderState: {
      quantity: DEFAULT_QUANTITY,
      multiplier: DEFAULT_MULTIPLIER,
      presetTargetAndSl: false,
      orderCategory: null,
      target: 0,
      stopLoss: 0,
    },
    followUpTradesState: {
      followUpEnabled: FOLLOW_UP_DEFAULTS.followUpEnabled,
      waitForFillConfirmation: FOLLOW_UP_DEFAULTS.waitForFillConfirmation,
      trades: {
        buyCall: followUpTrade('buyCall', 'buy'),
        sellCall: followUpTrade('sellCall', 'sell'),
        buyPut: followUpTrade('buyPut', 'buy'),
        sellPut: followUpTrade('sellPut', 'sell'),
      },
    },
    stopLossOrderState: {
      quantity: DEFAULT_QUANTITY,
      multiplier: DEFAULT_MULTIPLIER,
      slPoints: DEFAULT_SL_POINTS,
      // Off: the card's quantity is sent. Set, the size comes from the risk and the SL points.
      riskPerTrade: null,
      autoSLTrail: {
        enabled: false,
        ...DEFAULT_TRAIL_PARAMS[DEFAULT_TRAILING_HANDLER],
        trailingHandler: DEFAULT_TRAILING_HANDLER,
      },
      disasterStopPoints: null,
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
    keyMap: { ...DEFAULT_KEY_MAP },
    strikeLadder: { collapsed: false, strikesEachSide: 5 },
    priceLadder: { collapsed: true, autoReprice: 0 },
  };
}
