// Order actions give audible feedback ("An order-related sound plays on success or failure").
// The sound player is a feature; the app shell plugs it in here at start-up, so this state layer depends on no
// feature and tests run silent.

export type OrderFeedback = {
  /** A key or order button press was taken. */
  click: () => void;
  success: () => void;
  failure: () => void;
};

const silent: OrderFeedback = { click: () => {}, success: () => {}, failure: () => {} };
let current: OrderFeedback = silent;

/** Plugs the cues in; null goes back to silence. */
export function setOrderFeedback(feedback: OrderFeedback | null): void {
  current = feedback ?? silent;
}

export const orderFeedback: OrderFeedback = {
  click: () => current.click(),
  success: () => current.success(),
  failure: () => current.failure(),
};
