import { expect, test } from '@playwright/test';
import { call, openTab, practiceTrader, releasePinnedPrices } from './dashboard-support';

// Order states reach the table over the live socket (`orders` frames), not only by the orders poll.

type Instrument = { tradingsymbol: string; internalToken: string; lot_size: number; exchange: 'NFO' | 'BFO' };

test.describe.configure({ timeout: 120_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

test('an order placed elsewhere shows in the open orders at once, announced over the socket', async ({
  page,
  request,
}) => {
  const orderFrames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      const text = String(frame.payload);
      if (text.includes('"channel":"orders"')) orderFrames.push(text);
    }),
  );
  const { token, pin } = await practiceTrader(page, request, 'wsorders');
  const { call: option } = await call<{ call: Instrument }>(
    request,
    token,
    'GET',
    '/instruments/fetchLatestOptionOfIndex?name=NIFTY&segment=indices',
  );
  await pin(option.tradingsymbol, 100);
  await openTab(page, 'Open Orders');
  // Let the tab's first fetch settle, so the row below can only come from the socket's update (the fallback poll
  // runs every 20 s while the socket is open).
  await page.waitForLoadState('networkidle');

  // Placed through the API, as another tab or device would: this page's own order actions play no part.
  const { orderId } = await call<{ orderId: string }>(request, token, 'POST', '/order', {
    exchange: option.exchange,
    internalToken: option.internalToken,
    quantity: option.lot_size,
    transactionType: 'buy',
    product: 'MIS',
    orderType: 'limit',
    triggerPrice: 1,
  });
  await expect.poll(() => orderFrames.some((frame) => frame.includes(orderId))).toBe(true);
  await expect(page.locator(`tr[data-order-id="${orderId}"]`)).toBeVisible({ timeout: 4_000 });
});
