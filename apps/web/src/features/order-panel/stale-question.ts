import { create } from 'zustand';

/** A market order held back because its contract's prices are stale, until the trader confirms or cancels. */
export type StaleQuestion = {
  /** "Prices are stale: last tick 12 s ago". */
  message: string;
  /** Continues with the order (the next check, then sending). */
  proceed: () => void;
};

export const useStaleQuestion = create<{ question: StaleQuestion | null }>(() => ({ question: null }));

export const askAboutStalePrices = (question: StaleQuestion): void => useStaleQuestion.setState({ question });

export const dropStaleQuestion = (): void => useStaleQuestion.setState({ question: null });
