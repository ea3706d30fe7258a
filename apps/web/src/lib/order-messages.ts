/** Fallback titles of failed actions, shown when the server sends no message. */
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
