import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrdersResponse } from '@xtrader/core/api/orders';
import { afterAll, expect, it } from 'vitest';
import { loadProbeSettings } from '../../src/config';
import { FakeKite } from '../fakes/kite';
import { allOrders, brokerNet, type PlacedFamily, reconciliationProblems } from './support/family-invariants';
import { type Contract, indexContracts, type KiteTrader, kiteEnv, kiteTrader } from './support/kite-traders';
import { pick, probeSeed, seededRandom } from './support/random';
import { type ServerChild, startServerChild } from './support/server-child';

// Crash points: the server (a child process on a SQLite data folder) is killed with SIGKILL at a random moment
// while bracket, cover, trailing, follow-up and kill-switch workflows are under way against a fake Kite that
// lives in this process (its books survive the crash), then started again on the same data. Once it settles:
// every order it acknowledged is still there, no order is at the broker twice or unknown to the server, every
// order agrees with the broker, every filled bracket/cover has its working exit or is flat, every filled
// follow-up main order has its follow-up, and every armed kill switch flattened its position (never beyond).
// Each workflow started before a kill is one crash point (killed at a random phase of it).
// XT_PROBE_CRASH_CYCLES=80 (about 1,000 crash points) for a longer run by hand; XT_PROBE_SEED replays a run.

const CYCLES = loadProbeSettings().crashCycles;
const TRADERS = 3;
const SETTLE_MS = 30_000;
const seed = probeSeed();
const random = seededRandom(seed);

interface Trader extends KiteTrader {
  acknowledged: Set<string>;
  families: PlacedFamily[];
}
interface KillSwitchTrader extends Trader {
  armed: boolean;
}

let kite: FakeKite | undefined;
let server: ServerChild | undefined;
let dataDir: string | undefined;
let passed = false;

