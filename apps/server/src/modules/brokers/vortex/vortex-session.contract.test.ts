import { describeBrokerSessionContract } from '../../../../test/contracts/broker-session';
import { createVortexFixture } from '../../../../test/fakes/vortex';

// The one broker-session contract on Rupeezy's adapter, against its fake (order updates by polling).

describeBrokerSessionContract('Rupeezy on its fake', async () => {
  const f = await createVortexFixture();
  const { session } = await f.loggedInUser();
  const call = f.niftyCall;
  return {
    session,
    restingBuy: (clientOrderId, quantity) => ({
      clientOrderId,
      tradingSymbol: call.tradingsymbol,
      internalToken: call.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity,
      product: 'normal',
      orderType: 'limit',
      price: 90,
    }),
    async fillAtLimit(brokerOrderId) {
      f.vortex.fill(brokerOrderId, f.vortex.book.get(brokerOrderId)?.order_price ?? 0);
    },
    loseNextAnswer: () => f.vortex.loseNextAnswer(),
    endSession: async () => f.vortex.expireSessions(),
    close: () => f.close(),
  };
});
