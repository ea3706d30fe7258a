import { create } from 'zustand';

type OrderActivity = {
  /** Order requests on the wire. */
  placing: number;
  /** Orders accepted by the server whose execution has not been notified yet. */
  awaitingExecution: number;
  /** How many execution notifications have arrived so far. */
  notifications: number;
  /** A request left; returns the notification count at that moment, for `requestSettled`. */
  requestSent: () => number;
  /**
   * The server answered. An accepted order that should fill at once (`awaitsExecution`) awaits its execution,
   * unless a notification already arrived while the request was on the wire (the paper exchange can fill before
   * the HTTP answer is read).
   */
  requestSettled: (awaitsExecution: boolean, notificationsWhenSent: number) => void;
  /** An order_executed / order_failed notification arrived (it clears the pending state). */
  executionNotified: () => void;
};

/** What the order panel shows while orders are in flight. */
export const useOrderActivity = create<OrderActivity>((set, get) => ({
  placing: 0,
  awaitingExecution: 0,
  notifications: 0,
  requestSent: () => {
    set((s) => ({ placing: s.placing + 1 }));
    return get().notifications;
  },
  requestSettled: (awaitsExecution, notificationsWhenSent) =>
    set((s) => ({
      placing: Math.max(0, s.placing - 1),
      awaitingExecution:
        s.awaitingExecution + (awaitsExecution && s.notifications === notificationsWhenSent ? 1 : 0),
    })),
  executionNotified: () => set((s) => ({ awaitingExecution: 0, notifications: s.notifications + 1 })),
}));
