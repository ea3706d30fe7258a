import { afterEach, describe, expect, it } from 'vitest';
import { createDhanFixture, type DhanFixture } from '../../../../test/fakes/dhan';
import { optionRecord } from '../../../../test/helpers/fake-instruments';
import type { BrokerSession, PlaceOrderCommand } from '../broker';

// Orders carry the security id of Dhan's scrip master; a contract it does not list is refused before anything is
// sent, and the order book still reads when the master cannot be downloaded.

let f: DhanFixture;
afterEach(() => f.close());

const buy = (tradingSymbol: string): PlaceOrderCommand => ({
  clientOrderId: 'XTINSTR00001',
  tradingSymbol,
  internalToken: '1',
  exchange: 'NFO',
  side: 'buy',
  quantity: 65,
  product: 'intraday',
  orderType: 'limit',
  price: 90,
});

describe('Dhan instruments', () => {
  it("sends the listed contract's security id and refuses an unlisted one without sending it", async () => {
    f = await createDhanFixture();
    const session = (await f.plugin.sessionFor(await f.loggedInUser())) as BrokerSession;
    expect(await session.placeOrder(buy(f.call.tradingsymbol))).toMatchObject({ ok: true });
    expect(f.fake.orders()).toEqual([expect.objectContaining({ instrumentId: f.securityId })]);
    const unlisted = optionRecord('NIFTY', '2026-12-01', 26050, 'PE');
    expect(await session.placeOrder(buy(unlisted.tradingsymbol))).toEqual({
      ok: false,
      code: 'rejected',
      reason: `Dhan does not list ${unlisted.tradingsymbol}`,
    });
    expect(f.fake.orders()).toHaveLength(1);
  });

  it("reads the order book under Dhan's symbol when the scrip master cannot be downloaded", async () => {
    f = await createDhanFixture();
    f.fake.scripMasterDown = true;
    const userId = await f.loggedInUser();
    const session = (await f.plugin.sessionFor(userId)) as BrokerSession;
    expect(await session.placeOrder(buy(f.call.tradingsymbol))).toMatchObject({ ok: false, code: 'network' });
    expect(f.fake.orders()).toEqual([]);
    // An order placed elsewhere (Dhan's own app) is in the book all the same.
    const token = (await f.vault.get(userId, 'dhan'))?.secrets.accessToken as string;
    const placed = await fetch(`${f.fake.baseUrl}/v2/orders`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        dhanClientId: f.fake.ownerClientId,
        transactionType: 'BUY',
        exchangeSegment: 'NSE_FNO',
        productType: 'INTRADAY',
        orderType: 'LIMIT',
        validity: 'DAY',
        securityId: f.securityId,
        quantity: 65,
        price: 90,
      }),
    });
    expect(placed.status).toBe(200);
    expect(await session.listOrders()).toEqual([
      expect.objectContaining({ tradingSymbol: 'NIFTY-Dec2026-26000-CE', status: 'open', quantity: 65 }),
    ]);
  });
});
