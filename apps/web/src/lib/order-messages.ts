import { capitalizeMessage, type OrderType } from '@xtrader/core';

/** Fallback titles of failed actions (SPEC section 8), shown when the server sends no message. */
export const FAILURE_TITLES = {
  placeOrder: 'Place order failed!',
  modifyOrder: 'Modify order failed!',
  cancelOrder: 'Cancel order failed!',
  cancelAll: 'Cancel all orders failed!',
  cancelMultiple: 'Cancel orders failed!',
  modifyMultiple: 'Modify multiple orders failed!',
  exitPosition: 'Exit position failed!',
  exitAll: 'Exit positions failed!',
  resetFunds: 'Failed to reset funds',
  reconnect: 'Failed to reconnect to broker',
  settings: 'Update failed, please try again!',
  trailing: 'Please try again!',
} as const;

/** Success toasts of SPEC section 8, word for word. */
export const SUCCESS_MESSAGES = {
  resetFunds: 'Your account funds has been reset!',
  reconnect: 'Reconnected to broker updates successfully!',
  modifyOrder: 'Order modification triggered!',
  cancelAll: 'Cancel all orders triggered!',
  cancelMultiple: 'Multiple order cancellation triggered!',
  modifyMultiple: 'Multiple order modification triggered',
  trailParams: 'Trailing parameters updated.',
  trailingStarted: 'Success : Trailing started !',
  trailingStopped: 'Success : Trailing stopped !',
  settings: 'User settings updated!',
} as const;

/** '{Type} order cancellation triggered!', e.g. 'Stoploss order cancellation triggered!'. */
export const cancellationMessage = (orderType: OrderType): string =>
  `${capitalizeMessage(orderType)} order cancellation triggered!`;

/** The toast of a bulk action some of whose orders were refused: how many, then each order id with its reason. */
export function bulkRefusalToast(
  results: readonly { orderId: string; ok: boolean; message?: string | undefined }[],
): { title: string; description: string } | undefined {
  const refused = results.filter((result) => !result.ok);
  if (refused.length === 0) return undefined;
  return {
    title: `${refused.length} of ${results.length} orders refused`,
    description: refused.map((result) => `${result.orderId}: ${result.message ?? 'refused'}`).join('\n'),
  };
}
