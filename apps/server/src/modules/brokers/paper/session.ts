import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { fromPaise, roundMoney } from '@xtrader/core/orders/price-rules';
import type { BrokerCapabilities, BrokerMargin, BrokerPosition, BrokerSession } from '../broker';
import { perSecond } from '../live-kit/pacer';
import { cancelRestingOrder, modifyOrder, placeOrder } from './commands';
import type { ExchangeCore } from './exchange-core';
import { accountFunds, toBrokerMargin } from './funds';
import { toSnapshot } from './paper-order';
import { averageOpenPricePaise } from './positions';

/**
 * The paper exchange trails stop-losses itself; icebergs are left to the order manager (as with brokers that
 * lack them). It has no real rate limit, so the engine need not throttle.
 */
export const PAPER_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: true,
  nativeIceberg: false,
  rateLimits: perSecond(1000),
});

/**
 * What a session works on: the shared exchange's state and its day rollover, which every call checks first (a new
 * day's first call carries the positions over before it touches them).
 */
export interface PaperDesk {
  core: ExchangeCore;
  rollover: { check(): Promise<void> | undefined };
}

/**
 * The day's positions of the user (closed ones too: they carry the day's realised P&L), at the delayed LTP.
 * Buy and sell figures are the day's: a position carried from an earlier day counts from the previous close
 * (rollover.ts); `averagePrice` stays the average cost of the open quantity.
 */
function positionsOf(core: ExchangeCore, userId: string): BrokerPosition[] {
  const account = core.accounts.get(userId);
  if (!account) return [];
  return [...account.positions.values()].map((p) => ({
    tradingSymbol: p.tradingSymbol,
    internalToken: p.internalToken,
    product: p.product,
    quantity: p.netQuantity,
    buyQuantity: p.buyQuantity,
    sellQuantity: p.sellQuantity,
    buyValue: fromPaise(p.buyValuePaise),
    sellValue: fromPaise(p.sellValuePaise),
    lastTradedPrice:
      core.prices.ltp(p.userId, p.tradingSymbol) ?? roundMoney(fromPaise(averageOpenPricePaise(p))),
    averagePrice: roundMoney(fromPaise(averageOpenPricePaise(p))),
    charges: fromPaise(p.chargesPaise),
  }));
}

function marginOf(core: ExchangeCore, userId: string): BrokerMargin {
  const account = core.accounts.get(userId);
  if (!account) {
    const capital = roundMoney(core.settings.capital);
    return { total: capital, available: capital, utilized: 0, charges: 0 };
  }
  return toBrokerMargin(accountFunds(account, core.pricingOf(account.userId)));
}

/** One Practice Mode user's session on the shared paper exchange: every call goes straight to the exchange state. */
export function createPaperSession({ core, rollover }: PaperDesk, userId: string): BrokerSession {
  return {
    brokerId: PRACTICE_BROKER_ID,
    userId,
    capabilities: PAPER_CAPABILITIES,
    placeOrder(cmd) {
      rollover.check();
      return placeOrder(core, userId, cmd);
    },
    modifyOrder(brokerOrderId, cmd) {
      rollover.check();
      return modifyOrder(core, userId, brokerOrderId, cmd);
    },
    cancelOrder(brokerOrderId) {
      rollover.check();
      return cancelRestingOrder(core, userId, brokerOrderId);
    },
    async listOrders() {
      await core.writes.idle();
      return (await core.store.listOrders(userId)).map(toSnapshot);
    },
    async positions() {
      rollover.check();
      return positionsOf(core, userId);
    },
    async margin() {
      rollover.check();
      return marginOf(core, userId);
    },
    onOrderUpdate: (handler) => core.events.subscribe(userId, handler),
  };
}
