import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createZerodhaFixture, eventually, type ZerodhaFixture } from '../../../../test/fakes/kite';
import { DomainError } from '../../../domain-error';

// Contract: login URL, request-token exchange with the checksum, the user's broker link, postbacks, token expiry.

let f: ZerodhaFixture;
beforeEach(async () => {
  f = await createZerodhaFixture();
});
afterEach(async () => f.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('Zerodha login', () => {
  it('answers "cannot find credentials" until the user adds an API key and secret', async () => {
    const userId = await f.addUser();
    await expect(f.service.loginUrl(userId)).rejects.toMatchObject({
      code: 'missing_credentials',
      message: 'cannot find credentials',
    });
    await f.service.saveCredentials(userId, f.app.apiKey, f.app.apiSecret);
    const url = new URL(await f.service.loginUrl(userId));
    expect(`${url.origin}${url.pathname}`).toBe(f.kite.loginUrl);
    expect(url.searchParams.get('v')).toBe('3');
    expect(url.searchParams.get('api_key')).toBe(f.app.apiKey);
  });

  it('exchanges the request token with sha256(api_key + request_token + api_secret) and links the account', async () => {
    const userId = await f.addUser();
    await f.service.saveCredentials(userId, f.app.apiKey, f.app.apiSecret);
    const requestToken = f.kite.issueRequestToken(f.app.apiKey, 'ZX9876');
    expect(await f.service.completeLogin(userId, requestToken)).toEqual({ clientId: 'ZX9876' });
    const exchange = f.kite.requests.find((r) => r.path === '/session/token');
    expect(exchange?.form).toMatchObject({
      api_key: f.app.apiKey,
      request_token: requestToken,
      checksum: sha256(f.app.apiKey + requestToken + f.app.apiSecret),
    });
    expect(f.links.get(userId)).toEqual({ broker: 'ZERODHA', clientId: 'ZX9876' });
    const status = await f.service.status(userId);
    expect(status).toMatchObject({ clientId: 'ZX9876', state: 'connected' });
    expect(status.expiresAt).toBeGreaterThan(f.clock.now());
    const raw = await f.store.db.selectFrom('brokerAccounts').select('secrets').executeTakeFirstOrThrow();
    expect(raw.secrets).not.toContain(f.app.apiSecret);
    await eventually(async () => expect((await f.service.status(userId)).updates).toBe('connected'));
  });

  it('refuses a request token exchanged with the wrong secret, with a clear message', async () => {
    const userId = await f.addUser();
    await f.service.saveCredentials(userId, f.app.apiKey, 'not-the-secret');
    const error = await f.service
      .completeLogin(userId, f.kite.issueRequestToken(f.app.apiKey))
      .catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('broker_login_failed');
    expect(error.message).toMatch(/^Zerodha login failed: /);
    expect(error.message).not.toContain('not-the-secret');
    expect(f.links.has(userId)).toBe(false);
  });
});

describe('Zerodha postbacks', () => {
  const postback = (orderId: string, secret: string, clientId = 'AB1234') => {
    const order_timestamp = '2026-11-23 09:31:00';
    return {
      user_id: clientId,
      app_id: 1,
      order_id: orderId,
      order_timestamp,
      checksum: sha256(orderId + order_timestamp + secret),
      status: 'COMPLETE',
      tradingsymbol: 'NIFTY26D0126000CE',
      exchange: 'NFO',
      transaction_type: 'BUY',
      order_type: 'LIMIT',
      product: 'NRML',
      quantity: 65,
      filled_quantity: 65,
      average_price: 100,
      price: 100,
      tag: 'XT0123456789',
    };
  };

  it('delivers a postback whose checksum matches the account secret', async () => {
    const userId = await f.loggedInUser();
    const updates = await f.updatesOf(userId);
    await f.service.acceptPostback(postback('9001', f.app.apiSecret));
    expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']);
    expect(updates[0]).toMatchObject({ userId, brokerOrderId: '9001', clientOrderId: 'XT0123456789' });
  });

  it('refuses a forged postback and one for an unknown client', async () => {
    const userId = await f.loggedInUser();
    const updates = await f.updatesOf(userId);
    await expect(f.service.acceptPostback(postback('9002', 'guessed-secret'))).rejects.toMatchObject({
      code: 'forged_postback',
    });
    await expect(f.service.acceptPostback(postback('9003', f.app.apiSecret, 'NOBODY'))).rejects.toMatchObject(
      {
        code: 'forged_postback',
      },
    );
    await expect(f.service.acceptPostback({ hello: 'world' })).rejects.toMatchObject({
      code: 'bad_postback',
    });
    expect(updates).toEqual([]);
  });
});

describe('Zerodha token expiry', () => {
  it('shows the broker as expired when Kite refuses the token, and orders fail with a clear message', async () => {
    const userId = await f.loggedInUser();
    const session = await f.service.sessionFor(userId);
    f.kite.expireSessions();
    const ack = await session?.placeOrder({
      clientOrderId: 'XT0000000001',
      tradingSymbol: 'NIFTY26D0126000CE',
      internalToken: '12073986',
      exchange: 'NFO',
      side: 'buy',
      quantity: 65,
      product: 'normal',
      orderType: 'limit',
      price: 100,
    });
    expect(ack).toEqual({
      ok: false,
      code: 'token_expired',
      reason: 'Zerodha session expired. Log in with Zerodha again to trade.',
    });
    await eventually(async () => expect((await f.service.status(userId)).state).toBe('expired'));
    expect(f.statusChanges).toContain(userId);
  });

  it('expires the session at 06:00 IST without asking Kite', async () => {
    const userId = await f.loggedInUser();
    const { expiresAt } = await f.service.status(userId);
    f.clock.set((expiresAt ?? 0) + 1);
    const requestsBefore = f.kite.requests.length;
    await expect((await f.service.sessionFor(userId))?.positions()).rejects.toMatchObject({
      code: 'token_expired',
    });
    expect(f.kite.requests.length).toBe(requestsBefore);
    expect((await f.service.status(userId)).state).toBe('expired');
  });

  it('treats a ticker refused at the upgrade (403) as an expired session', async () => {
    const userId = await f.loggedInUser();
    await eventually(async () => expect((await f.service.status(userId)).updates).toBe('connected'));
    f.kite.expireSessions();
    await eventually(async () => expect((await f.service.status(userId)).state).toBe('expired'));
  });
});