afterAll(async () => {
  await server?.stop();
  await kite?.close();
  // A failed run keeps the server's data (SQLite file, server.log) for a look by hand.
  if (dataDir && passed) rmSync(dataDir, { recursive: true, force: true });
  else if (dataDir) console.log(`crash probe data kept in ${dataDir}`);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a server killed at random points of its workflows restarts with every family reconciled', async () => {
  kite = await FakeKite.start({ heartbeatMs: 1000, marketTickMs: 500 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'xt-probe-crash-'));
  server = await startServerChild(dataDir, kiteEnv(kite, dataDir));
  const fake = kite;
  const traders: Trader[] = [];
  for (let i = 0; i < TRADERS; i += 1) {
    traders.push({
      ...(await kiteTrader(fake, server.baseUrl, 'crash')),
      acknowledged: new Set(),
      families: [],
    });
  }
  const first = traders[0]!.client;
  const nifty = (await indexContracts(fake, first, 'NIFTY')).call;
  const bank = (await indexContracts(fake, first, 'BANKNIFTY')).call;
  const put = (await indexContracts(fake, first, 'NIFTY')).put;
  // The market as the probe set it: the fake Kite's last prices and the server's pinned prices (pins live in the
  // server's memory, so they are set again after every restart).
  const pins = new Map<string, number>();
  const setMarket = async (symbol: string, price: number, atKite = true) => {
    if (atKite) fake.setPrice(symbol, price);
    pins.set(symbol, price);
    await first.call('POST', '/dev/market/price', { symbol, price }).catch(() => undefined);
  };
  await setMarket(nifty.tradingsymbol, 100);
  await setMarket(put.tradingsymbol, 100);
  await setMarket(bank.tradingsymbol, 100);

  const killSwitchTraders: KillSwitchTrader[] = [];
  let crashPoints = 0;

  const place = async (trader: Trader, body: object, kind?: PlacedFamily['kind']) => {
    const answer = await trader.client
      .call<{ orderId: string; orderIds: string[] }>('POST', '/order', body)
      .catch(() => undefined);
    if (answer?.status !== 200) return;
    for (const id of [answer.data.orderId, ...answer.data.orderIds]) trader.acknowledged.add(id);
    if (kind) trader.families.push({ rootId: answer.data.orderId, kind });
  };
  const buy = (contract: Contract) => ({
    exchange: contract.exchange,
    internalToken: contract.internalToken,
    quantity: contract.lot_size,
    transactionType: 'buy',
    product: 'MIS',
    orderType: 'market',
  });
  const workflows: Record<string, (t: Trader) => Promise<void>> = {
    bracket: (t) =>
      place(t, { ...buy(nifty), orderCategory: 'oco', ocoOrderStoploss: 10, ocoOrderTarget: 10 }, 'bracket'),
    cover: (t) => place(t, { ...buy(nifty), orderCategory: 'cover', ocoOrderStoploss: 8 }, 'cover'),
    trailing: (t) => {
      const local = random() < 0.5;
      return place(
        t,
        {
          ...buy(nifty),
          orderCategory: 'oco',
          ocoOrderStoploss: 6,
          ocoOrderTarget: 15,
          trailingEnabled: true,
          brokerTrailing: !local,
          changeInPrice: local ? 1 : 5,
          changeInSL: 1,
        },
        'bracket',
      );
    },
    followUp: (t) =>
      place(
        t,
        {
          ...buy(nifty),
          tradeConfirmation: random() < 0.5,
          metaData: { followUp: { internalToken: put.internalToken, transactionType: 'buy' } },
        },
        'follow-up',
      ),
  };
  const killSwitch = async (t: KillSwitchTrader) => {
    await place(t, buy(bank));
    const armed = await t.client
      .call('PUT', '/profit-protection', {
        profitProtectionEnabled: true,
        targetProfit: 1_000_000,
        maxLoss: -100,
        profitTrailingEnabled: false,
        profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 500 },
        marketProtection: 0.05,
      })
      .catch(() => undefined);
    if (armed?.status !== 200) return;
    t.armed = true;
    // The price falls through the max loss at Kite: a linked trader's profit protection watches their own ticker.
    await setMarket(bank.tradingsymbol, 60);
  };

  const check = async () => {
    const problems: string[] = [];
    for (const t of [...traders, ...killSwitchTraders]) {
      const lists = await t.client.ok<OrdersResponse>('GET', '/portfolio/orders');
      const broker = [...fake.book(t.kiteUserId).orders.values()];
      for (const p of reconciliationProblems({ ...t, server: allOrders(lists), broker }))
        problems.push(`${t.kiteUserId}: ${p}`);
      if ('armed' in t) {
        const net = brokerNet(broker, bank.tradingsymbol);
        if (net < 0) problems.push(`${t.kiteUserId}: the kill switch sold ${-net} more than the position`);
        if (t.armed && net !== 0) problems.push(`${t.kiteUserId}: the kill switch left ${net} open`);
      }
    }
    return problems;
  };
  const settle = async (cycle: number) => {
    const deadline = Date.now() + SETTLE_MS;
    let problems = await check().catch((e: Error) => [e.message]);
    while (problems.length > 0 && Date.now() < deadline) {
      await pause(250);
      problems = await check().catch((e: Error) => [e.message]);
    }
    expect(problems, `after crash ${cycle} (seed ${seed})`).toEqual([]);
  };

  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    const ks: KillSwitchTrader = {
      ...(await kiteTrader(fake, server.baseUrl, 'kill')),
      acknowledged: new Set(),
      families: [],
      armed: false,
    };
    killSwitchTraders.push(ks);
    await setMarket(bank.tradingsymbol, 100);
    const killAfter = 100 + random() * 1400;
    const started: Promise<void>[] = [];
    const startAt = (ms: number, run: () => Promise<void>) => {
      crashPoints += 1;
      started.push(
        pause(ms)
          .then(run)
          .catch(() => undefined),
      );
    };
    for (const t of traders) {
      for (let n = 0; n < 4; n += 1) {
        const name = pick(random, Object.keys(workflows));
        startAt(random() * killAfter, () => workflows[name]!(t));
      }
    }
    startAt(random() * killAfter, () => killSwitch(ks));
    // The market moves meanwhile: legs fill, stops trail or fire.
    for (let n = 0; n < 3; n += 1) {
      const price = pick(random, [100, 104, 96, 111, 89, 107]);
      started.push(pause(random() * killAfter).then(() => setMarket(nifty.tradingsymbol, price)));
    }
    await pause(killAfter);
    await server.kill();
    await Promise.all(started);
    server = await startServerChild(dataDir, kiteEnv(fake, dataDir));
    for (const t of [...traders, ...killSwitchTraders]) t.client.baseUrl = server.baseUrl;
    for (const [symbol, price] of pins) await first.call('POST', '/dev/market/price', { symbol, price });
    await settle(cycle);
  }
  passed = true;
  const all = [...traders, ...killSwitchTraders];
  const acknowledged = all.reduce((n, t) => n + t.acknowledged.size, 0);
  const atBroker = all.reduce((n, t) => n + fake.book(t.kiteUserId).orders.size, 0);
  const armed = killSwitchTraders.filter((t) => t.armed).length;
  console.log(
    `[probe] crash points: ${crashPoints} workflows killed at random points, over ${CYCLES} SIGKILLs (seed ${seed}); ` +
      `${acknowledged} orders acknowledged, ${atBroker} at the broker, ${armed} kill switches armed`,
  );
}, 600_000);
