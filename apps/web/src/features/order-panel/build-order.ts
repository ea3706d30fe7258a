import type { FollowUpMetaInput } from '@xtrader/core/api/follow-up';
import type { PlaceOrderInput } from '@xtrader/core/api/orders';
import { exchangeForIndex, getIndex } from '@xtrader/core/market/indices';
import { ORDER_MESSAGES } from '@xtrader/core/orders/constants';
import {
  clampMarketProtection,
  defaultStopLossTrigger,
  marketProtectionPrice,
  orderTypeFor,
} from '@xtrader/core/orders/price-rules';
import {
  aboveRequestCapMessage,
  followUpQuantity,
  maxQuantityPerOrder,
  maxQuantityPerRequest,
  roundQuantityToLots,
} from '@xtrader/core/orders/quantity-rules';
import { type RiskSizing, riskSizedLots } from '@xtrader/core/orders/risk-sizing';
import type {
  FollowUpTradesState,
  MarketOrderState,
  OrderConfig,
  StopLossOrderState,
} from '../../state/trading-settings-types';
import { followUpKeyFor, type OrderIntent } from './order-intent';

export type BuildOrderInput = {
  intent: OrderIntent;
  orderConfig: OrderConfig;
  marketOrderState: MarketOrderState;
  stopLossOrderState: StopLossOrderState;
  followUpTradesState: FollowUpTradesState;
  /** Live price of the chosen option, undefined until the first tick. */
  ltp: number | undefined;
};

export type BuiltOrder = {
  body: PlaceOrderInput;
  iceberg: boolean;
  tradingSymbol: string;
  identifier: string;
};
export type BuildOrderResult =
  | ({ ok: true } & BuiltOrder)
  | { ok: false; message: string; description?: string };

const PLACE_ORDER_FAILED = 'Place order failed!';

type Preset = Pick<MarketOrderState, 'presetTargetAndSl' | 'orderCategory' | 'target' | 'stopLoss'>;

/** A preset target and stop-loss turns a single order into a bracket (oco) or a cover order. */
function presetFields(
  preset: Preset,
): Pick<PlaceOrderInput, 'orderCategory' | 'ocoOrderStoploss' | 'ocoOrderTarget'> {
  if (!preset.presetTargetAndSl || preset.orderCategory === null) return { orderCategory: 'single' };
  if (preset.orderCategory === 'cover') return { orderCategory: 'cover', ocoOrderStoploss: preset.stopLoss };
  return { orderCategory: 'oco', ocoOrderStoploss: preset.stopLoss, ocoOrderTarget: preset.target };
}

const presetIsValid = (preset: Preset): boolean => {
  const fields = presetFields(preset);
  return [fields.ocoOrderStoploss, fields.ocoOrderTarget].every((v) => v === undefined || v >= 0.05);
};

/**
 * The follow-up trade riding on a market order, when follow-up is on and its row is enabled: core's
 * `followUpMetaSchema`, the schema the server checks it with. The row knows its instrument by trading symbol.
 */
function followUpFields(
  input: BuildOrderInput,
  quantity: number,
): Pick<PlaceOrderInput, 'metaData' | 'tradeConfirmation'> {
  const { followUpTradesState: state, intent, orderConfig } = input;
  const trade = state.trades[followUpKeyFor(intent)];
  if (!state.followUpEnabled || !trade.isEnabled || trade.instrument === null) return {};
  // Scaled from the whole main order (multiplier included): the follow-up mirrors what was actually traded.
  const followQuantity = followUpQuantity(
    quantity,
    orderConfig.lotSize,
    trade.instrument.lotSize,
    trade.multiplier,
  );
  if (followQuantity <= 0) return {};
  return {
    tradeConfirmation: state.waitForFillConfirmation,
    metaData: {
      followUp: {
        key: trade.key,
        index: trade.instrument.index,
        tradingSymbol: trade.instrument.tradingSymbol,
        identifier: trade.instrument.identifier,
        expiry: trade.instrument.expiry,
        transactionType: trade.action,
        quantity: followQuantity,
        multiplier: trade.multiplier,
      } satisfies FollowUpMetaInput,
    },
  };
}

/**
 * Risk-first size of a stop-loss card order when the trader set a risk per trade (core's rule; freeze slicing still
 * applies to the result); undefined for the market card or when no risk is set.
 */
