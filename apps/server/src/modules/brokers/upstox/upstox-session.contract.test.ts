import { describeBrokerSessionContract } from '../../../../test/contracts/broker-session';
import { createUpstoxFixture, NIFTY_CALL } from '../../../../test/fakes/upstox';

// The shared broker-session contract on the Upstox adapter, against the fake Upstox.

describeBrokerSessionContract('Upstox on its fake', async () => {
  const f = await createUpstoxFixture();
  const { session } = await f.loggedIn();
  return {
    session,
    restingBuy: (clientOrderId, quantity) => ({
      clientOrderId,
      tradingSymbol: NIFTY_CALL.tradingsymbol,
      internalToken: NIFTY_CALL.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity,
      product: 'normal',
      orderType: 'limit',
      price: 90,
    }),
    async fillAtLimit(brokerOrderId) {
      f.upstox.fill(brokerOrderId, 90);
    },
    loseNextAnswer: () => f.upstox.loseNextAnswer(),
    endSession: async () => f.upstox.expireSessions(),
    close: () => f.close(),
  };
});
