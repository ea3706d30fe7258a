import { describeBrokerSessionContract } from '../../../../test/contracts/broker-session';
import { createDhanFixture } from '../../../../test/fakes/dhan';
import type { BrokerSession } from '../broker';

// The one broker-session contract on the Dhan adapter, against its fake.

describeBrokerSessionContract('Dhan on its fake', async () => {
  const f = await createDhanFixture();
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
      f.fake.fill(brokerOrderId, f.fake.book.get(brokerOrderId)?.price ?? 0);
    },
    loseNextAnswer: () => f.fake.loseNextAnswer(),
    endSession: async () => f.fake.expireSessions(),
    close: () => f.close(),
  };
});
