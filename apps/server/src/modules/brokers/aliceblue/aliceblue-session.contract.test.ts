import { describeBrokerSessionContract } from '../../../../test/contracts/broker-session';
import { createAliceBlueFixture } from '../../../../test/fakes/aliceblue';

// The one broker-session contract, on AliceBlue's adapter against its fake open-api.

describeBrokerSessionContract('AliceBlue on its fake', async () => {
  const f = await createAliceBlueFixture();
  const { session } = await f.loggedIn();
  return {
    session,
    restingBuy: (clientOrderId, quantity) =>
      f.command({ clientOrderId, quantity, orderType: 'limit', price: 90 }),
    async fillAtLimit(brokerOrderId) {
      f.alice.fill(brokerOrderId, 90);
    },
    loseNextAnswer: () => f.alice.loseNextAnswer(),
    endSession: async () => f.alice.expireSessions(),
    close: () => f.close(),
  };
});