export function stopLossRiskSizing(
  input: Pick<BuildOrderInput, 'intent' | 'orderConfig' | 'stopLossOrderState'>,
): RiskSizing | undefined {
  const { riskPerTrade, slPoints } = input.stopLossOrderState;
  const { lotSize } = input.orderConfig;
  if (input.intent.card !== 'stopLoss' || riskPerTrade === null || lotSize === null) return undefined;
  return riskSizedLots(riskPerTrade, slPoints, lotSize);
}

/**
 * The POST /order body for one key press or button click, built from the persisted settings and the live price
 * with the core rules (lot rounding, market-protection price, default stop-loss trigger). Pure: no I/O, so the
 * request can leave within the same frame as the key press.
 */
export function buildOrder(input: BuildOrderInput): BuildOrderResult {
  const { intent, orderConfig: config } = input;
  const card = intent.card === 'market' ? input.marketOrderState : input.stopLossOrderState;
  const isCall = intent.optionType === 'CE';
  const internalToken = isCall ? config.callInternalToken : config.putInternalToken;
  const tradingSymbol = isCall ? config.callTradingSymbol : config.putTradingSymbol;
  const identifier = isCall ? config.callIdentifier : config.putIdentifier;
  if (!(card.quantity > 0)) return { ok: false, message: ORDER_MESSAGES.quantityNotPositive };
  if (!internalToken)
    return {
      ok: false,
      message: PLACE_ORDER_FAILED,
      description: `Select a ${intent.optionType} strike first`,
    };
  if (!presetIsValid(card)) return { ok: false, message: ORDER_MESSAGES.invalidPrice };
  const sized = stopLossRiskSizing(input);
  if (sized && !sized.ok) return { ok: false, message: PLACE_ORDER_FAILED, description: sized.message };
  const quantity = sized
    ? sized.quantity
    : roundQuantityToLots(card.quantity, config.lotSize, card.multiplier);
  // The server refuses more freeze slices than one order may carry (they go out together); say so before sending.
  // An iceberg's legs go one by one and have their own limits.
  const { freezeQty } = getIndex(config.index);
  if (!config.icebergOrder && quantity > maxQuantityPerRequest(config.lotSize, freezeQty)) {
    const perSlice = maxQuantityPerOrder(config.lotSize, freezeQty);
    return {
      ok: false,
      message: PLACE_ORDER_FAILED,
      description: aboveRequestCapMessage(quantity, config.index, perSlice),
    };
  }
  const base = {
    exchange: exchangeForIndex(config.index),
    internalToken,
    quantity,
    slice: 0 as const,
    transactionType: intent.side,
    validity: 'day' as const,
    variety: 'regular' as const,
    product: config.productType,
    ocoOrderUnit: 'points' as const,
    ...presetFields(card),
  };
  const built = (body: PlaceOrderInput): BuildOrderResult => ({
    ok: true,
    body,
    iceberg: config.icebergOrder,
    tradingSymbol,
    identifier,
  });
  const noPrice = {
    ok: false as const,
    message: PLACE_ORDER_FAILED,
    description: `No live price for ${tradingSymbol} yet`,
  };

  if (intent.card === 'stopLoss') {
    if (input.ltp === undefined) return noPrice;
    const { slPoints, autoSLTrail, disasterStopPoints } = input.stopLossOrderState;
    const local = autoSLTrail.enabled && autoSLTrail.trailingHandler === 'local';
    return built({
      ...base,
      orderType: 'stoploss',
      triggerPrice: defaultStopLossTrigger(input.ltp, intent.side, slPoints),
      trailingEnabled: autoSLTrail.enabled,
      brokerTrailing: autoSLTrail.trailingHandler === 'broker',
      ...(autoSLTrail.enabled
        ? { changeInPrice: autoSLTrail.priceChange, changeInSL: autoSLTrail.slChange }
        : {}),
      // Hybrid stop: only a Local stop has a disaster stop at the broker behind it.
      ...(local && disasterStopPoints ? { hybridStopPoints: disasterStopPoints } : {}),
    });
  }
  const protection = config.marketProtection;
  const orderType = orderTypeFor({ marketProtection: protection.enabled });
  if (orderType === 'limit' && input.ltp === undefined) return noPrice;
  const triggerPrice =
    orderType === 'limit' && input.ltp !== undefined
      ? marketProtectionPrice(input.ltp, intent.side, clampMarketProtection(protection.percentage))
      : undefined;
  return built({
    ...base,
    orderType,
    ...(triggerPrice === undefined ? {} : { triggerPrice }),
    trailingEnabled: false,
    ...followUpFields(input, quantity),
  });
}
