import type { TransactionType } from '@xtrader/core/orders/types';
import { actionForKey, type KeyAction, type KeyMap } from '../../state/key-map';
import type { FollowUpKey } from '../../state/trading-settings-types';

export type OptionType = 'CE' | 'PE';
/** Which card's settings an order uses: the market card or the stop-loss card. */
export type OrderCard = 'market' | 'stopLoss';

/**
 * One press of an order button or shortcut: which card, which option, which side, and when (epoch ms of the key
 * event, for the execution journal; a click without it is timed when handled).
 */
export type OrderIntent = {
  card: OrderCard;
  optionType: OptionType;
  side: TransactionType;
  pressedAt?: number;
};

/** The follow-up row that rides along with a market order of this option and side. */
export const followUpKeyFor = ({ optionType, side }: Pick<OrderIntent, 'optionType' | 'side'>): FollowUpKey =>
  `${side}${optionType === 'CE' ? 'Call' : 'Put'}` as FollowUpKey;

/** The four order actions of the key map: which option and side each trades. */
const ORDER_ACTIONS: Partial<Readonly<Record<KeyAction, Pick<OrderIntent, 'optionType' | 'side'>>>> = {
  buyCall: { optionType: 'CE', side: 'buy' },
  buyPut: { optionType: 'PE', side: 'buy' },
  sellCall: { optionType: 'CE', side: 'sell' },
  sellPut: { optionType: 'PE', side: 'sell' },
};

/**
 * The order a key press asks for under the trader's key map (by default up buys CE, down buys PE, left sells CE,
 * right sells PE); with Shift the stop-loss card's order, without it the market card's.
 */
export function intentForKey(
  map: KeyMap,
  event: { key: string; code?: string; shiftKey: boolean },
): OrderIntent | undefined {
  const action = actionForKey(map, event);
  const order = action ? ORDER_ACTIONS[action] : undefined;
  return order ? { ...order, card: event.shiftKey ? 'stopLoss' : 'market' } : undefined;
}

/** The key bound to an order button's option and side (its shortcut hint). */
export const keyForIntent = (
  map: KeyMap,
  { optionType, side }: Pick<OrderIntent, 'optionType' | 'side'>,
): string =>
  map[`${side}${optionType === 'CE' ? 'Call' : 'Put'}` as 'buyCall' | 'buyPut' | 'sellCall' | 'sellPut'];

/** 'Buy CE', 'Sell PE', ... */
export const intentLabel = ({ optionType, side }: Pick<OrderIntent, 'optionType' | 'side'>): string =>
  `${side === 'buy' ? 'Buy' : 'Sell'} ${optionType}`;
