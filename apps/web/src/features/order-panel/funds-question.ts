import { getIndex, type IndexName } from '@xtrader/core/market/indices';
import { buyCostBeyondFunds, maxQuantityPerOrder, sliceByFreeze } from '@xtrader/core/orders/quantity-rules';
import { create } from 'zustand';
import type { BuiltOrder } from './build-order';

/**
 * An order held back until the trader confirms or cancels it: a buy costing more than the available funds, or,
 * while no live price can check it, one the exchange's freeze limit would split into several orders.
 */
export type FundsQuestion = { built: BuiltOrder; awaitsFill: boolean } & (
  | { reason: 'funds'; cost: number; available: number }
  | { reason: 'unpriced'; orders: number }
);

type QuestionInput = {
  built: BuiltOrder;
  awaitsFill: boolean;
  index: IndexName;
  lotSize: number | null;
  /** The price the order would trade near, undefined before the first tick. */
  price: number | undefined;
  /** Available funds as last fetched, undefined when unknown. */
  available: number | undefined;
};

/** The question an order raises before it may be sent, or null when it can go at once. */
export function questionFor(input: QuestionInput): FundsQuestion | null {
  const { built, awaitsFill, price, available } = input;
  const { quantity, transactionType } = built.body;
  if (price === undefined) {
    const perOrder = maxQuantityPerOrder(input.lotSize ?? 0, getIndex(input.index).freezeQty);
    if (quantity <= perOrder) return null;
    const orders = sliceByFreeze(quantity, input.lotSize ?? 0, getIndex(input.index).freezeQty).length;
    return { built, awaitsFill, reason: 'unpriced', orders };
  }
  const cost = transactionType === 'buy' ? buyCostBeyondFunds(quantity, price, available) : undefined;
  return cost === undefined || available === undefined
    ? null
    : { built, awaitsFill, reason: 'funds', cost, available };
}

export const useFundsQuestion = create<{ question: FundsQuestion | null }>(() => ({ question: null }));

export const askAboutFunds = (question: FundsQuestion) => useFundsQuestion.setState({ question });
export const dropFundsQuestion = () => useFundsQuestion.setState({ question: null });
