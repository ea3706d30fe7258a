import { create } from 'zustand';

type OrderActivity = {
  /** Order requests on the wire. */
  placing: number;
  /** Orders accepted by the server whose execution has not been notified yet. */
  awaitingExecution: number;
  requestSent: () => void;
  requestSettled: (accepted: boolean) => void;
  /** An order_executed / order_failed notification arrived (SPEC section 4: it clears the pending state). */
  executionNotified: () => void;
};

/** What the order panel shows while orders are in flight. */
export const useOrderActivity = create<OrderActivity>((set) => ({
  placing: 0,
  awaitingExecution: 0,
  requestSent: () => set((s) => ({ placing: s.placing + 1 })),
  requestSettled: (accepted) =>
    set((s) => ({
      placing: Math.max(0, s.placing - 1),
      awaitingExecution: s.awaitingExecution + (accepted ? 1 : 0),
    })),
  executionNotified: () => set({ awaitingExecution: 0 }),
}));
