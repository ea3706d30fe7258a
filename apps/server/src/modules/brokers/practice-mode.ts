import { BROKER_MESSAGES } from '@xtrader/core/api/brokers';
import { isBrokerId, PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { DomainError } from '../../domain-error';
import type { ActiveBrokerDirectory } from './links/broker-links';
import type { PaperExchange } from './paper/exchange';

export const PRACTICE_MODE_MESSAGES = {
  started: 'Practice Mode started',
  stopped: 'Practice Mode stopped',
  resetNeedsPracticeMode:
    'Funds can be reset only in Practice Mode. Start Practice Mode to reset your virtual funds.',
  fundsReset: BROKER_MESSAGES.fundsReset,
} as const;

/** Called after a user's paper funds are reset (the order manager clears its records of their paper orders). */
export type FundsResetHandler = (userId: string) => Promise<void>;

export interface PracticeModeDeps {
  brokers: ActiveBrokerDirectory;
  paper: Pick<PaperExchange, 'ensureAccount' | 'previousBroker' | 'setPreviousBroker' | 'resetFunds'>;
}

/** The Practice Mode calls: start, stop, reset funds (reconnect belongs to broker links, links/reconnect.ts). */
export function createPracticeModeService(deps: PracticeModeDeps) {
  const { brokers, paper } = deps;
  const resetHandlers = new Set<FundsResetHandler>();
  /** Called once a user has left Practice Mode (a session replay of theirs ends with it). */
  const stopHandlers = new Set<(userId: string) => Promise<unknown>>();
  /** Checks that may refuse a funds reset (a running session replay does), by throwing a DomainError. */
  const resetChecks = new Set<(userId: string) => void>();

  return {
    /** Switches the user to PAPERTRADE, remembering the live broker to return to; a repeat is harmless. */
    async start(userId: string): Promise<{ activeBroker: string }> {
      const current = await brokers.activeBrokerOf(userId);
      if (current !== PRACTICE_BROKER_ID) {
        await paper.setPreviousBroker(userId, current);
        await brokers.setActiveBroker(userId, PRACTICE_BROKER_ID);
      }
      await paper.ensureAccount(userId);
      return { activeBroker: PRACTICE_BROKER_ID };
    },

    /** Leaves Practice Mode for the live broker the user had before it, or none. */
    async stop(userId: string): Promise<{ activeBroker: string | null }> {
      const current = await brokers.activeBrokerOf(userId);
      if (current !== PRACTICE_BROKER_ID) return { activeBroker: current };
      const remembered = await paper.previousBroker(userId);
      // A remembered broker no longer offered (retired since) leaves the user with none.
      const previous = remembered !== null && isBrokerId(remembered) ? remembered : null;
      await brokers.setActiveBroker(userId, previous);
      await paper.setPreviousBroker(userId, null);
      for (const handler of stopHandlers) await handler(userId);
      return { activeBroker: previous };
    },

    /** Fresh virtual capital, no paper orders or positions; only in Practice Mode. */
    async resetFunds(userId: string): Promise<void> {
      if ((await brokers.activeBrokerOf(userId)) !== PRACTICE_BROKER_ID) {
        throw new DomainError('not_in_practice_mode', PRACTICE_MODE_MESSAGES.resetNeedsPracticeMode);
      }
      for (const check of resetChecks) check(userId);
      await paper.resetFunds(userId);
      for (const handler of resetHandlers) await handler(userId);
    },

    /** Adds a check that runs before a funds reset and refuses it by throwing. */
    checkBeforeReset(check: (userId: string) => void): () => void {
      resetChecks.add(check);
      return () => resetChecks.delete(check);
    },

    onStopped(handler: (userId: string) => Promise<unknown>): () => void {
      stopHandlers.add(handler);
      return () => stopHandlers.delete(handler);
    },

    onFundsReset(handler: FundsResetHandler): () => void {
      resetHandlers.add(handler);
      return () => resetHandlers.delete(handler);
    },
  };
}

export type PracticeModeService = ReturnType<typeof createPracticeModeService>;
