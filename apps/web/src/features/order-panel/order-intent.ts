import type { TransactionType } from '@xtrader/core/orders/types';
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

/**
 * The keyboard map: up buys CE, down buys PE, left sells CE, right sells PE; with Shift the
 * stop-loss card's order, without it the market card's.
 */
const ARROWS: Readonly<Record<string, Pick<OrderIntent, 'optionType' | 'side'>>> = {
  ArrowUp: { optionType: 'CE', side: 'buy' },
  ArrowDown: { optionType: 'PE', side: 'buy' },
  ArrowLeft: { optionType: 'CE', side: 'sell' },
  ArrowRight: { optionType: 'PE', side: 'sell' },
};

export function intentForKey(key: string, shiftKey: boolean): OrderIntent | undefined {
  const arrow = ARROWS[key];
  return arrow ? { ...arrow, card: shiftKey ? 'stopLoss' : 'market' } : undefined;
}

/** 'Buy CE', 'Sell PE', ... */
export const intentLabel = ({ optionType, side }: Pick<OrderIntent, 'optionType' | 'side'>): string =>
  `${side === 'buy' ? 'Buy' : 'Sell'} ${optionType}`;
