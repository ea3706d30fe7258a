import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import { createPaperStack, type PaperStack } from './testing/paper-stack';
import { BASE_SETTINGS } from './testing/risk-harness';

const DAY_MS = 86_400_000;

// Profit protection acts on today's Intraday MTM: yesterday's realised profit must neither hide today's loss
// nor count towards today's target.
describeEachStore('profit protection after the paper day rollover', (store) => {
  let s: PaperStack;
  let userId: string;
  let ce: { tradingsymbol: string; internalToken: string };

  const prices = (values: Record<string, number>) => s.paper.market.push('practice', values);

  beforeEach(async () => {
    s = await createPaperStack({ store, kill: { settleTimeoutMs: 500, retryBackoffMs: 5 } });
    ce = s.paper.contracts.niftyCe;
    userId = await s.addUser();
    // Yesterday: one MIS lot bought at 100 and sold at 180 (at the ask 100.05 and the bid 179.95), Rs 5,193.50 made.
    prices({ [ce.tradingsymbol]: 100 });
    await s.place(userId, { internalToken: ce.internalToken });
    prices({ [ce.tradingsymbol]: 180 });
    await s.place(userId, { internalToken: ce.internalToken, transactionType: 'sell' });
    await s.idle();
    s.paper.clock.advance(DAY_MS);
  });
  afterEach(() => s.close());

  it("fires today's max loss on today's trades alone", async () => {
    await s.risk.service.update(userId, { ...BASE_SETTINGS, maxLoss: -1300, targetProfit: 100_000 });
    await s.place(userId, { internalToken: ce.internalToken });
    await s.idle();
    // Today: bought at 180.05, so -1,303.25 at 160 (yesterday's +5,193.50 no longer offsets it).
    prices({ [ce.tradingsymbol]: 160 });
    await s.idle();
    const status = await s.risk.service.get(userId);
    expect(status.lastTrigger).toMatchObject({ trigger: 'max_loss_hit', mtm: -1303.25 });
    const today = await s.paper.exchange.sessionFor(userId).positions();
    // Squared off at the bid, 159.95.
    expect(today).toMatchObject([{ quantity: 0, buyValue: 11_703.25, sellValue: 10_396.75 }]);
    // The money made yesterday stays in the funds (5,193.50 - today's 1,306.50), less the charges of the four
    // orders: 26.50 + 46.45 + 28.80 + 43.91 = 145.66.
    expect((await s.paper.exchange.sessionFor(userId).margin()).total).toBe(1_003_741.34);
  });
});
