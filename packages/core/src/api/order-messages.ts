import type { OrderType } from '../orders/types';

// The success texts of the order endpoints, word for word: the server answers with them and the web app shows the
// same words when it raises its own toast.

export const ORDER_SUCCESS = {
  placed: 'Order placed successfully.',
  modified: 'Order modification triggered!',
  cancelAll: 'Cancel all orders triggered!',
  cancelMultiple: 'Multiple order cancellation triggered!',
  modifyMultiple: 'Multiple order modification triggered',
  trailParamsUpdated: 'Trailing parameters updated.',
  trailingStarted: 'Success : Trailing started !',
  trailingStopped: 'Success : Trailing stopped !',
  exitTriggered: 'Exit position triggered!',
  exitAllTriggered: 'Exit all positions triggered!',
} as const;

const TYPE_LABEL: Record<OrderType, string> = { market: 'Market', limit: 'Limit', stoploss: 'Stoploss' };

/** '{Type} order cancellation triggered!', e.g. 'Stoploss order cancellation triggered!'. */
export const cancelledMessage = (orderType: OrderType): string =>
  `${TYPE_LABEL[orderType]} order cancellation triggered!`;
