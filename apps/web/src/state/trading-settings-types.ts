import type { UserSettings } from '@xtrader/core/api/settings';
import type { IndexName } from '@xtrader/core/market/indices';
import type { ProductType, TrailingHandler } from '@xtrader/core/orders/types';
import type { KeyMap } from './key-map';

// Shapes of the client-side trading settings persisted in localStorage (schema
// version V6). Server-side records have their own contracts in @xtrader/core.

/** The preset a market or stop-loss order carries: bracket (target + SL) or cover (SL only). */
export type PresetOrderCategory = 'bracket' | 'cover';
export type FollowUpKey = 'buyCall' | 'sellCall' | 'buyPut' | 'sellPut';
export type OrderTableTab = 'positions' | 'openOrders' | 'executedOrders';
type MarketProtection = { enabled: boolean; percentage: number };

/** Mirror of the server-side user settings (PUT /auth/editUserSetting). */
export type UserSettingsState = UserSettings;

export type OrderConfig = {
  productType: ProductType;
  index: IndexName;
  expiry: string;
  callStrike: number | null;
  putStrike: number | null;
  callTradingSymbol: string;
  callIdentifier: string;
  callInternalToken: string;
  putTradingSymbol: string;
  putIdentifier: string;
  putInternalToken: string;
  /** Unknown until an instrument of the chosen index and expiry is fetched. */
  lotSize: number | null;
  marketProtection: MarketProtection;
  icebergOrder: boolean;
  /**
   * The one switch for every trading key (arrows, Shift + arrows). Kept in this browser with the cards: the
   * keyboard belongs to the workstation, and a trader sharing a laptop turns it off there, not everywhere.
   */
  tradingKeysEnabled: boolean;
  /**
   * Exit chaser for the exits the trader fires (exit keys, a row's Exit): re-prices before going marketable. Null or
   * absent (settings saved before it existed): off, exits go at market as before.
   */
  exitChaseReprices?: number | null;
};

export type MarketOrderState = {
  quantity: number;
  multiplier: number;
  presetTargetAndSl: boolean;
  orderCategory: PresetOrderCategory | null;
  target: number;
  stopLoss: number;
};

type AutoSLTrail = {
  enabled: boolean;
  priceChange: number;
  slChange: number;
  trailingHandler: TrailingHandler;
};

export type StopLossOrderState = MarketOrderState & {
  slPoints: number;
  /** Rupees one trade may lose at its stop: when set, lots = floor(risk / (SL points x lot size)) replace Qty. */
  riskPerTrade: number | null;
  autoSLTrail: AutoSLTrail;
  /**
   * Hybrid stop: with Local trailing, a disaster stop-loss also rests at the broker this many points beyond the
   * local trigger. Null or absent (settings saved before it existed): off.
   */
  disasterStopPoints?: number | null;
};

export type FollowUpInstrument = {
  index: IndexName;
  tradingSymbol: string;
  identifier: string;
  expiry: string;
  lotSize: number;
};

export type FollowUpTrade = {
  key: FollowUpKey;
  isEnabled: boolean;
  /** Null until chosen; the follow-up panel then defaults it to the nearest BANKNIFTY call or put. */
  instrument: FollowUpInstrument | null;
  action: 'buy' | 'sell';
  multiplier: number;
};

export type FollowUpTradesState = {
  followUpEnabled: boolean;
  waitForFillConfirmation: boolean;
  trades: Record<FollowUpKey, FollowUpTrade>;
};

export type ColumnConfig<K extends string = string> = {
  key: K;
  label: string;
  visible: boolean;
  /** Optional columns can be hidden by the user; the others always show. */
  isOptional: boolean;
  style?: { minWidth?: number; align?: 'left' | 'right' | 'center' };
};

type OrderTableState = {
  selectedTab: OrderTableTab;
  positions: {
    showOnlyNonZeroPositions: boolean;
    showDeltaRelativeToNifty: boolean;
    columns: ColumnConfig[];
  };
  pendingOrders: { columns: ColumnConfig[] };
};

export type TradingSettings = {
  userSettingsState: UserSettingsState;
  orderConfig: OrderConfig;
  marketOrderState: MarketOrderState;
  followUpTradesState: FollowUpTradesState;
  stopLossOrderState: StopLossOrderState;
  orderTableState: OrderTableState;
  /** The trading keys, remappable in User Settings -> Keys (`key-map.ts`). */
  keyMap: KeyMap;
  /** The strike ladder beside the order cards. */
  strikeLadder: StrikeLadderState;
  /** One-click limit entries at the touch on the market card. */
  priceLadder: PriceLadderState;
};

export type StrikeLadderState = {
  /** Collapsed, the ladder keeps only its header row (small screens keep the positions table in view). */
  collapsed: boolean;
  /** Strikes shown each side of the at-the-money one. */
  strikesEachSide: number;
};

export type PriceLadderState = {
  /** Collapsed (the default), the card keeps one header line: it does not push the positions table down. */
  collapsed: boolean;
  /**
   * How many times a resting ladder limit is moved to the new best price when the touch moves away from it
   * (0 = never). Done in this browser while the dashboard is open.
   */
  autoReprice: number;
};
