import { afterEach, beforeEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANGEL_CALL, type AngelOneFixture, createAngelOneFixture } from '../../../../test/fakes/angelone';
import { eventually } from '../../../../test/fakes/kite';
import { type OwnPriceStreams, startOwnPriceStreams } from '../../../../test/helpers/own-price-streams';
import type { PriceSources } from '../../market/price-sources';

// Contract: an Angel One user's prices arrive on SmartStream opened with their own session (JWT, API key, client
// code and the feed token of their login in the handshake headers): one LTP subscription per contract however many
// readers watch it; after a dropped socket it reconnects and subscribes everything again; hostile frames change
// nothing; a session without a feed token (linked before it was kept) or one Angel One refuses at the handshake
// ends the source as expired, never simulated.

let f: AngelOneFixture;
let own: OwnPriceStreams | undefined;
let sources: PriceSources;

beforeEach(async () => {
  f = await createAngelOneFixture({ onStatus: (userId) => void own?.streams.refresh('angelone', userId) });
  own = await startOwnPriceStreams({ key: 'angelone', ...f, contracts: [ANGEL_CALL] });
  sources = own.sources;
});
afterEach(async () => {
  await own?.close();
  own = undefined;
  await f.close();
});

const sourceOf = (userId: string) => () => sources.sourceFor(userId, f.plugin.brokerId);

it('streams on the user session, one subscription per contract, and resubscribes after the socket drops', async () => {
  const { userId } = await f.loggedIn('A7654321');
  const source = sourceOf(userId);
  await eventually(() => expect(source().state).toBe('connected'));
  const account = await f.vault.get(userId, 'angelone');
  expect(f.angel.smartStream.handshakes.at(-1)).toEqual({
    authorization: `Bearer ${account?.secrets.accessToken}`,
    apiKey: f.angel.appKey,
    clientCode: 'A7654321',
    feedToken: account?.secrets.feedToken,
  });
  const symbol = ANGEL_CALL.tradingsymbol;
  source().data.retain('socket-1', [symbol]);
  source().data.retain('socket-2', [symbol]);
  f.angel.setPrice(f.token, 88.4);
  await eventually(() => expect(f.angel.smartStream.subscribers(f.token)).toBe(1));
  await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(88.4));
  f.angel.setPrice(f.token, 91.05);
  await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(91.05));

  f.angel.smartStream.dropAll();
  await eventually(() => expect(source().state).toBe('disconnected'));
  await eventually(() => expect(f.angel.smartStream.subscribers(f.token)).toBe(1), 5000);
  expect(source().state).toBe('connected');
  f.angel.setPrice(f.token, 93.5);
  await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(93.5));

  source().data.release('socket-1');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(f.angel.smartStream.subscribers(f.token)).toBe(1);
  source().data.release('socket-2');
  await eventually(() => expect(f.angel.smartStream.subscribers(f.token)).toBe(0));
});

it('keeps streaming through hostile frames (short, garbage, error answers)', async () => {
  const { userId } = await f.loggedIn();
  const source = sourceOf(userId);
  const symbol = ANGEL_CALL.tradingsymbol;
  source().data.retain('socket', [symbol]);
  f.angel.setPrice(f.token, 70);
  await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(70));
  f.angel.smartStream.sendRaw(Buffer.from([1, 2, 3]));
  f.angel.smartStream.sendRaw(Buffer.alloc(379, 0xff));
  f.angel.smartStream.sendRaw('{"errorCode":"E1001","errorMessage":"Invalid Request Payload."}');
  f.angel.smartStream.sendRaw('}{ not json');
  f.angel.setPrice(f.token, 71.5);
  await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(71.5));
  expect(source().state).toBe('connected');
});

it('ends a session linked without a feed token as expired, without opening the socket', async () => {
  const userId = await f.addUser();
  const grant = await f.angel.login(await f.plugin.loginUrl(userId, f.angel.redirectUrl), 'A1234567');
  // As a link made before the feed token was kept: only the JWT (and refresh token) stored.
  await f.plugin.completeLogin(userId, { auth_token: grant.auth_token ?? '', refresh_token: 'r' }, '');
  const source = sourceOf(userId);
  await eventually(() => expect(source().state).toBe('ended'));
  await eventually(async () => expect((await f.vault.get(userId, 'angelone'))?.status).toBe('expired'));
  expect(f.angel.smartStream.handshakes).toHaveLength(0);
  expect(source().id).toBe(`angelone:${userId}`);
});

it('ends the source as expired when Angel One refuses the handshake (HTTP 401)', async () => {
  const { userId } = await f.loggedIn();
  const source = sourceOf(userId);
  await eventually(() => expect(source().state).toBe('connected'));
  f.angel.expireSessions();
  f.angel.smartStream.dropAll();
  await eventually(() => expect(source().state).toBe('ended'), 5000);
  await eventually(async () => expect((await f.vault.get(userId, 'angelone'))?.status).toBe('expired'));
});

it('the fake refuses a wrong feed token with 401 and its reason, and answers ping with pong', async () => {
  const { userId } = await f.loggedIn();
  const account = await f.vault.get(userId, 'angelone');
  const url = `${f.angel.baseUrl.replace('http', 'ws')}/smart-stream`;
  const headers = {
    Authorization: `Bearer ${account?.secrets.accessToken}`,
    'x-api-key': f.angel.appKey,
    'x-client-code': account?.clientId ?? '',
    'x-feed-token': 'not-the-feed-token',
  };
  const refused = await new Promise<{ status?: number; reason?: string | string[] }>((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on('unexpected-response', (_req, res) =>
      resolve({ status: res.statusCode, reason: res.headers['x-error-message'] }),
    );
    socket.on('error', () => {});
  });
  expect(refused).toEqual({ status: 401, reason: 'Invalid Header - Invalid Feed Token' });

  const socket = new WebSocket(url, {
    headers: { ...headers, 'x-feed-token': account?.secrets.feedToken ?? '' },
  });
  const answer = await new Promise<string>((resolve, reject) => {
    socket.on('open', () => socket.send('ping'));
    socket.on('message', (data) => resolve(String(data)));
    socket.on('error', reject);
  });
  socket.terminate();
  expect(answer).toBe('pong');
});
