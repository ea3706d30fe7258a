import { describeBrokerSessionContract } from '../../../../test/contracts/broker-session';
import { createFyersFixture } from '../../../../test/fakes/fyers/fyers-fixture';
import type { BrokerSession } from '../broker';

// The one broker-session contract on the Fyers adapter, against its fake.

describeBrokerSessionContract('Fyers on its fake', async () => {
  const f = await createFyersFixture();
  const userId = await f.loggedInUser();
  return {
    session: (await f.plugin.sessionFor(userId)) as BrokerSession,
    restingBuy: (clientOrderId, quantity) => ({
      clientOrderId,
      tradingSymbol: f.call.tradingsymbol,
      internalToken: f.call.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity,
      product: 'normal',
      orderType: 'limit',
      price: 90,
    }),
    async fillAtLimit(brokerOrderId) {
      f.fyers.fill(brokerOrderId, f.fyers.book.get(brokerOrderId)?.limitPrice ?? 90);
    },
    loseNextAnswer: () => f.fyers.loseNextAnswer(),
    endSession: async () => f.fyers.expireSessions(),
    close: () => f.close(),
  };
});
