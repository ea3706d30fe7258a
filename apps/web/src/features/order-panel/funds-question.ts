import { create } from 'zustand';
import type { BuiltOrder } from './build-order';

/** A buy held back because it costs more than the available funds, until the trader confirms or cancels it. */
export type FundsQuestion = { built: BuiltOrder; awaitsFill: boolean; cost: number; available: number };

export const useFundsQuestion = create<{ question: FundsQuestion | null }>(() => ({ question: null }));

export const askAboutFunds = (question: FundsQuestion) => useFundsQuestion.setState({ question });
export const dropFundsQuestion = () => useFundsQuestion.setState({ question: null });
