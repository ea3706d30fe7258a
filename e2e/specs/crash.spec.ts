import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { loginViaApi, signupViaApi, uniqueAccount } from '../support/accounts';
import { API, call } from '../support/api';
import { type ServerHandle, startServer } from '../support/server-process';

// "A crash loses no acknowledged order": a dedicated server takes Practice Mode orders from several clients at
// once and is killed (SIGKILL, nothing flushed) in the middle of them. Restarted on the same data, it must hold
// every order it answered 200 for, in the state it answered, and positions must equal the fills it holds.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CLIENTS = 6;
const ACKS_BEFORE_KILL = 40;

type Instrument = { tradingsymbol: string; internalToken: string; lot_size: number; exchange: 'NFO' | 'BFO' };
type ListedOrder = { orderId: string; transactionType: string; quantity: number };
type Orders = Record<'openOrders' | 'executedOrders' | 'rejectedOrders' | 'cancelledOrders', ListedOrder[]>;
type Position = { tradingSymbol: string; productType: string; quantity: number };

let dataDir: string;
let server: ServerHandle | undefined;
let api: APIRequestContext | undefined;

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a server killed in the middle of placing orders keeps every order it acknowledged', async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'xtrader-e2e-crash-'));
  server = await startServer({ repoRoot, dataDir });
  api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  const account = uniqueAccount('crash');
  const token = await signupViaApi(api, account);
  await call(api, token, 'POST', '/broker/papertrading/start');
  const { call: option } = await call<{ call: Instrument }>(
    api,
    token,
    'GET',
    '/instruments/fetchLatestOptionOfIndex?name=NIFTY&segment=indices',
  );
  await call(api, token, 'POST', '/dev/market/price', { symbol: option.tradingsymbol, price: 100 });
  const order = (kind: 'rest' | 'fill') => ({
    exchange: option.exchange,
    internalToken: option.internalToken,
    quantity: option.lot_size,
    transactionType: 'buy',
    product: 'MIS',
    // Resting: a limit far below the market stays open. Filling: a market order fills at once.
    ...(kind === 'rest' ? { orderType: 'limit', triggerPrice: 1 } : { orderType: 'market' }),
  });

  // Clients place back to back, half resting and half filling, and note each order the server answered 200 for.
  const acknowledged = new Map<string, 'rest' | 'fill'>();
  let crashed = false;
  let reachedKillPoint: () => void = () => {};
  const killPoint = new Promise<void>((resolve) => {
    reachedKillPoint = resolve;
  });
  const client = async (n: number) => {
    const session = await playwrightRequest.newContext({ baseURL: server?.baseUrl });
    for (let i = 0; !crashed; i += 1) {
      const kind = (n + i) % 2 === 0 ? 'rest' : 'fill';
      try {
        const response = await session.post(`${API}/order`, {
          headers: { authorization: token },
          data: order(kind),
          timeout: 10_000,
        });
        if (response.ok()) {
          const { data } = (await response.json()) as { data: { orderId: string } };
          acknowledged.set(data.orderId, kind);
          if (acknowledged.size >= ACKS_BEFORE_KILL) reachedKillPoint();
        }
      } catch {
        // The server died under this request: its outcome is unknown to the client, so nothing is claimed.
      }
    }
    await session.dispose();
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await killPoint;
  await server.kill();
  crashed = true;
  await Promise.all(clients);
  expect(acknowledged.size).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

  // Restart on the same data; the session store survived too, but log in as a returning user would.
  server = await startServer({ repoRoot, dataDir });
  await api.dispose();
  api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  const again = await loginViaApi(api, account.email, account.password);

  const lists = await call<Orders>(api, again, 'GET', '/portfolio/orders');
  const byId = (list: ListedOrder[]) => new Set(list.map((o) => o.orderId));
  const open = byId(lists.openOrders);
  const executed = byId(lists.executedOrders);
  for (const [id, kind] of acknowledged) {
    // A resting order is still working at the paper exchange; a filled one is complete.
    expect(kind === 'rest' ? open.has(id) : executed.has(id), `${kind} order ${id} after the crash`).toBe(
      true,
    );
  }
  // Positions equal the fills the server holds: every complete buy, one lot each (orders it never answered for
  // may have filled too; they count on both sides).
  const filledLots = lists.executedOrders.filter((o) => o.transactionType === 'buy').length;
  await expect
    .poll(async () => {
      const data = await call<{ positions: { netPosition: Position[] } }>(
        api!,
        again,
        'GET',
        '/portfolio/positions',
      );
      return data.positions.netPosition.find(
        (p) => p.tradingSymbol === option.tradingsymbol && p.productType === 'intraday',
      )?.quantity;
    })
    .toBe(filledLots * option.lot_size);
});
