import { performance } from 'node:perf_hooks';
import { DEFAULT_PROFIT_PROTECTION } from '@xtrader/core/api/profit-protection';
import type { BrokerSession } from '../../apps/server/src/modules/brokers/broker';
import { createPaperStack, type PaperStack } from '../../apps/server/src/modules/risk/testing/paper-stack';
import { optionRecord } from '../../apps/server/test/helpers/fake-instruments';

// Kill switch latency: one Practice Mode user with 50 open intraday positions and 100 open orders; one scripted
// tick takes the intraday MTM through the max loss. Measured from just before that tick is published to (a) every
// exit order acknowledged by the paper broker and (b) every position flat. The baseline is the bare broker: the
// same 50 exits sent straight to the paper session from a tick handler (no monitor, no order manager, no cancels).
// Usage: node --import tsx bench/kill-switch/index.ts [runs=20]

const POSITIONS = 50;
const LOT = 65;
const ENTRY = 100;
const runs = Number(process.argv[2] ?? 20);

interface Timings {
  acked: number;
  flat: number;
}

/** Times each exit acknowledgement of the user whose exits are being watched. */
const ackClock = { watching: '', start: 0, acks: 0, onAllAcked: (_ms: number) => {} };
const wrapSession = (session: BrokerSession): BrokerSession => ({
  ...session,
  async placeOrder(cmd) {
    const ack = await session.placeOrder(cmd);
    if (session.userId === ackClock.watching && ack.ok && ++ackClock.acks === POSITIONS) {
      ackClock.onAllAcked(performance.now() - ackClock.start);
    }
    return ack;
  },
});

const contracts = Array.from({ length: POSITIONS }, (_, i) =>
  optionRecord('NIFTY', '2026-11-24', 20_000 + i * 50, 'CE'),
);

/** A user holding 50 intraday longs at 100, with a resting stop-loss and a resting bid per position. */
async function openBook(stack: PaperStack): Promise<string> {
  const userId = await stack.addUser();
  for (const contract of contracts) {
    await stack.place(userId, { internalToken: contract.internalToken, quantity: LOT });
  }
  for (const contract of contracts) {
    // A protective stop-loss and a bid far below the market: both rest until cancelled.
    const order = { internalToken: contract.internalToken, quantity: LOT } as const;
    await stack.place(userId, { ...order, transactionType: 'sell', orderType: 'stoploss', triggerPrice: 5 });
    await stack.place(userId, { ...order, orderType: 'limit', triggerPrice: 1 });
  }
  await stack.idle();
  const open = (await stack.orders.service.listOrders(userId)).openOrders.length;
  const held = (await stack.paper.exchange.sessionFor(userId).positions()).filter(
    (p) => p.quantity !== 0,
  ).length;
  if (open !== 2 * POSITIONS || held !== POSITIONS)
    throw new Error(`setup: ${held} positions, ${open} orders`);
  return userId;
}

const waitFlat = (stack: PaperStack, userId: string, start: number) =>
  new Promise<number>((resolve) => {
    const session = stack.paper.exchange.sessionFor(userId);
    const unsubscribe = session.onOrderUpdate(() => {
      void session.positions().then((positions) => {
        if (positions.every((p) => p.quantity === 0)) {
          unsubscribe();
          resolve(performance.now() - start);
        }
      });
    });
  });

const crashPrices = (price: number) => Object.fromEntries(contracts.map((c) => [c.tradingsymbol, price]));

/** One kill: protection on with max loss just below the MTM, then the tick that crosses it. */
async function killRun(stack: PaperStack): Promise<Timings> {
  stack.paper.market.push('practice', crashPrices(ENTRY));
  const userId = await openBook(stack);
  await stack.risk.service.update(userId, {
    ...DEFAULT_PROFIT_PROTECTION,
    profitProtectionEnabled: true,
    targetProfit: 1_000_000,
    maxLoss: -1000,
  });
  await stack.idle();
  const acked = new Promise<number>((resolve) =>
    Object.assign(ackClock, { watching: userId, acks: 0, onAllAcked: resolve }),
  );
  ackClock.start = performance.now();
  const flat = waitFlat(stack, userId, ackClock.start);
  stack.paper.market.push('practice', crashPrices(ENTRY - 1)); // MTM -3,250: through the max loss
  const timings = { acked: await acked, flat: await flat };
  await stack.idle();
  ackClock.watching = '';
  return timings;
}

/** The bare broker: the same tick handled by sending the 50 exits straight to the paper session. */
async function baselineRun(stack: PaperStack): Promise<Timings> {
  stack.paper.market.push('practice', crashPrices(ENTRY));
  const userId = await openBook(stack);
  const session = stack.paper.exchange.sessionFor(userId);
  let sent = false;
  let ackedAt = 0;
  let start = 0;
  const acked = new Promise<number>((resolve) => {
    const off = stack.paper.market.onQuotes('practice', () => {
      if (sent) return;
      sent = true;
      off();
      const exits = session.positions().then((positions) =>
        Promise.all(
          positions.map((p, i) =>
            session.placeOrder({
              clientOrderId: `base${i}`,
              tradingSymbol: p.tradingSymbol,
              internalToken: p.internalToken,
              exchange: 'NFO',
              side: 'sell',
              quantity: p.quantity,
              product: 'intraday',
              orderType: 'market',
            }),
          ),
        ),
      );
      void exits.then(() => {
        ackedAt = performance.now() - start;
        resolve(ackedAt);
      });
    });
  });
  start = performance.now();
  const flat = waitFlat(stack, userId, start);
  stack.paper.market.push('practice', crashPrices(ENTRY - 1));
  const timings = { acked: await acked, flat: await flat };
  await stack.idle();
  return timings;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function measure(label: string, run: (stack: PaperStack) => Promise<Timings>): Promise<Timings[]> {
  const stack = await createPaperStack({ wrapSession });
  for (const contract of contracts) stack.paper.instruments.add(contract);
  const results: Timings[] = [];
  try {
    await run(stack); // warm-up
    for (let i = 0; i < runs; i += 1) results.push(await run(stack));
  } finally {
    await stack.close();
  }
  const acked = results.map((r) => r.acked);
  const flat = results.map((r) => r.flat);
  console.log(
    `${label.padEnd(28)} exits acked p50 ${ms(percentile(acked, 50))}  p99 ${ms(percentile(acked, 99))}   ` +
      `all flat p50 ${ms(percentile(flat, 50))}  p99 ${ms(percentile(flat, 99))}`,
  );
  return results;
}

async function main() {
  // The engine's own timers are unref'd, as a server's background timers are; a server's listening socket keeps it
  // alive, and this keeps the benchmark alive while a run waits on them.
  const keepAlive = setInterval(() => {}, 1000);
  console.log(
    `kill switch: ${POSITIONS} intraday positions, ${2 * POSITIONS} open orders, ${runs} runs (+1 warm-up)`,
  );
  const bare = await measure('bare broker (baseline)', baselineRun);
  const kill = await measure('profit protection kill', killRun);
  const p99 = (r: Timings[], k: keyof Timings) =>
    percentile(
      r.map((x) => x[k]),
      99,
    );
  console.log(
    `ratio to baseline (p99): acked x${(p99(kill, 'acked') / p99(bare, 'acked')).toFixed(1)}, ` +
      `flat x${(p99(kill, 'flat') / p99(bare, 'flat')).toFixed(1)}`,
  );
  console.log(
    `target: all exits acknowledged within 50 ms p99 -> ${p99(kill, 'acked') <= 50 ? 'met' : 'NOT met'}`,
  );
  clearInterval(keepAlive);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
